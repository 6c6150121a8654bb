import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@subtrans/contract';
import { PublicLayout } from '../../../components/public-layout';
import { usePageMeta } from '../../../lib/page-meta';
import { registerAccount, sendCode } from '../api/auth';
import { CodeField, useCodeSender } from '../../../components/code-field';
import { setSignedIn } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';
import { rules } from '../../../lib/validation';
import { paths } from '../../../lib/paths';

interface RegisterValues {
  email: string;
  name: string;
  pass: string;
  code: string;
}

export default function RegisterPage() {
  usePageMeta('register');
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const client = useQueryClient();
  const codes = useCodeSender(sendCode);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
            <CodeField
              testId="register"
              left={codes.left}
              sending={codes.sending}
              onSend={() => void codes.request(form.getFieldValue('email'))}
            />
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
