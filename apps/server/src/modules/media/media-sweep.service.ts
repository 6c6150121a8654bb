import type { AppContext } from '../../context.js';
import { failTask, quietRunningTasks, TRANSLATE_JOB } from '../tasks/index.js';
import { MEDIA_EXECUTE_JOB, MEDIA_PROBE_JOB } from './media-job-names.js';
import { failDetection } from './media.repository.js';

/**
 * Scheduled: an audio/video task that has been running without progress for a while, whose job is
 * gone or finished (a worker that died on its last attempt), fails and gets its points back, so no
 * task stays `processing` or `translating` forever.
 */
export async function sweepStuckMedia(ctx: AppContext, quietMinutes = 10): Promise<number> {
  if (!ctx.queue) return 0;
  let failed = 0;
  for (const task of await quietRunningTasks(ctx.db, quietMinutes, 'media')) {
    // it runs in its detection job, then in its execution job (transcription + translation), or,
    // gone on after the review of its names and terms, in a translation job
    const jobNames =
      task.execute_status === null
        ? ([MEDIA_PROBE_JOB] as const)
        : ([MEDIA_EXECUTE_JOB, TRANSLATE_JOB] as const);
    let live = false;
    for (const name of jobNames) {
      const job = task.job_id ? await ctx.queue.findJob(name, task.job_id) : null;
      live ||= job !== null && (job.state === 'created' || job.state === 'retry' || job.state === 'active');
    }
    if (live) continue;
    // detection holds no points: its failure must not say they were returned (MEDIA_INTERRUPTED does)
    if (task.execute_status === null)
      await failDetection(ctx.db, task.id, 'MEDIA_DETECTION_FAILED', 'the analysis was interrupted');
    else await failTask(ctx, task, 'the work was interrupted', 'MEDIA_INTERRUPTED');
    failed += 1;
  }
  return failed;
}
