import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, App, Button, Form, Input, Space, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@subtrans/contract';
import { PublicLayout } from '../../../components/public-layout';
import { usePageMeta } from '../../../lib/page-meta';
import { registerAccount, sendCode } from '../api/auth';
import { setSignedIn } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';
import { SIMPLE_EMAIL, rules } from '../../../lib/validation';
import { paths } from '../../../lib/paths';

interface RegisterValues {
  email: string;
  name: string;
  pass: string;
  code: string;
}

/** Seconds left before another code may be requested (SPEC: 60 s countdown). */
function useCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  return [left, setLeft] as const;
}

export default function RegisterPage() {
  usePageMeta('register');
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [left, setLeft] = useCountdown();
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSendCode = async () => {
    const email = String(form.getFieldValue('email') ?? '').trim();
    if (!email) return void message.error(t('auth.validation.emailRequired'));
    if (!SIMPLE_EMAIL.test(email)) return void message.error(t('auth.validation.emailInvalid'));
    setSending(true);
    try {
      const res = await sendCode(email);
      setLeft(res.resendAfterSeconds || LIMITS.resendSeconds);
      void message.success(t('auth.register.codeSent'));
    } catch (e) {
      void message.error(e instanceof Error && e.message ? e.message : t('auth.register.sendCodeFailed'));
    } finally {
      setSending(false);
    }
  };

  const onFinish = async (values: RegisterValues) => {
    setSubmitting(true);
    setError(null);
    try {
      const user = await registerAccount({ ...values, email: values.email.trim(), name: values.name.trim() });
      setSignedIn(client, user);
      void message.success(t('auth.register.success'));
      void navigate(paths.home, { replace: true });
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : t('auth.register.failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <PublicLayout>
      <div style={{ display: 'flex', justifyContent: 'center' }}>
        <AuthCard title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
          <Link to={paths.login}>
            <ArrowLeftOutlined /> {t('auth.register.backToLogin')}
          </Link>
          <Form
            form={form}
            layout="vertical"
            onFinish={(v) => void onFinish(v)}
            requiredMark={false}
            style={{ marginTop: 16 }}
          >
            <Form.Item name="email" label={t('auth.login.email')} rules={rules.email(t)}>
              <Input data-testid="register-email" type="email" autoComplete="email" autoFocus />
            </Form.Item>
            <Form.Item name="name" label={t('auth.register.name')} rules={rules.registerName(t)}>
              <Input data-testid="register-name" autoComplete="nickname" maxLength={LIMITS.nameMax} />
            </Form.Item>
            <Form.Item name="pass" label={t('auth.login.password')} rules={rules.loginPassword(t)}>
              <Input.Password data-testid="register-password" autoComplete="new-password" />
            </Form.Item>
            <Form.Item label={t('auth.register.code')} required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="code" noStyle rules={rules.code(t)}>
                  <Input
                    data-testid="register-code"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    maxLength={6}
                    aria-label={t('auth.register.code')}
                  />
                </Form.Item>
                <Button
                  data-testid="register-send-code"
                  onClick={() => void onSendCode()}
                  loading={sending}
                  disabled={left > 0}
                >
                  {left > 0 ? t('auth.register.resendIn', { seconds: left }) : t('auth.register.sendCode')}
                </Button>
              </Space.Compact>
            </Form.Item>
            {error ? (
              <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />
            ) : null}
            <Button type="primary" htmlType="submit" block loading={submitting} data-testid="register-submit">
              {t('auth.register.submit')}
            </Button>
          </Form>
          <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0 }}>
            {t('auth.register.haveAccount')} <Link to={paths.login}>{t('auth.login.submit')}</Link>
          </Typography.Paragraph>
        </AuthCard>
      </div>
    </PublicLayout>
  );
}
