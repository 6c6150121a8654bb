import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Button, Form, Input, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PublicLayout } from '../../../components/public-layout';
import { CodeField, useCodeSender } from '../../../components/code-field';
import { flashState, type FlashState } from '../../../components/flash-notice';
import { usePageMeta } from '../../../lib/page-meta';
import { resetPassword, sendResetCode } from '../../../lib/account';
import { forgetSession } from '../../../lib/session';
import { rules } from '../../../lib/validation';
import { paths } from '../../../lib/paths';
import { AuthCard } from '../components/auth-card';

interface ResetValues {
  email: string;
  code: string;
  pass: string;
  confirm: string;
}

/**
 * Forgot password (and a first password for an account made by Google or WeChat): a code mailed
 * to the address, then the new password. The page says the same whether or not an account uses
 * the address, as the server answers alike.
 */
export default function ForgotPasswordPage() {
  usePageMeta('forgotPassword');
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetValues>();
  const navigate = useNavigate();
  const client = useQueryClient();
  const prefilled = flashState(useLocation()).email ?? '';
  const codes = useCodeSender(sendResetCode);
  const [sentTo, setSentTo] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    const email = String(form.getFieldValue('email') ?? '').trim();
    await codes.request(email, t('account.forgot.codeSent'));
    setSentTo(email);
  };

  const onFinish = async (values: ResetValues) => {
    setSubmitting(true);
    setError(null);
    const email = values.email.trim();
    try {
      await resetPassword({ email, code: values.code, pass: values.pass });
      // every session of the account ended, this browser's too if it was signed in
      forgetSession(client);
      const state: FlashState = { notice: 'passwordReset', email };
      void navigate(paths.login, { replace: true, state });
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('account.forgot.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout>
      <div style={{ display: 'flex', justifyContent: 'center' }}>
        <AuthCard title={t('account.forgot.title')} subtitle={t('account.forgot.subtitle')}>
          <Link to={paths.login}>
            <ArrowLeftOutlined /> {t('auth.register.backToLogin')}
          </Link>
          <Form
            form={form}
            layout="vertical"
            onFinish={(v) => void onFinish(v)}
            requiredMark={false}
            initialValues={{ email: prefilled }}
            style={{ marginTop: 16 }}
          >
            <Form.Item name="email" label={t('auth.login.email')} rules={rules.email(t)}>
              <Input data-testid="forgot-email" type="email" autoComplete="email" autoFocus={!prefilled} />
            </Form.Item>
            {codes.sent ? (
              <>
                <Alert
                  type="info"
                  showIcon
                  role="status"
                  data-testid="forgot-sent"
                  title={t('account.forgot.sentHint', { email: sentTo })}
                  style={{ marginBottom: 16 }}
                />
                <CodeField
                  testId="forgot"
                  left={codes.left}
                  sending={codes.sending}
                  onSend={() => void send()}
                />
                <Form.Item name="pass" label={t('account.forgot.newPassword')} rules={rules.newPassword(t)}>
                  <Input.Password data-testid="forgot-password" autoComplete="new-password" />
                </Form.Item>
                <Form.Item
                  name="confirm"
                  label={t('account.password.confirm')}
                  dependencies={['pass']}
                  rules={rules.confirmPassword(t, 'pass')}
                >
                  <Input.Password data-testid="forgot-confirm" autoComplete="new-password" />
                </Form.Item>
                {error ? (
                  <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />
                ) : null}
                <Button
                  type="primary"
                  htmlType="submit"
                  block
                  loading={submitting}
                  data-testid="forgot-submit"
                >
                  {t('account.forgot.submit')}
                </Button>
              </>
            ) : (
              <Button
                type="primary"
                block
                loading={codes.sending}
                onClick={() => void form.validateFields(['email']).then(send, () => undefined)}
                data-testid="forgot-send-first"
              >
                {t('auth.register.sendCode')}
              </Button>
            )}
          </Form>
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
            {t('account.forgot.noMail')}
          </Typography.Paragraph>
        </AuthCard>
      </div>
    </PublicLayout>
  );
}
