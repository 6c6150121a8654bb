import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button, Flex, Result, Spin, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REDIRECT_DELAYS_MS } from '@subtrans/contract';
import { PublicLayout } from '../../../components/public-layout';
import { usePageMeta } from '../../../lib/page-meta';
import { fetchProfile, setSignedIn } from '../../../lib/session';
import { paths } from '../../../lib/paths';

type Phase = 'progress' | 'waiting' | 'success' | 'failed';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * After an external sign-in the provider sends the browser here. The session cookie was set by
 * the server's callback; wait for it (1 s, then 2 s more), load the profile, and go on.
 */
export default function AuthCallbackPage() {
  usePageMeta('authCallback');
  const { t } = useTranslation();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const providerError = params.get('error');
  const [phase, setPhase] = useState<Phase>(providerError ? 'failed' : 'progress');

  useEffect(() => {
    if (providerError) return;
    let cancelled = false;
    void (async () => {
      for (const wait of REDIRECT_DELAYS_MS.callbackSessionWait) {
        await sleep(wait);
        if (cancelled) return;
        setPhase('waiting');
        const user = await fetchProfile();
        if (cancelled) return;
        if (user) {
          setSignedIn(client, user);
          setPhase('success');
          await sleep(REDIRECT_DELAYS_MS.callback);
          if (!cancelled) void navigate(paths.home, { replace: true });
          return;
        }
      }
      if (!cancelled) setPhase('failed');
    })();
    return () => {
      cancelled = true;
    };
  }, [client, navigate, providerError]);

  return (
    <PublicLayout>
      <Flex justify="center" data-testid={`callback-${phase}`}>
        {phase === 'progress' || phase === 'waiting' ? (
          <Flex vertical align="center" gap={16} style={{ padding: 48 }}>
            <Spin size="large" />
            <Typography.Title level={1} style={{ fontSize: 20 }}>
              {t(phase === 'progress' ? 'auth.callback.progress' : 'auth.callback.waiting')}
            </Typography.Title>
          </Flex>
        ) : null}
        {phase === 'success' ? (
          <Result
            status="success"
            title={<h1 style={{ fontSize: 24 }}>{t('auth.callback.success')}</h1>}
            subTitle={t('auth.callback.successHint')}
            extra={
              <Button type="primary" onClick={() => void navigate(paths.home, { replace: true })}>
                {t('auth.callback.enter')}
              </Button>
            }
          />
        ) : null}
        {phase === 'failed' ? (
          <Result
            status="error"
            title={<h1 style={{ fontSize: 24 }}>{t('auth.callback.failed')}</h1>}
            subTitle={providerError ? t('auth.callback.providerFailed') : t('auth.callback.crossDomain')}
            extra={[
              <Button
                key="retry"
                type="primary"
                data-testid="callback-retry"
                onClick={() => void navigate(paths.login)}
              >
                {t('common.retry')}
              </Button>,
              <Button key="home" data-testid="callback-home" onClick={() => void navigate(paths.home)}>
                {t('common.backHome')}
              </Button>,
            ]}
          />
        ) : null}
      </Flex>
    </PublicLayout>
  );
}
