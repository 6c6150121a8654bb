import type { AppContext } from '../../context.js';
import { purgeObjects } from '../storage/object-deletions.service.js';
import { expireUnexecutedTasks, expireUnsubmittedUploads } from './retention.repository.js';

const BATCH = 500;

/**
 * Scheduled: audio/video never executed does not stay stored. A task whose execution never
 * started loses its file at its `media_expires_at` (MEDIA_UNEXECUTED_DAYS after it was made; the
 * list and the confirmation show the date) and fails with MEDIA_EXPIRED; a completed upload never
 * submitted for detection is deleted after as many days. Executed tasks, and subtitle-file tasks
 * given their audio/video afterwards (issue 38), keep their file until the task is deleted. The objects go through the deletion queue, so a storage failure loses nothing.
 */
export async function expireUnexecutedMedia(
  ctx: AppContext,
): Promise<{ tasks: number; uploads: number; deleted: number }> {
  let tasks = 0;
  let uploads = 0;
  for (;;) {
    const [t, u] = await ctx.db.tx(async (q) => [
      await expireUnexecutedTasks(q, BATCH),
      await expireUnsubmittedUploads(q, ctx.env.MEDIA_UNEXECUTED_DAYS, BATCH),
    ]);
    tasks += t;
    uploads += u;
    if (t < BATCH && u < BATCH) break;
  }
  const { deleted } = tasks + uploads > 0 ? await purgeObjects(ctx) : { deleted: 0 };
  return { tasks, uploads, deleted };
}
