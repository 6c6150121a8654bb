import type { AppContext } from '../../context.js';
import { runTranslation, sweepStuckTasks, TRANSLATE_JOB } from './run/task-run.service.js';
import { expireReviews } from './brief/brief.service.js';

/** batchSize: the clamped size the browser asked for; absent (and in older jobs): the server's */
type TranslateJob = { taskId: string; batchSize?: number };

/** The tasks module's jobs: name → payload (jobs/registry.ts assembles every module's). */
export interface TasksJobs {
  /** translates one task (resumes where a previous attempt stopped), in batches of batchSize lines */
  [TRANSLATE_JOB]: TranslateJob;
  /** SRT tasks whose job is gone fail and get their points back */
  'tasks.sweep-stuck': Record<string, never>;
  /** reviews of names and terms left waiting 7 days cancel their task and give its points back */
  'tasks.expire-reviews': Record<string, never>;
}

/** a translation whose worker died is retried (and resumed) this many times */
const TRANSLATE_RETRIES = 3;

export const tasksJobDefinitions = (env: {
  TRANSLATE_TASKS_PER_WORKER: number;
  TRANSLATE_USER_CONCURRENCY: number;
}) => ({
  [TRANSLATE_JOB]: {
    options: { retryLimit: TRANSLATE_RETRIES, retryDelay: 1, expireInSeconds: 6 * 3600 },
    concurrency: env.TRANSLATE_TASKS_PER_WORKER,
    // a user's jobs (userJobOptions' group) running at once in one process
    groupConcurrency: env.TRANSLATE_USER_CONCURRENCY,
  },
  'tasks.sweep-stuck': { cron: '*/5 * * * *', options: { retryLimit: 1, expireInSeconds: 300 } },
  'tasks.expire-reviews': { cron: '23 4 * * *', options: { retryLimit: 2, expireInSeconds: 3600 } },
});

export const tasksJobHandlers = (ctx: AppContext) => ({
  [TRANSLATE_JOB]: (
    payload: TranslateJob,
    job: { retryCount: number; signal: AbortSignal; stopping: AbortSignal },
  ) =>
    runTranslation(
      ctx,
      payload.taskId,
      {
        retryCount: job.retryCount,
        retryLimit: TRANSLATE_RETRIES,
        signal: job.signal,
        stopping: job.stopping,
      },
      payload.batchSize,
    ),
  'tasks.sweep-stuck': async () => {
    const failed = await sweepStuckTasks(ctx);
    if (failed) ctx.log.warn({ failed }, 'failed interrupted tasks');
  },
  'tasks.expire-reviews': async () => {
    const cancelled = await expireReviews(ctx);
    if (cancelled) ctx.log.info({ cancelled }, 'cancelled tasks whose names and terms were never reviewed');
  },
});
