import { useCallback, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RetranslateAnswer } from '@subtrans/contract';
import { api } from '../../../lib/api-client';
import { refusalOf, refusalText, retranslateQuotaKey } from '../../../lib/retranslate-allowance';
import { retranslate as retranslateCall } from './editor';

export { formatChars, renewalTime, retranslateQuotaKey } from '../../../lib/retranslate-allowance';

/** What is left of today's re-translation allowance (the server's count; refreshed by each answer). */
export function useRetranslateQuota(enabled: boolean) {
  return useQuery({
    queryKey: retranslateQuotaKey,
    queryFn: () => api('taskRetranslateQuota'),
    enabled,
    staleTime: 60_000,
  });
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
    /** the task's version the editor holds (read when the call is sent) */
    version?: () => number;
  },
) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const client = useQueryClient();
  const [busy, setBusy] = useState<Set<number>>(new Set());
  const inFlight = useRef(new Set<number>());
  const { save, enqueue, apply, version } = opts;

  const run = useCallback(
    async (ids: number[]) => {
      // a ref, not the state: two clicks in one frame must not both pass the check
      // a line made here and not saved yet has no id on the server (its row's button waits for it)
      const todo = ids.filter((id) => id > 0 && !inFlight.current.has(id));
      if (!todo.length) return;
      for (const id of todo) inFlight.current.add(id);
      setBusy((b) => new Set([...b, ...todo]));
      try {
        await save();
        const answer = await enqueue(() => retranslateCall(taskId, todo, version?.()));
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
          const { needed: _needed, ...quota } = refusal;
          client.setQueryData(retranslateQuotaKey, quota);
          void message.error(refusalText(refusal, t));
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
    [apply, client, enqueue, message, save, t, taskId, version],
  );

  return { busy, run };
}
