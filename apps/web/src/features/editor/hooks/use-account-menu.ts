import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useLogout, useSession } from '../../../lib/session';
import { useLatest } from './use-latest';
import { paths } from '../../../lib/paths';

/** The editor header's way out: back to the dashboard, and the user's menu (dashboard, sign out). */
export function useAccountMenu() {
  const navigate = useNavigate();
  const { user } = useSession();
  const logoutRef = useLatest(useLogout());
  // stable callbacks: the header is memoised
  const goBack = useCallback(() => void navigate(paths.dashboard), [navigate]);
  const onUserMenu = useCallback(
    (key: 'dashboard' | 'logout') => {
      if (key === 'dashboard') void navigate(paths.dashboard);
      else
        logoutRef.current.mutate(undefined, {
          onSettled: () => void navigate(paths.login, { replace: true }),
        });
    },
    [logoutRef, navigate],
  );
  return { userName: user?.name, goBack, onUserMenu };
}
