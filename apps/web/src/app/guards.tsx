import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAccountLanguage } from '../lib/account-language';
import { useSession } from '../lib/session';
import { loginThen } from '../lib/paths';

/** A page's code or data on its way: a spinner (plain CSS, so no page waits for a library to show it). */
export function PageLoading({ label, testId }: { label?: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <div className="pub-page-loading" role="status" data-testid={testId}>
      <span className="pub-spinner" aria-hidden />
      {label ? <span>{label}</span> : <span className="visually-hidden">{t('common.loading')}</span>}
    </div>
  );
}

export function Verifying() {
  const { t } = useTranslation();
  return <PageLoading label={t('guard.verifying')} testId="auth-verifying" />;
}

/**
 * Signed-in routes: a visitor goes to /login, keeping where they wanted to go; a signed-in user's
 * account takes the language chosen on this device.
 */
export function RequireAuth() {
  const { user, isLoading } = useSession();
  useAccountLanguage();
  const location = useLocation();
  if (isLoading) return <Verifying />;
  if (!user) {
    const from = `${location.pathname}${location.search}`;
    return <Navigate to={loginThen(from)} replace state={{ from }} />;
  }
  return <Outlet />;
}
