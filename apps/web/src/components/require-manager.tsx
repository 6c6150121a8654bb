import { useEffect, type ReactNode } from 'react';
import { App } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';
import { paths } from '../lib/paths';

/** one key: a second refusal (a double effect, a second bookmark) replaces the first toast */
const MESSAGE_KEY = 'manager-only';

/**
 * Manager-only content. SPEC §2: a non-manager is sent to the home view with the message that
 * only administrators may use the function, however they arrived (menu, typed or bookmarked
 * address). The dashboard is where "/" sends a signed-in user; going there directly keeps the
 * antd layout, and with it the message, mounted.
 */
export function RequireManager({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { isManager, isLoading } = useSession();
  const refused = !isLoading && !isManager;
  useEffect(() => {
    if (!refused) return;
    void message.warning({ content: t('guard.managerOnly'), key: MESSAGE_KEY });
    void navigate(paths.dashboard, { replace: true });
  }, [refused, message, navigate, t]);
  if (!isManager) return null;
  return <>{children}</>;
}
