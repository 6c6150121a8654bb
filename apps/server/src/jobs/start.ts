import type { AppContext } from '../context.js';
import { JobQueue, type AppQueue, type JobPayloads, type QueueSettings } from '../providers/queue/queue.js';
import { JOB_DEFINITIONS, jobHandlers } from './registry.js';

export type { AppQueue };

/**
 * Opens the product's queue on the context's database and, when `work` is set, runs every job's
 * worker in this process. Fails when a job lacks a handler.
 */
export async function startQueue(
  ctx: AppContext,
  opts: { work: boolean; settings?: Partial<QueueSettings> },
): Promise<AppQueue> {
  const queue = await JobQueue.open<JobPayloads>({
    db: ctx.db,
    databaseUrl: ctx.env.DATABASE_URL,
    definitions: JOB_DEFINITIONS(ctx.env),
    log: ctx.log,
    settings: {
      pollingIntervalSeconds: ctx.env.QUEUE_POLL_SECONDS,
      ...(ctx.dbSchema ? { schema: `pgboss_${ctx.dbSchema}` } : {}),
      ...opts.settings,
    },
  });
  if (opts.work) await queue.work(jobHandlers(ctx));
  ctx.queue = queue;
  return queue;
}
