import type { AppContext } from '../../context.js';
import { reconcileOrders } from './payments.service.js';

/** The payments module's jobs: name → payload (jobs/registry.ts assembles every module's). */
export interface PaymentsJobs {
  /** unpaid orders the provider says were paid (a lost notification) are credited */
  'payments.reconcile': Record<string, never>;
}

export const paymentsJobDefinitions = {
  'payments.reconcile': { cron: '*/5 * * * *', options: { retryLimit: 1, expireInSeconds: 600 } },
};

export const paymentsJobHandlers = (ctx: AppContext) => ({
  'payments.reconcile': async () => {
    const credited = await reconcileOrders(ctx);
    if (credited) ctx.log.info({ credited }, 'reconciled paid orders');
  },
});
