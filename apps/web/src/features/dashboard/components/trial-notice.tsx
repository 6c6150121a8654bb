import { useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { User } from '@subtrans/contract';
import { POINTS_PER_MINUTE } from '@subtrans/subtitles/cost';
import { STORAGE_KEYS, storage } from '../../../lib/storage';

/**
 * While the sign-up's trial points last: that they are a trial, and what they buy (minutes of
 * subtitles at the price per started minute). Closed, it stays closed for this user here.
 */
export function TrialNotice({ user }: { user: User }) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState(() => storage.get(STORAGE_KEYS.trialNoticeClosed) === String(user.id));
  if (user.trialPoints <= 0 || closed) return null;
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
