import type { Queryable } from '../../db/client.js';

/** Issue 38: the overview job's state and a video's shot changes (migration 0039). */
export interface OverviewRow {
  task_id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  progress: number;
  shot_changes_ms: number[] | null;
  /** the length of audio/video given to a subtitle-file task (its duration_ms is its lines') */
  media_ms: number | null;
  error: string | null;
  /** seconds since the row last changed, by the database's clock */
  age_s: number;
}

const OVERVIEW = `task_id, status, progress, shot_changes_ms, media_ms, error,
  EXTRACT(EPOCH FROM now() - updated_at)::int AS age_s`;

export async function findOverview(q: Queryable, taskId: string): Promise<OverviewRow | undefined> {
  const rows = await q.query<OverviewRow>(`SELECT ${OVERVIEW} FROM media_overviews WHERE task_id = $1`, [
    taskId,
  ]);
  return rows[0];
}

/**
 * Marks the overview queued unless a job has it (queued or running, and moved within `staleMinutes`)
 * or it failed within `failedMinutes`; false when it was not marked (its job is queued already, or
 * another caller just marked it): concurrent callers queue one job.
 */
export async function claimOverview(
  q: Queryable,
  taskId: string,
  opts: { staleMinutes: number; failedMinutes: number },
): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO media_overviews AS o (task_id, status, progress) VALUES ($1, 'queued', 0)
     ON CONFLICT (task_id) DO UPDATE SET status = 'queued', progress = 0, error = NULL, updated_at = now()
      WHERE o.status = 'done'
         OR (o.status = 'failed' AND o.updated_at < now() - make_interval(mins => $3))
         OR (o.status IN ('queued', 'running') AND o.updated_at < now() - make_interval(mins => $2))
     RETURNING 1`,
    [taskId, opts.staleMinutes, opts.failedMinutes],
  );
  return rows.length > 0;
}

/** The job started (again): running from 0. */
export async function markOverviewRunning(q: Queryable, taskId: string): Promise<void> {
  await q.query(
    `INSERT INTO media_overviews AS o (task_id, status, progress) VALUES ($1, 'running', 0)
     ON CONFLICT (task_id) DO UPDATE SET status = 'running', progress = 0, error = NULL, updated_at = now()`,
    [taskId],
  );
}

/**
 * The running job's progress (0–100), running again should a call have found it stale and marked
 * it queued meanwhile; a late write does not undo its end.
 */
export async function setOverviewProgress(q: Queryable, taskId: string, progress: number): Promise<void> {
  await q.query(
    `UPDATE media_overviews SET status = 'running', progress = $2, updated_at = now()
      WHERE task_id = $1 AND status IN ('queued', 'running')`,
    [taskId, progress],
  );
}

/**
 * A video's shot changes, while its task is not deleted and still has the media they were found
 * in; false when it was deleted or given other media meanwhile.
 */
export async function saveShotChanges(
  q: Queryable,
  taskId: string,
  mediaKey: string,
  shotsMs: number[],
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE media_overviews o SET shot_changes_ms = $3::int[], updated_at = now()
       FROM tasks t WHERE o.task_id = $1 AND t.id = o.task_id AND t.deleted_at IS NULL AND t.media_key = $2
     RETURNING 1`,
    [taskId, mediaKey, shotsMs],
  );
  return rows.length > 0;
}

/**
 * New media for a subtitle-file task (issue 38): its overview starts again, queued, with the new
 * media's length and no shot changes (the caller's transaction, which queues its job).
 */
export async function restartOverview(q: Queryable, taskId: string, mediaMs: number): Promise<void> {
  await q.query(
    `INSERT INTO media_overviews AS o (task_id, status, progress, media_ms) VALUES ($1, 'queued', 0, $2)
     ON CONFLICT (task_id) DO UPDATE
       SET status = 'queued', progress = 0, shot_changes_ms = NULL, media_ms = $2, error = NULL, updated_at = now()`,
    [taskId, mediaMs],
  );
}

/** The task's media object as it is now (undefined: no such task), for a job to see it replaced. */
export async function currentMediaKey(q: Queryable, taskId: string): Promise<string | null | undefined> {
  const rows = await q.query<{ media_key: string | null }>(`SELECT media_key FROM tasks WHERE id = $1`, [
    taskId,
  ]);
  return rows[0] ? rows[0].media_key : undefined;
}

/**
 * The job's end: done (progress 100), failed (with why, kept for the log), or queued again (a
 * retry or a process stopping puts the job back).
 */
export async function endOverview(
  q: Queryable,
  taskId: string,
  status: 'done' | 'failed' | 'queued',
  error: string | null = null,
): Promise<void> {
  await q.query(
    `UPDATE media_overviews
        SET status = $2::text, progress = CASE WHEN $2::text = 'done' THEN 100 ELSE progress END, error = $3,
            updated_at = now()
      WHERE task_id = $1`,
    [taskId, status, error?.slice(0, 500) ?? null],
  );
}

/** A deleted task's overview goes with it (its row stays, soft-deleted). */
export async function deleteOverview(q: Queryable, taskId: string): Promise<void> {
  await q.query(`DELETE FROM media_overviews WHERE task_id = $1`, [taskId]);
}
