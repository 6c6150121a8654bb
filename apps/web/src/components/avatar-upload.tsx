import { useState } from 'react';
import { App, Avatar, Button, Flex, Typography, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@subtrans/contract';
import { uploadAvatar } from '../lib/account';

const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

/** Picks an image, uploads it through /api/upload and reports the stored URL. */
export function AvatarUpload({ value, onChange }: { value?: string; onChange?: (url: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  return (
    <Flex align="center" gap={16}>
      <Avatar size={56} src={value || undefined} icon={<UserOutlined />} />
      <Flex vertical gap={4}>
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            if (!ACCEPT.split(',').includes(file.type) || file.size > LIMITS.avatarMaxBytes) {
              void message.error(t('profile.avatarHint'));
              return Upload.LIST_IGNORE;
            }
            setBusy(true);
            uploadAvatar(file)
              .then((res) => {
                onChange?.(res.url);
                void message.success(t('profile.avatarUploaded'));
              })
              .catch((e: unknown) => void message.error(e instanceof Error ? e.message : t('profile.failed')))
              .finally(() => setBusy(false));
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy}>
            {t('profile.uploadAvatar')}
          </Button>
        </Upload>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('profile.avatarHint')}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
