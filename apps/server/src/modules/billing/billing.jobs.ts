import type { AppContext } from '../../context.js';
import { expireLots, sweepStaleHolds } from './ledger.service.js';

/** The billing module's jobs: name → payload (jobs/registry.ts assembles every module's). */
export interface BillingJobs {
  /** points past their expiry leave the balance (an 'expiry' entry per lot) */
  'billing.expire-lots': Record<string, never>;
  /** holds that outlived their task are released */
  'billing.sweep-holds': Record<string, never>;
}

export const billingJobDefinitions = {
  'billing.expire-lots': { cron: '5 * * * *', options: { expireInSeconds: 600 } },
  'billing.sweep-holds': { cron: '*/10 * * * *', options: { expireInSeconds: 600 } },
};

export const billingJobHandlers = (ctx: AppContext) => ({
  'billing.expire-lots': async () => {
    const expired = await expireLots(ctx.db);
    if (expired) ctx.log.info({ expired }, 'expired points');
  },
  'billing.sweep-holds': async () => {
    const released = await sweepStaleHolds(ctx.db);
    if (released) ctx.log.info({ released }, 'released stale holds');
  },
});
