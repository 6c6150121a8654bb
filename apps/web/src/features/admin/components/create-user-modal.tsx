import { useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@subtrans/contract';
import { rules } from '../../../lib/validation';
import { AvatarUpload } from '../../../components/avatar-upload';
import { createUser } from '../api/users';

interface CreateValues {
  email: string;
  name: string;
  pass: string;
  confirmPass: string;
  pic?: string;
}

export function CreateUserModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (v: CreateValues) => {
    setSaving(true);
    setError(null);
    try {
      await createUser({ email: v.email.trim(), name: v.name.trim(), pass: v.pass, pic: v.pic || undefined });
      void message.success(t('admin.created'));
      form.resetFields();
      onCreated();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('admin.createFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('admin.create')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('admin.create')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'create-user-submit' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false}>
        <Form.Item name="email" label={t('admin.email')} rules={rules.email(t)}>
          <Input data-testid="create-email" type="email" autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('admin.name')} rules={rules.name(t)}>
          <Input data-testid="create-name" maxLength={LIMITS.nameMax} />
        </Form.Item>
        <Form.Item name="pass" label={t('admin.password')} rules={rules.adminPassword(t)}>
          <Input.Password data-testid="create-password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPass"
          label={t('admin.confirm')}
          dependencies={['pass']}
          rules={[
            { required: true, message: t('auth.validation.confirmRequired') },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || getFieldValue('pass') === value
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('auth.validation.confirmMismatch'))),
            }),
          ]}
        >
          <Input.Password data-testid="create-confirm" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="pic" label={t('admin.avatar')}>
          <AvatarUpload />
        </Form.Item>
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
