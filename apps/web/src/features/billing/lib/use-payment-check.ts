import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { moneyChanged } from '../../../lib/money-sync';

/** SPEC §9: at most 3 retries, 2 s apart */
export const MAX_RETRIES = 3;
const RETRY_DELAY_MS = 2000;

export type CheckPhase = 'loading' | 'retrying' | 'success' | 'failed';

/** card payments succeed on SUCCEEDED, Alipay on TRADE_SUCCESS (or TRADE_FINISHED) */
export const isPaid = (status: string) => ['SUCCEEDED', 'TRADE_SUCCESS', 'TRADE_FINISHED'].includes(status);

/**
 * SPEC §4 payment result check: loading, then retrying (n/3, 2 s apart), then success or failed
 * (with the abnormal status, or the query's error). `requery` starts again from 0, offered
 * (`canRequery`) only in the failed state while the count is below 3; `reset` (closing) cancels
 * whatever is pending. The balance and orders refresh on success, in every tab of the site.
 */
export function usePaymentCheck<R extends { status: string }>(
  id: string | null,
  query: (id: string) => Promise<R>,
) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [phase, setPhase] = useState<CheckPhase>('loading');
  const [count, setCount] = useState(0);
  const [result, setResult] = useState<R | null>(null);
  const [error, setError] = useState<string | null>(null);
  const generation = useRef(0);
  const queryRef = useRef(query);
  useEffect(() => {
    queryRef.current = query;
  }, [query]);

  const run = useCallback(
    async (target: string) => {
      const gen = ++generation.current;
      for (let attempt = 0; attempt <= MAX_RETRIES; attempt += 1) {
        if (attempt > 0) {
          setPhase('retrying');
          setCount(attempt);
          await new Promise((r) => setTimeout(r, RETRY_DELAY_MS));
          if (gen !== generation.current) return;
        }
        try {
          const r = await queryRef.current(target);
          if (gen !== generation.current) return;
          setResult(r);
          if (isPaid(r.status)) {
            setPhase('success');
            // this tab and every other one of the site (the one that opened the checkout)
            await moneyChanged(client);
            return;
          }
          setError(t('payment.abnormal', { status: r.status }));
        } catch (e) {
          if (gen !== generation.current) return;
          setError(e instanceof Error && e.message ? e.message : t('payment.orderQueryFailed'));
        }
      }
      setPhase('failed');
    },
    [client, t],
  );

  useEffect(() => {
    if (!id) return;
    const timer = setTimeout(() => void run(id), 0);
    return () => {
      clearTimeout(timer);
      generation.current += 1;
    };
  }, [id, run]);

  const requery = () => {
    if (!id) return;
    setPhase('loading');
    setError(null);
    setCount(0);
    void run(id);
  };
  const reset = () => {
    generation.current += 1;
    setPhase('loading');
    setCount(0);
    setResult(null);
    setError(null);
  };
  const canRequery = phase === 'failed' && count < MAX_RETRIES;
  return { phase, count, result, error, canRequery, requery, reset };
}
