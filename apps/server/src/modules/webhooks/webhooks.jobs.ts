import type { AppContext } from '../../context.js';
import { deleteOldDeliveries } from './webhooks.repository.js';
import { deliver, DELIVER_JOB } from './webhooks.service.js';

/** The webhooks module's jobs: name → payload (jobs/registry.ts assembles every module's). */
export interface WebhooksJobs {
  /** one try of one event to its endpoint (the next try is a new job, sent after its wait) */
  [DELIVER_JOB]: { deliveryId: string };
  /** deliveries older than 30 days */
  'webhooks.cleanup': Record<string, never>;
}

export const webhooksJobDefinitions = {
  // retried by pg-boss only when the process died mid-try; the waits between tries are deliver()'s
  [DELIVER_JOB]: { options: { retryLimit: 2, retryDelay: 30, expireInSeconds: 120 }, concurrency: 4 },
  'webhooks.cleanup': { cron: '41 3 * * *', options: { retryLimit: 1, expireInSeconds: 300 } },
};

export const webhooksJobHandlers = (ctx: AppContext) => ({
  [DELIVER_JOB]: ({ deliveryId }: { deliveryId: string }) => deliver(ctx, deliveryId),
  'webhooks.cleanup': async () => {
    const removed = await deleteOldDeliveries(ctx.db, 30);
    if (removed) ctx.log.info({ removed }, 'removed old webhook deliveries');
  },
});
