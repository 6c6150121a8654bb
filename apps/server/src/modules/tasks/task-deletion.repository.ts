import type { Queryable } from '../../db/client.js';

/** Whether the task was deleted (a task that does not exist counts as deleted). */
export async function isTaskDeleted(q: Queryable, id: string): Promise<boolean> {
  const rows = await q.query<{ deleted: boolean }>(
    `SELECT deleted_at IS NOT NULL AS deleted FROM tasks WHERE id = $1`,
    [id],
  );
  return rows[0]?.deleted ?? true;
}

/** A deleted task's lines go (its row stays, soft-deleted: ledger holds refer to it). */
export async function deleteSegments(q: Queryable, taskId: string): Promise<void> {
  await q.query(`DELETE FROM task_segments WHERE task_id = $1`, [taskId]);
}
