import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../lib/session';

/** Manager-only content: others see the SPEC's refusal instead. */
export function RequireManager({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isManager } = useSession();
  if (!isManager) return <Result status="403" title={t('guard.managerOnly')} data-testid="manager-only" />;
  return <>{children}</>;
}
