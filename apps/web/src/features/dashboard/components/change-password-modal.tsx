import { useState } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes } from '@subtrans/contract';
import { ApiError } from '../../../lib/api-client';
import { changePassword } from '../../../lib/account';
import { rules } from '../../../lib/validation';

interface Values {
  pass: string;
  newPass: string;
  confirm: string;
}

/** Change password: the current one, the new one twice. The server ends every other session. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    setSaving(true);
    setError(null);
    try {
      await changePassword(values.pass, values.newPass);
      void message.success(t('account.password.changed'), 6);
      onClose();
    } catch (e) {
      const text = e instanceof Error && e.message ? e.message : t('account.password.failed');
      // a wrong current password is said at its field
      if (e instanceof ApiError && e.code === ErrorCodes.CURRENT_PASSWORD_WRONG.code)
        form.setFields([{ name: 'pass', errors: [text] }]);
      else setError(text);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('account.password.changeTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('account.password.changeSubmit')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'change-password-submit' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false}>
        <Form.Item name="pass" label={t('account.password.current')} rules={rules.loginPassword(t)}>
          <Input.Password data-testid="change-password-current" autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item name="newPass" label={t('account.password.new')} rules={rules.newPassword(t)}>
          <Input.Password data-testid="change-password-new" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('account.password.confirm')}
          dependencies={['newPass']}
          rules={rules.confirmPassword(t, 'newPass')}
        >
          <Input.Password data-testid="change-password-confirm" autoComplete="new-password" />
        </Form.Item>
        <Alert type="info" showIcon title={t('account.password.othersSignedOut')} />
        {error ? <Alert type="error" showIcon title={error} role="alert" style={{ marginTop: 16 }} /> : null}
      </Form>
    </Modal>
  );
}
