import type { RenderResolution, RenderStatus, RenderStyle } from '@subtrans/contract';
import type { Queryable } from '../../../db/client.js';

/** Issue 40: a task's renders (migration 0044). */
export interface RenderRow {
  id: string;
  task_id: string;
  user_id: number;
  status: RenderStatus;
  style: RenderStyle;
  resolution: RenderResolution;
  points: number;
  hold_ref: string;
  job_id: string | null;
  duration_ms: string;
  done_ms: string;
  attempts: number;
  output_key: string | null;
  size_bytes: string | null;
  width: number | null;
  height: number | null;
  error: string | null;
  error_key: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const RUNNING = `status IN ('queued', 'rendering')`;

/**
 * A new render, queued; undefined when one of the task's renders is queued or running already (the
 * partial unique index decides, so two starts at once make one).
 */
export async function insertRender(
  q: Queryable,
  r: {
    id: string;
    taskId: string;
    userId: number;
    style: RenderStyle;
    resolution: RenderResolution;
    points: number;
    holdRef: string;
    durationMs: number;
  },
): Promise<RenderRow | undefined> {
  const rows = await q.query<RenderRow>(
    `INSERT INTO task_renders (id, task_id, user_id, style, resolution, points, hold_ref, duration_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (task_id) WHERE ${RUNNING} DO NOTHING
     RETURNING *`,
    [r.id, r.taskId, r.userId, JSON.stringify(r.style), r.resolution, r.points, r.holdRef, r.durationMs],
  );
  return rows[0];
}

export async function setRenderJob(q: Queryable, id: string, jobId: string | null): Promise<void> {
  await q.query(`UPDATE task_renders SET job_id = $2 WHERE id = $1`, [id, jobId]);
}

export async function findRender(q: Queryable, id: string): Promise<RenderRow | undefined> {
  return (await q.query<RenderRow>(`SELECT * FROM task_renders WHERE id = $1`, [id]))[0];
}

/** The task's latest render; with `completed`, its latest finished one (the one with a file). */
export async function latestRender(
  q: Queryable,
  taskId: string,
  opts: { completed?: boolean } = {},
): Promise<RenderRow | undefined> {
  const rows = await q.query<RenderRow>(
    `SELECT * FROM task_renders WHERE task_id = $1 ${opts.completed ? `AND status = 'completed' AND output_key IS NOT NULL` : ''}
      ORDER BY created_at DESC, id LIMIT 1`,
    [taskId],
  );
  return rows[0];
}

/** The job starts (again): rendering from 0, one more attempt; undefined when it ended meanwhile. */
export async function claimRender(q: Queryable, id: string): Promise<RenderRow | undefined> {
  const rows = await q.query<RenderRow>(
    `UPDATE task_renders SET status = 'rendering', done_ms = 0, attempts = attempts + 1, updated_at = now()
      WHERE id = $1 AND ${RUNNING} RETURNING *`,
    [id],
  );
  return rows[0];
}

export async function setRenderProgress(q: Queryable, id: string, doneMs: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE task_renders SET done_ms = GREATEST(done_ms, $2), updated_at = now()
      WHERE id = $1 AND status = 'rendering' RETURNING 1`,
    [id, Math.max(0, Math.round(doneMs))],
  );
  return rows.length > 0;
}

/**
 * The render is done and its file stored; the task's earlier renders let their files go (answered,
 * for the deletion queue). Undefined when it was not rendering any more (failed meanwhile).
 */
export async function completeRender(
  q: Queryable,
  id: string,
  out: { key: string; sizeBytes: number; width: number; height: number },
): Promise<{ row: RenderRow; superseded: string[] } | undefined> {
  const [row] = await q.query<RenderRow>(
    `UPDATE task_renders
        SET status = 'completed', done_ms = duration_ms, output_key = $2, size_bytes = $3, width = $4,
            height = $5, finished_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'rendering' RETURNING *`,
    [id, out.key, out.sizeBytes, out.width, out.height],
  );
  if (!row) return undefined;
  const superseded = await q.query<{ key: string }>(
    `WITH old AS (
       SELECT id, output_key FROM task_renders
        WHERE task_id = $1 AND id <> $2 AND output_key IS NOT NULL FOR UPDATE)
     UPDATE task_renders r SET output_key = NULL FROM old WHERE r.id = old.id
     RETURNING old.output_key AS key`,
    [row.task_id, id],
  );
  return { row, superseded: superseded.map((s) => s.key) };
}

/** The render failed (still running until now); answers it, or undefined when it had ended. */
export async function failRender(
  q: Queryable,
  id: string,
  errorKey: string,
  error: string,
): Promise<RenderRow | undefined> {
  const rows = await q.query<RenderRow>(
    `UPDATE task_renders SET status = 'failed', error_key = $2, error = $3, finished_at = now(), updated_at = now()
      WHERE id = $1 AND ${RUNNING} RETURNING *`,
    [id, errorKey, error.slice(0, 1000)],
  );
  return rows[0];
}

/** Renders queued or running that have not moved for `minutes` (their job may be gone). */
export async function quietRenders(q: Queryable, minutes: number): Promise<RenderRow[]> {
  return q.query<RenderRow>(
    `SELECT * FROM task_renders WHERE ${RUNNING} AND updated_at < now() - make_interval(mins => $1)
      ORDER BY updated_at LIMIT 100`,
    [minutes],
  );
}
