import type { AppContext } from '../../context.js';
import {
  MEDIA_CLEANUP_JOB,
  MEDIA_EXECUTE_JOB,
  MEDIA_EXPIRE_JOB,
  MEDIA_OVERVIEW_JOB,
  MEDIA_PROBE_JOB,
  MEDIA_RENDER_JOB,
  MEDIA_RENDER_SWEEP_JOB,
  MEDIA_SWEEP_JOB,
} from './media-job-names.js';
import { runRender, sweepStuckRenders } from './render/render-job.js';
import { runExecution } from './media-execution.service.js';
import { runOverview } from './media-overview.service.js';
import { runDetection } from './media.service.js';
import { sweepStuckMedia } from './media-sweep.service.js';
import { expireUnexecutedMedia } from './retention.service.js';
import { cleanupUploads } from './uploads.service.js';

type ExecuteJob = { taskId: string; batchSize?: number };

/** The media module's jobs: name → payload (jobs/registry.ts assembles every module's). */
export interface MediaJobs {
  /** probes an uploaded audio/video file (duration, sound track) */
  [MEDIA_PROBE_JOB]: { taskId: string };
  /**
   * extracts, transcribes and translates an audio/video task (resumes at the translation), in
   * batches of batchSize lines (the clamped size the browser asked for; absent: the server's)
   */
  [MEDIA_EXECUTE_JOB]: ExecuteJob;
  /** issue 38: what is missing of a task's waveform and (video) shot changes, for the timeline */
  [MEDIA_OVERVIEW_JOB]: { taskId: string };
  /** issue 40: a task's lines burned into its video (or over its audio's waveform) */
  [MEDIA_RENDER_JOB]: { renderId: string };
  /** renders whose job is gone fail and give their points back */
  [MEDIA_RENDER_SWEEP_JOB]: Record<string, never>;
  /** audio/video tasks whose job is gone fail and get their points back */
  [MEDIA_SWEEP_JOB]: Record<string, never>;
  /** direct uploads left unfinished for a day are aborted */
  [MEDIA_CLEANUP_JOB]: Record<string, never>;
  /** audio/video never executed is deleted after MEDIA_UNEXECUTED_DAYS */
  [MEDIA_EXPIRE_JOB]: Record<string, never>;
}

const PROBE_RETRIES = 2;
const EXECUTE_RETRIES = 2;
const OVERVIEW_RETRIES = 2;
const RENDER_RETRIES = 2;

type Run = { retryCount: number; signal: AbortSignal; stopping: AbortSignal };

export const mediaJobDefinitions = (env: {
  MEDIA_TASKS_PER_WORKER: number;
  TRANSLATE_USER_CONCURRENCY: number;
  RENDERS_PER_WORKER: number;
}) => ({
  [MEDIA_RENDER_JOB]: {
    // a 2-hour film's encode may take hours on a small machine
    options: { retryLimit: RENDER_RETRIES, retryDelay: 30, expireInSeconds: 8 * 3600 },
    concurrency: env.RENDERS_PER_WORKER,
    // sent in the user's group: one user's renders take at most this many of a process's
    groupConcurrency: Math.min(env.TRANSLATE_USER_CONCURRENCY, env.RENDERS_PER_WORKER),
  },
  [MEDIA_RENDER_SWEEP_JOB]: { cron: '*/5 * * * *', options: { retryLimit: 1, expireInSeconds: 300 } },
  [MEDIA_PROBE_JOB]: { options: { retryLimit: PROBE_RETRIES, retryDelay: 2, expireInSeconds: 900 } },
  [MEDIA_EXECUTE_JOB]: {
    options: { retryLimit: EXECUTE_RETRIES, retryDelay: 5, expireInSeconds: 12 * 3600 },
    concurrency: env.MEDIA_TASKS_PER_WORKER,
    // issue 39: sent in the user's group, as translations are: one user's films take at most
    // TRANSLATE_USER_CONCURRENCY of a process's executions
    groupConcurrency: Math.min(env.TRANSLATE_USER_CONCURRENCY, env.MEDIA_TASKS_PER_WORKER),
  },
  [MEDIA_OVERVIEW_JOB]: {
    // exclusive: one job a task (its singleton key) queued or running; a 2-hour film's extraction
    // and shot changes may each take up to ffmpeg's hour; one a worker, beside the executions
    options: {
      policy: 'exclusive',
      retryLimit: OVERVIEW_RETRIES,
      retryDelay: 60,
      expireInSeconds: 3 * 3600,
    },
    concurrency: 1,
  },
  [MEDIA_SWEEP_JOB]: { cron: '*/5 * * * *', options: { retryLimit: 1, expireInSeconds: 300 } },
  [MEDIA_CLEANUP_JOB]: { cron: '41 * * * *', options: { retryLimit: 1, expireInSeconds: 900 } },
  [MEDIA_EXPIRE_JOB]: { cron: '23 * * * *', options: { retryLimit: 1, expireInSeconds: 900 } },
});

export const mediaJobHandlers = (ctx: AppContext) => ({
  [MEDIA_PROBE_JOB]: (payload: { taskId: string }, job: Run) =>
    runDetection(ctx, payload.taskId, {
      retryCount: job.retryCount,
      retryLimit: PROBE_RETRIES,
      // a probe keeps nothing of a run cut short: it stops as soon as the process stops
      signal: job.stopping,
    }),
  [MEDIA_EXECUTE_JOB]: (payload: ExecuteJob, job: Run) =>
    runExecution(
      ctx,
      payload.taskId,
      {
        retryCount: job.retryCount,
        retryLimit: EXECUTE_RETRIES,
        signal: job.signal,
        stopping: job.stopping,
      },
      payload.batchSize,
    ),
  [MEDIA_OVERVIEW_JOB]: (payload: { taskId: string }, job: Run) =>
    runOverview(ctx, payload.taskId, {
      retryCount: job.retryCount,
      retryLimit: OVERVIEW_RETRIES,
      signal: job.signal,
      stopping: job.stopping,
    }),
  [MEDIA_RENDER_JOB]: (payload: { renderId: string }, job: Run) =>
    runRender(ctx, payload.renderId, {
      retryCount: job.retryCount,
      retryLimit: RENDER_RETRIES,
      signal: job.signal,
      stopping: job.stopping,
    }),
  [MEDIA_RENDER_SWEEP_JOB]: async () => {
    const failed = await sweepStuckRenders(ctx);
    if (failed) ctx.log.warn({ failed }, 'failed interrupted renders');
  },
  [MEDIA_SWEEP_JOB]: async () => {
    const failed = await sweepStuckMedia(ctx);
    if (failed) ctx.log.warn({ failed }, 'failed interrupted audio/video tasks');
  },
  [MEDIA_CLEANUP_JOB]: async () => {
    const aborted = await cleanupUploads(ctx);
    if (aborted) ctx.log.info({ aborted }, 'aborted unfinished uploads');
  },
  [MEDIA_EXPIRE_JOB]: async () => {
    const expired = await expireUnexecutedMedia(ctx);
    if (expired.tasks || expired.uploads) ctx.log.info(expired, 'deleted audio/video never executed');
  },
});
