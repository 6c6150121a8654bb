import { useState } from 'react';
import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CodeField, useCodeSender } from '../../../components/code-field';
import { sendEmailCode, setEmail } from '../../../lib/account';
import { setSignedIn } from '../../../lib/session';
import { rules } from '../../../lib/validation';

interface Values {
  email: string;
  code: string;
}

/** An email for an account without one (WeChat): the address, a mailed code, saved. */
export function AddEmailModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const codes = useCodeSender(sendEmailCode);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: Values) => {
    setSaving(true);
    setError(null);
    try {
      setSignedIn(client, await setEmail(values.email.trim(), values.code));
      void message.success(t('account.email.saved'));
      onClose();
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('account.email.failed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('account.email.title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'add-email-submit' }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('account.email.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false}>
        <Form.Item name="email" label={t('auth.login.email')} rules={rules.email(t)}>
          <Input data-testid="add-email-email" type="email" autoComplete="email" autoFocus />
        </Form.Item>
        <CodeField
          testId="add-email"
          left={codes.left}
          sending={codes.sending}
          onSend={() => void codes.request(form.getFieldValue('email'))}
        />
        {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      </Form>
    </Modal>
  );
}
