import type { AppContext } from '../../../context.js';

/** The queue job that translates one task (its handler: task-run.service's runTranslation). */
export const TRANSLATE_JOB = 'tasks.translate';
/**
 * How a translation (or an audio/video execution) job is sent: in the transaction that starts the
 * run, in its user's group, so that one user's jobs take at most TRANSLATE_USER_CONCURRENCY of a
 * process's workers and other users' tasks start beside a long batch (issue 39, queue.ts
 * groupConcurrency).
 */
export const userJobOptions = <Q>(tx: Q, userId: number) => ({ tx, group: { id: `user:${userId}` } });

/**
 * The queue job that transcribes and translates an audio/video task (the media module's handler).
 * Named here, below both modules, since continuing a task translated in parts queues it from tasks.
 */
export const MEDIA_EXECUTE_JOB = 'media.execute';

/**
 * SPEC §9: the batch size a browser asked for (its stored override), within this server's bounds
 * (1 to TRANSLATE_BATCH_SIZE_MAX), or undefined: the server's TRANSLATE_BATCH_SIZE. The run raises
 * it further when the task's lines would make more batches than its price buys (issue 41,
 * allowance.ts: one per 2 points).
 */
export function clampBatchSize(ctx: AppContext, requested: number | undefined): number | undefined {
  if (requested === undefined) return undefined;
  return Math.min(Math.max(Math.trunc(requested), 1), ctx.env.TRANSLATE_BATCH_SIZE_MAX);
}
