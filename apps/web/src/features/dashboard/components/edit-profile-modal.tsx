import { useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS, type User } from '@subtrans/contract';
import { rules } from '../../../lib/validation';
import { profileQueryKey, setSignedIn } from '../../../lib/session';
import { updateProfile } from '../../../lib/account';
import { AvatarUpload } from '../../../components/avatar-upload';

export function EditProfileModal({
  user,
  open,
  onClose,
}: {
  user: User;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<{ name: string; pic: string }>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: { name: string; pic: string }) => {
    setSaving(true);
    setError(null);
    try {
      const res = await updateProfile({ name: values.name.trim(), pic: values.pic ?? '' });
      setSignedIn(client, { ...user, name: res.name, pic: res.picture, picture: res.picture });
      await client.invalidateQueries({ queryKey: profileQueryKey });
      void message.success(t('profile.saved'));
      onClose();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('profile.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('profile.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'profile-submit' }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: user.name, pic: user.picture }}
        onFinish={(v) => void onFinish(v)}
        requiredMark={false}
      >
        <Form.Item name="name" label={t('profile.name')} rules={rules.name(t)}>
          <Input data-testid="profile-name" maxLength={LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="pic" label={t('profile.avatar')}>
          <AvatarUpload />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
