import { useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '@subtrans/contract';
import { POINTS_PER_MINUTE } from '@subtrans/subtitles/cost';
import { usePoints } from '../../../lib/points';
import { STORAGE_KEYS, storage } from '../../../lib/storage';

/**
 * While the sign-up's trial points last and are all the user has: that they are a trial, and
 * what they buy (minutes of subtitles at the price per started minute). Points beyond them (a
 * purchase, a manager's grant) end the trial: the notice goes, in every open tab, as the balance
 * refreshes (issue 34). Closed, it stays closed for this user here.
 */
export function TrialNotice({ user }: { user: User }) {
  const { t } = useTranslation();
  const points = usePoints();
  const [closed, setClosed] = useState(() => storage.get(STORAGE_KEYS.trialNoticeClosed) === String(user.id));
  // shown once the balance is known (a buyer's notice would flash while it loads)
  const beyondTrial = points.isPending || (points.data !== undefined && points.data > user.trialPoints);
  if (user.trialPoints <= 0 || closed || beyondTrial) return null;
  const minutes = Math.floor(user.trialPoints / POINTS_PER_MINUTE);
  return (
    <Alert
      type="info"
      showIcon
      data-testid="trial-notice"
      title={t('account.trial.title', { points: user.trialPoints })}
      description={
        minutes > 0
          ? t('account.trial.buys', { count: minutes, points: POINTS_PER_MINUTE })
          : t('account.trial.little', { points: POINTS_PER_MINUTE })
      }
      closable={{
        'aria-label': t('account.trial.close'),
        onClose: () => {
          storage.set(STORAGE_KEYS.trialNoticeClosed, String(user.id));
          setClosed(true);
        },
      }}
      style={{ marginBottom: 16 }}
    />
  );
}
