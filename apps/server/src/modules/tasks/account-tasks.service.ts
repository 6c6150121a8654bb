import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { queueDeletions } from '../storage/object-deletions.repository.js';
import { deleteTasksOf } from './task-deletion.repository.js';
import { closeAccountTasks } from './life/task-life.service.js';

/**
 * A closing account's running and queued tasks are cancelled in the closing transaction: they fail
 * and their holds go back (the closing then forfeits the points). A job still working on one stops
 * on its next look at the task (saving lines, or task-watch.ts within a second). Answers how many.
 */
export async function cancelTasksOf(ctx: AppContext, q: Queryable, userId: number): Promise<number> {
  return closeAccountTasks(ctx, q, userId);
}

/**
 * A closed account's content goes, as a deleted task's does (deleteTask): every task row with its
 * segments, and its stored objects (results, media) queued for deletion in the same transaction.
 * Answers the keys queued, for the caller to purge once it committed.
 */
export async function deleteContentOf(q: Queryable, userId: number): Promise<string[]> {
  const keys = [...new Set(await deleteTasksOf(q, userId))];
  await queueDeletions(q, keys, 'account-closed');
  return keys;
}
