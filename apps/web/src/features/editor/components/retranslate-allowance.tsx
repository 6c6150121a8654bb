import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RetranslateQuota } from '@subtrans/contract';
import { formatChars, renewalTime, useRetranslateQuota } from '../api/retranslate';

/** Below this share of the day's characters the editor says what is left. */
export const LOW_ALLOWANCE = 0.2;

export type AllowanceState = 'ok' | 'low' | 'exhausted' | 'off';

export function allowanceState(q: RetranslateQuota): AllowanceState {
  if (q.charsPerDay === 0) return 'off';
  if (q.charsLeft === 0 || q.callsLeft === 0) return 'exhausted';
  if (q.charsLeft < q.charsPerDay * LOW_ALLOWANCE) return 'low';
  return 'ok';
}

/**
 * A banner under the editor's header once today's re-translation allowance runs low (under 20 % of
 * the day's characters), is used up, or is off on this server; nothing while there is plenty.
 */
export function RetranslateAllowance({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const quota = useRetranslateQuota(enabled);
  if (!enabled || !quota.data) return null;
  const q = quota.data;
  const state = allowanceState(q);
  if (state === 'ok') return null;
  const time = renewalTime(q.resetsAt);
  const text =
    state === 'low'
      ? t('editor.allowance.low', {
          left: formatChars(q.charsLeft),
          perDay: formatChars(q.charsPerDay),
          time,
        })
      : t(`editor.allowance.${state}`, { time });
  return (
    <Alert
      type={state === 'low' ? 'info' : 'warning'}
      showIcon
      banner
      title={text}
      data-testid="retranslate-allowance"
      data-state={state}
    />
  );
}
