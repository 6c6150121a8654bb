import type { AppContext } from '../../context.js';
import { IDEMPOTENCY_TTL_SECONDS } from './idempotency-plugin.js';
import { deleteOldKeys } from './idempotency.repository.js';

/** The idempotency module's jobs: name → payload (jobs/registry.ts assembles every module's). */
export interface IdempotencyJobs {
  /** Idempotency-Keys older than their 24 hours */
  'idempotency.cleanup': Record<string, never>;
}

export const idempotencyJobDefinitions = {
  'idempotency.cleanup': { cron: '23 * * * *', options: { retryLimit: 1, expireInSeconds: 300 } },
};

export const idempotencyJobHandlers = (ctx: AppContext) => ({
  'idempotency.cleanup': async () => {
    const removed = await deleteOldKeys(ctx.db, IDEMPOTENCY_TTL_SECONDS);
    if (removed) ctx.log.info({ removed }, 'removed old Idempotency-Keys');
  },
});
