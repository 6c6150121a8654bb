import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PartPlan } from '@subtrans/contract';
import { api, ApiError, NETWORK_ERROR_CODE } from '../../lib/api-client';
import { usePartOffer } from './part-offer';

/**
 * Issue 34, from the task list or the editor: the rest of a partly translated task. The server
 * says what the rest costs and what the balance covers; all of it is translated when the balance
 * covers it, else the part it covers is offered (or buying points). `onChanged` refreshes the
 * caller's view of the task and the balance.
 */
export function useContinueTask(onChanged: () => void | Promise<void>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const offer = usePartOffer();
  const [busy, setBusy] = useState<string | null>(null);

  const translate = async (id: string, part?: PartPlan) => {
    try {
      await api('taskTranslateRest', { id, ...(part ? { part: { maxPoints: part.points } } : {}) });
      void message.success(t('parts.continued'));
    } catch (e) {
      void message.error(e instanceof Error && e.message ? e.message : t('parts.continueFailed'));
    } finally {
      await onChanged();
    }
  };

  const continueTask = async (id: string) => {
    setBusy(id);
    try {
      const quote = await api('taskPartQuote', { id });
      if (quote.balance >= quote.rest.points) await translate(id);
      else
        offer({ balance: quote.balance, total: quote.rest.points, part: quote.part }, (part) =>
          translate(id, part),
        );
    } catch (e) {
      // a task that changed meanwhile (continued in another tab, nothing left): the view catches up
      if (e instanceof ApiError && e.code !== NETWORK_ERROR_CODE) await onChanged();
      void message.error(e instanceof Error && e.message ? e.message : t('parts.continueFailed'));
    } finally {
      setBusy(null);
    }
  };
  return { busy, continueTask };
}
