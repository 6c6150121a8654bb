import type { Queryable } from '../../db/client.js';
import { HOLD_COLUMNS, type TaskHold } from './tasks.repository.js';

/**
 * Whether the task was deleted: a task that does not exist counts as deleted, and so does one whose
 * account was closed (the closing cancelled it; its work stops as a deleted task's does).
 */
export async function isTaskDeleted(q: Queryable, id: string): Promise<boolean> {
  const rows = await q.query<{ deleted: boolean }>(
    `SELECT t.deleted_at IS NOT NULL OR u.deleted_at IS NOT NULL AS deleted
       FROM tasks t JOIN users u ON u.id = t.user_id WHERE t.id = $1`,
    [id],
  );
  return rows[0]?.deleted ?? true;
}

/**
 * A deleted task's lines and the file it kept go (its row stays, soft-deleted: ledger holds refer
 * to it).
 */
export async function deleteSegments(q: Queryable, taskId: string): Promise<void> {
  await q.query(`DELETE FROM task_segments WHERE task_id = $1`, [taskId]);
  await q.query(`DELETE FROM task_documents WHERE task_id = $1`, [taskId]);
}

/**
 * A deleted task's rendered videos (issue 40): their files are let go (answered, for the deletion
 * queue). A render still running stops on its job's next look at the task and gives its points back.
 */
export async function dropRenderFiles(q: Queryable, taskId: string): Promise<string[]> {
  const rows = await q.query<{ key: string }>(
    `WITH old AS (SELECT id, output_key FROM task_renders WHERE task_id = $1 AND output_key IS NOT NULL FOR UPDATE)
     UPDATE task_renders r SET output_key = NULL FROM old WHERE r.id = old.id RETURNING old.output_key AS key`,
    [taskId],
  );
  return rows.map((r) => r.key);
}

/**
 * A closing account's running tasks (translating, or processing: detecting or executing), and
 * those paused for the review of their names and terms (their points are held), fail in the
 * caller's transaction; their jobs see it and stop (task-watch.ts). Answers their holds.
 */
export async function failRunningTasksOf(q: Queryable, userId: number): Promise<TaskHold[]> {
  return q.query<TaskHold>(
    `UPDATE tasks
        SET status = 'failed', error = 'the account was closed', error_key = NULL,
            detect_status = CASE WHEN kind = 'media' AND execute_status IS NULL THEN 5 ELSE detect_status END,
            execute_status = CASE WHEN execute_status IS NOT NULL THEN 5 END,
            awaiting_review = false, review_expires_at = NULL, finished_at = now(), updated_at = now()
      WHERE user_id = $1 AND deleted_at IS NULL AND (status IN ('translating', 'processing') OR awaiting_review)
      RETURNING ${HOLD_COLUMNS}`,
    [userId],
  );
}

/**
 * A closing account's renders still queued or running (issue 40) fail in the caller's transaction;
 * answers their holds' references, for the caller to give back before the points are forfeited.
 */
export async function failRendersOf(q: Queryable, userId: number): Promise<string[]> {
  const rows = await q.query<{ hold_ref: string }>(
    `UPDATE task_renders
        SET status = 'failed', error_key = 'RENDER_FAILED', error = 'the account was closed',
            finished_at = now(), updated_at = now()
      WHERE user_id = $1 AND status IN ('queued', 'rendering') RETURNING hold_ref`,
    [userId],
  );
  return rows.map((r) => r.hold_ref);
}

/**
 * Deletes every task of a user, soft-deleted ones too, with their segments (cascade), and the
 * user's re-translation counters; answers the stored objects they named (results, media, waveforms).
 */
export async function deleteTasksOf(q: Queryable, userId: number): Promise<string[]> {
  // their rendered videos (issue 40) go with them (the rows by cascade, the files from here)
  const renders = await q.query<{ key: string }>(
    `SELECT output_key AS key FROM task_renders WHERE user_id = $1 AND output_key IS NOT NULL`,
    [userId],
  );
  const rows = await q.query<{ key: string }>(
    `WITH gone AS (DELETE FROM tasks WHERE user_id = $1 RETURNING result_key, media_key, peaks_key)
     SELECT k AS key FROM gone, unnest(ARRAY[gone.result_key, gone.media_key, gone.peaks_key]) AS k
      WHERE k IS NOT NULL`,
    [userId],
  );
  rows.push(...renders);
  await q.query(`DELETE FROM retranslate_usage WHERE user_id = $1`, [userId]);
  return rows.map((r) => r.key);
}

/** Re-translation counters of days older than `months` before `now`: usage logs, kept that long. */
export async function deleteOldUsage(q: Queryable, now: Date, months: number): Promise<number> {
  const rows = await q.query(
    `DELETE FROM retranslate_usage
      WHERE day < ($1::timestamptz AT TIME ZONE 'UTC' - make_interval(months => $2))::date RETURNING 1`,
    [now, months],
  );
  return rows.length;
}
