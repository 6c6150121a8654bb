import type { Queryable } from '../../../db/client.js';
import { TASK_COLUMNS, type TaskRow } from '../tasks.repository.js';

export interface BatchRow {
  id: string;
  user_id: number;
  name: string;
  target_languages: string[];
  finished_at: Date | null;
  created_at: Date;
}

export async function insertBatch(
  q: Queryable,
  b: { userId: number; name: string; targets: string[] },
): Promise<BatchRow> {
  const rows = await q.query<BatchRow>(
    `INSERT INTO batches (user_id, name, target_languages) VALUES ($1, $2, $3)
     RETURNING id, user_id, name, target_languages, finished_at, created_at`,
    [b.userId, b.name, b.targets],
  );
  return rows[0]!;
}

export async function findOwnBatch(q: Queryable, userId: number, id: string): Promise<BatchRow | undefined> {
  const rows = await q.query<BatchRow>(
    `SELECT id, user_id, name, target_languages, finished_at, created_at FROM batches
      WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return rows[0];
}

/** Files as a person orders episodes: "ep2" before "ep10". */
export const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The batch's live tasks, file by file (episode order), then language by language as asked. */
export async function batchTasks(
  q: Queryable,
  batch: Pick<BatchRow, 'id' | 'target_languages'>,
): Promise<TaskRow[]> {
  const rows = await q.query<TaskRow>(
    `SELECT ${TASK_COLUMNS} FROM tasks WHERE batch_id = $1 AND deleted_at IS NULL`,
    [batch.id],
  );
  const order = (r: TaskRow) => batch.target_languages.indexOf(r.target_language);
  return rows.sort(
    (a, b) => byName.compare(a.file_name, b.file_name) || order(a) - order(b) || (a.id < b.id ? -1 : 1),
  );
}

/**
 * Marks the batch finished once none of its tasks is queued or running, in the caller's
 * transaction (the one that ended a task): answers it with its counts the one time that happens
 * (its batch.completed is sent then). The batch's row is locked first, so two of its tasks ending
 * at once see each other's end: the second to lock reads the first's, committed.
 */
export async function finishBatchIfDone(
  q: Queryable,
  batchId: string,
): Promise<(BatchRow & { completed: number; failed: number }) | undefined> {
  await q.query('SELECT id FROM batches WHERE id = $1 FOR UPDATE', [batchId]);
  const rows = await q.query<BatchRow>(
    `UPDATE batches SET finished_at = now()
      WHERE id = $1 AND finished_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM tasks WHERE batch_id = $1 AND deleted_at IS NULL
                           AND status NOT IN ('completed', 'failed'))
      RETURNING id, user_id, name, target_languages, finished_at, created_at`,
    [batchId],
  );
  if (!rows[0]) return undefined;
  const [counts] = await q.query<{ completed: number; failed: number }>(
    `SELECT count(*) FILTER (WHERE status = 'completed')::int AS completed,
            count(*) FILTER (WHERE status = 'failed')::int AS failed
       FROM tasks WHERE batch_id = $1 AND deleted_at IS NULL`,
    [batchId],
  );
  return { ...rows[0], ...counts! };
}
