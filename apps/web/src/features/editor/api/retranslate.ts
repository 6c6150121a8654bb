import { useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ErrorCodes, type RetranslateAnswer, type RetranslateQuota } from '@subtrans/contract';
import { api, ApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { retranslate as retranslateCall } from './editor';

export const retranslateQuotaKey = ['retranslate-quota'] as const;

/** What is left of today's re-translation allowance (the server's count; refreshed by each answer). */
export function useRetranslateQuota(enabled: boolean) {
  return useQuery({
    queryKey: retranslateQuotaKey,
    queryFn: () => api('taskRetranslateQuota'),
    enabled,
    staleTime: 60_000,
  });
}

/** When the allowance renews, in the user's own time zone and language. */
export function renewalTime(resetsAt: string): string {
  return new Date(resetsAt).toLocaleString(currentLanguage(), { dateStyle: 'short', timeStyle: 'short' });
}

/** A count of characters as the user's language writes numbers (20,000). */
export const formatChars = (n: number) => n.toLocaleString(currentLanguage());

/** A refusal for the allowance carries what is left (the quota's fields) and what was needed. */
type Refusal = RetranslateQuota & { needed: number };

function refusalOf(e: unknown): Refusal | null {
  if (!(e instanceof ApiError)) return null;
  if (
    e.code !== ErrorCodes.RETRANSLATE_BUDGET_EXCEEDED.code &&
    e.code !== ErrorCodes.RETRANSLATE_CALLS_EXCEEDED.code
  )
    return null;
  const data = e.data as Partial<Refusal> | null;
  return data && typeof data.charsLeft === 'number' && typeof data.resetsAt === 'string'
    ? (data as Refusal)
    : null;
}

/**
 * Re-translation of lines, one run per line at a time (SPEC §4: a line being re-translated is
 * blocked): the lines' own unsaved edits are saved first, the answer goes to `apply`, and what is
 * left of the day's allowance follows each answer (or refusal).
 */
export function useRetranslate(
  taskId: string,
  opts: {
    save: () => Promise<void>;
    enqueue: <T>(fn: () => Promise<T>) => Promise<T>;
    apply: (answer: RetranslateAnswer) => void;
  },
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState<Set<number>>(new Set());
  const inFlight = useRef(new Set<number>());
  const { save, enqueue, apply } = opts;

  const run = useCallback(
    async (ids: number[]) => {
      // a ref, not the state: two clicks in one frame must not both pass the check
      const todo = ids.filter((id) => !inFlight.current.has(id));
      if (!todo.length) return;
      for (const id of todo) inFlight.current.add(id);
      setBusy((b) => new Set([...b, ...todo]));
      try {
        await save();
        const answer = await enqueue(() => retranslateCall(taskId, todo));
        client.setQueryData(retranslateQuotaKey, answer.quota);
        apply(answer);
        const ok = answer.results.filter((r) => r.success);
        const failed = answer.results.filter((r) => !r.success);
        if (failed.length)
          void message.error(t('editor.retranslateFailed', { error: failed[0]!.error ?? '' }));
        else void message.success(t('editor.retranslated', { count: ok.length }));
      } catch (e) {
        const refusal = refusalOf(e);
        if (refusal) {
          const { needed, ...quota } = refusal;
          client.setQueryData(retranslateQuotaKey, quota);
          const time = renewalTime(quota.resetsAt);
          void message.error(
            quota.callsLeft === 0 || quota.charsLeft === 0
              ? t('editor.allowance.exhausted', { time })
              : t('editor.allowance.refused', {
                  needed: formatChars(needed),
                  left: formatChars(quota.charsLeft),
                  time,
                }),
          );
        } else {
          void message.error(t('editor.retranslateFailed', { error: e instanceof Error ? e.message : '' }));
        }
      } finally {
        for (const id of todo) inFlight.current.delete(id);
        setBusy((b) => {
          const next = new Set(b);
          for (const id of todo) next.delete(id);
          return next;
        });
      }
    },
    [apply, client, enqueue, message, save, t, taskId],
  );

  return { busy, run };
}
