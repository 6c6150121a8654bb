import type { AppContext } from '../context.js';
import type { Handlers, JobDefinition, JobPayloads } from '../providers/queue/queue.js';
import {
  accountLifeJobDefinitions,
  accountLifeJobHandlers,
  type AccountLifeJobs,
} from '../modules/account-life/retention.jobs.js';
import {
  accountsJobDefinitions,
  accountsJobHandlers,
  type AccountsJobs,
} from '../modules/accounts/accounts.jobs.js';
import {
  billingJobDefinitions,
  billingJobHandlers,
  type BillingJobs,
} from '../modules/billing/billing.jobs.js';
import {
  idempotencyJobDefinitions,
  idempotencyJobHandlers,
  type IdempotencyJobs,
} from '../modules/idempotency/idempotency.jobs.js';
import {
  webhooksJobDefinitions,
  webhooksJobHandlers,
  type WebhooksJobs,
} from '../modules/webhooks/webhooks.jobs.js';
import { mediaJobDefinitions, mediaJobHandlers, type MediaJobs } from '../modules/media/media.jobs.js';
import {
  paymentsJobDefinitions,
  paymentsJobHandlers,
  type PaymentsJobs,
} from '../modules/payments/payments.jobs.js';
import {
  storageJobDefinitions,
  storageJobHandlers,
  type StorageJobs,
} from '../modules/storage/storage.jobs.js';
import { tasksJobDefinitions, tasksJobHandlers, type TasksJobs } from '../modules/tasks/tasks.jobs.js';

declare module '../providers/queue/queue.js' {
  /**
   * Every job the product runs: name → payload, assembled from each module's jobs file. A job
   * declared there without a handler or a definition does not compile here, and a queue started
   * without its handler refuses to start.
   */
  interface JobPayloads
    extends
      AccountsJobs,
      AccountLifeJobs,
      BillingJobs,
      TasksJobs,
      PaymentsJobs,
      MediaJobs,
      StorageJobs,
      IdempotencyJobs,
      WebhooksJobs {}
}

export type { JobPayloads };

export type JobName = keyof JobPayloads;

export const JOB_DEFINITIONS = (env: {
  TRANSLATE_TASKS_PER_WORKER: number;
  TRANSLATE_USER_CONCURRENCY: number;
  MEDIA_TASKS_PER_WORKER: number;
  RENDERS_PER_WORKER: number;
}): { [K in JobName]: JobDefinition } => ({
  ...accountsJobDefinitions,
  ...accountLifeJobDefinitions,
  ...billingJobDefinitions,
  ...tasksJobDefinitions(env),
  ...paymentsJobDefinitions,
  ...mediaJobDefinitions(env),
  ...storageJobDefinitions,
  ...idempotencyJobDefinitions,
  ...webhooksJobDefinitions,
});

export function jobHandlers(ctx: AppContext): Handlers<JobPayloads> {
  return {
    ...accountsJobHandlers(ctx),
    ...accountLifeJobHandlers(ctx),
    ...billingJobHandlers(ctx),
    ...tasksJobHandlers(ctx),
    ...paymentsJobHandlers(ctx),
    ...mediaJobHandlers(ctx),
    ...storageJobHandlers(ctx),
    ...idempotencyJobHandlers(ctx),
    ...webhooksJobHandlers(ctx),
  };
}
