import type { AppContext } from '../context.js';
import { deleteExpiredSessions } from '../modules/accounts/sessions.js';
import { deleteStaleCodes } from '../modules/accounts/codes.js';
import { expireLots, sweepStaleHolds } from '../modules/billing/ledger.service.js';
import { runTranslation, sweepStuckTasks, TRANSLATE_JOB } from '../modules/tasks/task-run.service.js';
import { reconcileOrders } from '../modules/payments/payments.service.js';
import type { Handlers, JobDefinition } from './queue.js';
import {
  MEDIA_CLEANUP_JOB,
  MEDIA_EXECUTE_JOB,
  MEDIA_EXPIRE_JOB,
  MEDIA_PROBE_JOB,
  STORAGE_PURGE_JOB,
} from '../modules/media/media-jobs.js';
import { runDetection, runExecution } from '../modules/media/media.service.js';
import { purgeObjects } from '../modules/media/object-deletions.service.js';
import { expireUnexecutedMedia } from '../modules/media/retention.service.js';
import { cleanupUploads } from '../modules/media/uploads.service.js';

/**
 * Every job the product runs: name → payload. Adding a job here without a handler in
 * `jobHandlers` does not compile, and a queue started without it refuses to start.
 */
export interface JobPayloads {
  /** expired sessions, used codes, old rate-limit windows and OAuth states */
  'accounts.cleanup': Record<string, never>;
  /** points past their expiry leave the balance (an 'expiry' entry per lot) */
  'billing.expire-lots': Record<string, never>;
  /** holds that outlived their task are released */
  'billing.sweep-holds': Record<string, never>;
  /** translates one task (resumes where a previous attempt stopped) */
  [TRANSLATE_JOB]: { taskId: string };
  /** tasks whose job is gone fail and get their points back */
  'tasks.sweep-stuck': Record<string, never>;
  /** unpaid orders the provider says were paid (a lost notification) are credited */
  'payments.reconcile': Record<string, never>;
  /** probes an uploaded audio/video file (duration, sound track) */
  [MEDIA_PROBE_JOB]: { taskId: string };
  /** extracts, transcribes and translates an audio/video task (resumes at the translation) */
  [MEDIA_EXECUTE_JOB]: { taskId: string };
  /** direct uploads left unfinished for a day are aborted */
  [MEDIA_CLEANUP_JOB]: Record<string, never>;
  /** audio/video never executed is deleted after MEDIA_UNEXECUTED_DAYS */
  [MEDIA_EXPIRE_JOB]: Record<string, never>;
  /** queued object deletions are retried until the storage confirms them */
  [STORAGE_PURGE_JOB]: Record<string, never>;
}

/** a translation whose worker died is retried (and resumed) this many times */
const TRANSLATE_RETRIES = 3;
const PROBE_RETRIES = 2;
const EXECUTE_RETRIES = 2;

export type JobName = keyof JobPayloads;

export const JOB_DEFINITIONS = (env: {
  TRANSLATE_TASKS_PER_WORKER: number;
  MEDIA_TASKS_PER_WORKER: number;
}): {
  [K in JobName]: JobDefinition;
} => ({
  'accounts.cleanup': { cron: '17 * * * *', options: { retryLimit: 1, expireInSeconds: 300 } },
  'billing.expire-lots': { cron: '5 * * * *', options: { expireInSeconds: 600 } },
  'billing.sweep-holds': { cron: '*/10 * * * *', options: { expireInSeconds: 600 } },
  [TRANSLATE_JOB]: {
    options: { retryLimit: TRANSLATE_RETRIES, retryDelay: 1, expireInSeconds: 6 * 3600 },
    concurrency: env.TRANSLATE_TASKS_PER_WORKER,
  },
  'tasks.sweep-stuck': { cron: '*/5 * * * *', options: { retryLimit: 1, expireInSeconds: 300 } },
  'payments.reconcile': { cron: '*/5 * * * *', options: { retryLimit: 1, expireInSeconds: 600 } },
  [MEDIA_PROBE_JOB]: { options: { retryLimit: PROBE_RETRIES, retryDelay: 2, expireInSeconds: 900 } },
  [MEDIA_EXECUTE_JOB]: {
    options: { retryLimit: EXECUTE_RETRIES, retryDelay: 5, expireInSeconds: 12 * 3600 },
    concurrency: env.MEDIA_TASKS_PER_WORKER,
  },
  [MEDIA_CLEANUP_JOB]: { cron: '41 * * * *', options: { retryLimit: 1, expireInSeconds: 900 } },
  [MEDIA_EXPIRE_JOB]: { cron: '23 * * * *', options: { retryLimit: 1, expireInSeconds: 900 } },
  [STORAGE_PURGE_JOB]: { cron: '*/5 * * * *', options: { retryLimit: 1, expireInSeconds: 900 } },
});

export async function cleanupAccounts(ctx: AppContext): Promise<void> {
  const sessions = await deleteExpiredSessions(ctx.db);
  const codes = await deleteStaleCodes(ctx.db);
  await ctx.db.query(`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
  await ctx.db.query(`DELETE FROM login_slowdown WHERE last_failure_at < now() - interval '1 day'`);
  await ctx.db.query(`DELETE FROM oauth_states WHERE created_at < now() - interval '1 hour'`);
  if (sessions || codes) ctx.log.info({ sessions, codes }, 'removed expired sessions and codes');
}

export function jobHandlers(ctx: AppContext): Handlers<JobPayloads> {
  return {
    'accounts.cleanup': () => cleanupAccounts(ctx),
    'billing.expire-lots': async () => {
      const expired = await expireLots(ctx.db);
      if (expired) ctx.log.info({ expired }, 'expired points');
    },
    'billing.sweep-holds': async () => {
      const released = await sweepStaleHolds(ctx.db);
      if (released) ctx.log.info({ released }, 'released stale holds');
    },
    [TRANSLATE_JOB]: (payload, job) =>
      runTranslation(ctx, payload.taskId, {
        retryCount: job.retryCount,
        retryLimit: TRANSLATE_RETRIES,
        signal: job.signal,
      }),
    'payments.reconcile': async () => {
      const credited = await reconcileOrders(ctx);
      if (credited) ctx.log.info({ credited }, 'reconciled paid orders');
    },
    [MEDIA_PROBE_JOB]: (payload, job) =>
      runDetection(ctx, payload.taskId, {
        retryCount: job.retryCount,
        retryLimit: PROBE_RETRIES,
        signal: job.signal,
      }),
    [MEDIA_EXECUTE_JOB]: (payload, job) =>
      runExecution(ctx, payload.taskId, {
        retryCount: job.retryCount,
        retryLimit: EXECUTE_RETRIES,
        signal: job.signal,
      }),
    [MEDIA_CLEANUP_JOB]: async () => {
      const aborted = await cleanupUploads(ctx);
      if (aborted) ctx.log.info({ aborted }, 'aborted unfinished uploads');
    },
    [MEDIA_EXPIRE_JOB]: async () => {
      const expired = await expireUnexecutedMedia(ctx);
      if (expired.tasks || expired.uploads) ctx.log.info(expired, 'deleted audio/video never executed');
    },
    [STORAGE_PURGE_JOB]: async () => {
      const purged = await purgeObjects(ctx);
      if (purged.deleted || purged.failed) ctx.log.info(purged, 'deleted queued stored objects');
    },
    'tasks.sweep-stuck': async () => {
      const failed = await sweepStuckTasks(ctx);
      if (failed) ctx.log.warn({ failed }, 'failed interrupted tasks');
    },
  };
}
