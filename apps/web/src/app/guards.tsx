import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Flex, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../features/auth/api/session';

export function Verifying() {
  const { t } = useTranslation();
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={16}
      style={{ minHeight: '60vh' }}
      data-testid="auth-verifying"
    >
      <Spin size="large" />
      <Typography.Text type="secondary">{t('guard.verifying')}</Typography.Text>
    </Flex>
  );
}

/** Where to go back after login: only same-site paths, never another origin. */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return fallback;
  return target;
}

/** Signed-in routes: a visitor goes to /login, keeping where they wanted to go. */
export function RequireAuth() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Verifying />;
  if (!user) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?redirect=${encodeURIComponent(from)}`} replace state={{ from }} />;
  }
  return <Outlet />;
}

/** Manager-only content: others see the SPEC's refusal instead. */
export function RequireManager({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isManager } = useSession();
  if (!isManager) return <Result status="403" title={t('guard.managerOnly')} data-testid="manager-only" />;
  return <>{children}</>;
}
