import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useLogout, useSession } from '../../auth/api/session';
import { useLatest } from './use-latest';

/** The editor header's way out: back to the dashboard, and the user's menu (dashboard, sign out). */
export function useAccountMenu() {
  const navigate = useNavigate();
  const { user } = useSession();
  const logoutRef = useLatest(useLogout());
  // stable callbacks: the header is memoised
  const goBack = useCallback(() => void navigate('/dashboard'), [navigate]);
  const onUserMenu = useCallback(
    (key: 'dashboard' | 'logout') => {
      if (key === 'dashboard') void navigate('/dashboard');
      else
        logoutRef.current.mutate(undefined, { onSettled: () => void navigate('/login', { replace: true }) });
    },
    [logoutRef, navigate],
  );
  return { userName: user?.name, goBack, onUserMenu };
}
