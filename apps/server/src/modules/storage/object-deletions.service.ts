import type { AppContext } from '../../context.js';
import { deletionDone, deletionFailed, dueDeletions } from './object-deletions.repository.js';

const BATCH = 200;

/**
 * Deletes queued objects from storage: `keys` (just queued, deleted at once) or every queued key
 * that is due (the scheduled sweep). A key leaves the queue only once the storage confirms; a
 * failure is logged and retried later, so a deletion is never lost. Deleting twice is harmless.
 */
export async function purgeObjects(
  ctx: AppContext,
  keys?: string[],
): Promise<{ deleted: number; failed: number }> {
  let deleted = 0;
  let failed = 0;
  for (;;) {
    const batch = keys ?? (await dueDeletions(ctx.db, BATCH));
    for (const key of batch) {
      try {
        await ctx.storage.delete(key);
        await deletionDone(ctx.db, key);
        deleted += 1;
      } catch (err) {
        failed += 1;
        ctx.log.warn({ err, key }, 'deleting a stored object failed; it stays queued and is retried');
        await deletionFailed(ctx.db, key, err instanceof Error ? err.message : String(err)).catch(
          () => undefined,
        );
      }
    }
    // a failed key waits for its next attempt, so a full batch means more may be due now
    if (keys || batch.length < BATCH) return { deleted, failed };
  }
}
