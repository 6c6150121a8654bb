import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, App, Button, Flex, Form, Input, Tabs, Typography } from 'antd';
import { GoogleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REDIRECT_DELAYS_MS } from '@subtrans/contract';
import { PublicLayout } from '../../../components/public-layout';
import { OriginLink } from '../../../components/origin-link';
import { flashState, type FlashState } from '../../../components/flash-notice';
import { safeRedirect } from '../../../lib/safe-redirect';
import { useSiteConfig } from '../../../lib/site-config';
import { usePageMeta } from '../../../lib/page-meta';
import { emailLogin, googleAuthUrl, wechatLogin } from '../api/auth';
import { setSignedIn } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';
import { rules } from '../../../lib/validation';
import { WechatPanel } from '../components/wechat-panel';
import { paths } from '../../../lib/paths';

type FormState = 'idle' | 'loading' | 'success' | 'error';

function EmailLoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<{ email: string; pass: string }>();
  // after a reset password the address comes along; "forgot password" takes the one typed here
  const given = flashState(useLocation()).email ?? '';
  const typed = Form.useWatch('email', form) ?? given;
  const forgotState: FlashState = { email: typed.trim() };
  const [state, setState] = useState<FormState>('idle');
  const [error, setError] = useState<string | null>(null);

  const onFinish = async (values: { email: string; pass: string }) => {
    setState('loading');
    setError(null);
    try {
      const user = await emailLogin(values.email.trim(), values.pass);
      setSignedIn(client, user);
      setState('success');
      onSignedIn();
    } catch (e) {
      setState('error');
      setError(e instanceof Error && e.message ? e.message : t('auth.login.failed'));
    }
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ email: given }}
      onFinish={(v: { email: string; pass: string }) => void onFinish(v)}
      requiredMark={false}
      disabled={state === 'success'}
    >
      <Form.Item name="email" label={t('auth.login.email')} rules={rules.email(t)}>
        <Input data-testid="login-email" type="email" autoComplete="email" autoFocus={!given} />
      </Form.Item>
      <Form.Item
        name="pass"
        label={t('auth.login.password')}
        rules={rules.loginPassword(t)}
        extra={
          <Link to={paths.forgotPassword} state={forgotState} data-testid="forgot-password-link">
            {t('account.forgot.link')}
          </Link>
        }
      >
        <Input.Password data-testid="login-password" autoComplete="current-password" autoFocus={!!given} />
      </Form.Item>
      {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      {state === 'success' ? (
        <Alert type="success" showIcon title={t('auth.login.success')} style={{ marginBottom: 16 }} />
      ) : null}
      <Button type="primary" htmlType="submit" block loading={state === 'loading'} data-testid="login-submit">
        {t('auth.login.submit')}
      </Button>
    </Form>
  );
}

export default function LoginPage() {
  usePageMeta('login');
  const { t } = useTranslation();
  const site = useSiteConfig();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  // an external sign-in that failed comes back here with ?error=
  const externalError = params.get('error');
  const exchanged = useRef(false);
  const [wechatBusy, setWechatBusy] = useState(false);

  // WeChat sends the user back here with ?code&state: remove them from the address, then exchange
  useEffect(() => {
    const url = new URL(window.location.href);
    const code = url.searchParams.get('code');
    const state = url.searchParams.get('state');
    if (!code || !state || exchanged.current) return;
    exchanged.current = true;
    url.searchParams.delete('code');
    url.searchParams.delete('state');
    window.history.replaceState(window.history.state, '', url);
    setWechatBusy(true);
    wechatLogin(code, state)
      .then((user) => {
        setSignedIn(client, user);
        void message.success(t('auth.login.wechatSuccess'));
        setTimeout(() => void navigate(paths.home, { replace: true }), REDIRECT_DELAYS_MS.login);
      })
      .catch((e: unknown) => {
        setWechatBusy(false);
        void message.error(e instanceof Error && e.message ? e.message : t('auth.login.wechatFailed'));
      });
  }, [client, message, navigate, t]);

  const onSignedIn = () => {
    setTimeout(() => void navigate(redirect, { replace: true }), REDIRECT_DELAYS_MS.login);
  };

  const tabs = [
    {
      key: 'email',
      label: t('auth.login.tabEmail'),
      children: <EmailLoginForm onSignedIn={onSignedIn} />,
    },
    ...(site.googleLogin
      ? [
          {
            key: 'google',
            label: t('auth.login.tabGoogle'),
            children: (
              <Flex vertical gap={12}>
                <Typography.Text type="secondary">{t('auth.login.googleHint')}</Typography.Text>
                <Button
                  icon={<GoogleOutlined />}
                  block
                  data-testid="google-login"
                  onClick={() => window.location.assign(googleAuthUrl(window.location.origin))}
                >
                  {t('auth.login.googleButton')}
                </Button>
              </Flex>
            ),
          },
        ]
      : []),
  ];

  return (
    <PublicLayout>
      <Flex gap={24} justify="center" align="flex-start" wrap>
        <AuthCard title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
          {wechatBusy ? <Alert type="info" showIcon title={t('auth.login.wechatExchanging')} /> : null}
          {externalError ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              data-testid="external-login-error"
              title={t(
                externalError === 'rate_limited' ? 'auth.login.rateLimited' : 'auth.login.externalFailed',
              )}
            />
          ) : null}
          <Tabs items={tabs} />
          <Typography.Paragraph style={{ marginTop: 16 }}>
            {t('auth.login.noAccount')} <Link to={paths.register}>{t('auth.login.toRegister')}</Link>
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 0 }}>
            {t('auth.login.agreePrefix')} <OriginLink to={paths.terms}>{t('footer.terms')}</OriginLink>{' '}
            {t('auth.login.and')} <OriginLink to={paths.privacy}>{t('footer.privacy')}</OriginLink>
          </Typography.Paragraph>
        </AuthCard>
        {site.wechatLogin && site.wechatAppId ? <WechatPanel /> : null}
      </Flex>
    </PublicLayout>
  );
}
