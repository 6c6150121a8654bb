import type { PricedLine } from '@subtrans/subtitles';
import type { Queryable } from '../../../db/client.js';
import { TASK_COLUMNS, type TaskRow } from '../tasks.repository.js';

/** What each line adds to the price, in order: where it ends, its original's characters. */
export async function linePrices(q: Queryable, taskId: string): Promise<PricedLine[]> {
  const rows = await q.query<{ end_ms: string | number; chars: number }>(
    `SELECT end_ms, char_length(original_text) AS chars FROM task_segments WHERE task_id = $1 ORDER BY position`,
    [taskId],
  );
  return rows.map((r) => ({ endMs: Number(r.end_ms), chars: Number(r.chars) }));
}

/**
 * Claims a partly translated task for its next part: translating lines paidThrough+1..partEnd
 * (NULL: to the end) at `points`, a fresh hold reference, a new edit version. Only while it is
 * still completed with the same lines done, so of two concurrent continues one claims it and the
 * other answers undefined. The stored SRT of the part before stays until this part completes.
 */
export async function claimRest(
  q: Queryable,
  userId: number,
  id: string,
  part: { paidThrough: number; partEnd: number | null; points: number },
): Promise<TaskRow | undefined> {
  const rows = await q.query<TaskRow>(
    `UPDATE tasks
        SET status = 'translating', progress = 0, error = NULL, error_key = NULL, points_error = NULL,
            upload_error = NULL, starts = starts + 1, estimated_points = $4, part_end = $5,
            hold_ref = 'task:' || id || ':' || (starts + 1), version = version + 1,
            work_calls = 0, work_bytes = 0, started_at = now(), finished_at = NULL, updated_at = now()
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL AND status = 'completed'
        AND paid_through = $3 AND NOT awaiting_review
      RETURNING ${TASK_COLUMNS}`,
    [id, userId, part.paidThrough, part.points, part.partEnd],
  );
  return rows[0];
}

/** Adds a part's captured points to what the task was charged. */
export async function addCharged(q: Queryable, id: string, points: number): Promise<void> {
  await q.query(`UPDATE tasks SET charged_points = charged_points + $2 WHERE id = $1`, [id, points]);
}

/**
 * A later part that failed: the task goes back to what its earlier parts made it (completed, lines
 * 1..paid_through translated, the failure said in error/error_key), and the lines this part
 * translated before failing lose their translation (they were not paid for); an audio/video
 * task's lines this part transcribed go (its audio after audio_done_ms is transcribed again by the
 * next part). Undefined when the task is not running a later part (then it fails as a whole).
 */
export async function failLaterPart(
  q: Queryable,
  id: string,
  error: string,
  errorKey: string | null,
): Promise<TaskRow | undefined> {
  const rows = await q.query<TaskRow>(
    `UPDATE tasks SET status = 'completed', progress = 100, part_end = paid_through, error = $2, error_key = $3,
            version = version + 1, finished_at = now(), updated_at = now(),
            segment_count = CASE WHEN audio_done_ms IS NOT NULL THEN paid_through ELSE segment_count END,
            execute_status = CASE WHEN kind = 'media' THEN 4 END, audio_part_end_ms = NULL, audio_cut_ms = NULL
      WHERE id = $1 AND status IN ('translating', 'processing') AND paid_through IS NOT NULL
      RETURNING ${TASK_COLUMNS}`,
    [id, error.slice(0, 500), errorKey],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.audio_done_ms !== null)
    await q.query(`DELETE FROM task_segments WHERE task_id = $1 AND position > $2`, [id, row.paid_through]);
  await q.query(
    `UPDATE task_segments SET translated_text = NULL, review_flags = '{}', terms_asked = false
      WHERE task_id = $1 AND position > $2 AND (translated_text IS NOT NULL OR terms_asked)`,
    [id, row.paid_through],
  );
  const [kept] = await q.query<{ n: number }>(
    `UPDATE tasks SET kept_original = (SELECT count(*)::int FROM task_segments
                                        WHERE task_id = $1 AND 'kept-original' = ANY(review_flags))
      WHERE id = $1 RETURNING kept_original AS n`,
    [id],
  );
  return { ...row, kept_original: kept?.n ?? row.kept_original };
}

/**
 * Claims an audio/video task translated in part for its next part: the stretch from audio_done_ms
 * to endMs (NULL: the file's end) transcribed, its lines appended after paid_through and
 * translated, at `points` under a fresh hold reference. Only while it is still completed with the
 * same audio done, so of two concurrent continues one claims it.
 */
export async function claimMediaRest(
  q: Queryable,
  userId: number,
  id: string,
  part: { paidThrough: number; doneMs: number; endMs: number | null; points: number },
): Promise<TaskRow | undefined> {
  const rows = await q.query<TaskRow>(
    `UPDATE tasks
        SET status = 'processing', execute_status = 0, progress = 0, error = NULL, error_key = NULL,
            points_error = NULL, upload_error = NULL, starts = starts + 1, estimated_points = $5,
            audio_part_end_ms = $6, audio_cut_ms = NULL, part_end = NULL,
            hold_ref = 'task:' || id || ':' || (starts + 1), version = version + 1,
            work_calls = 0, work_bytes = 0, started_at = now(), finished_at = NULL, updated_at = now()
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL AND status = 'completed' AND kind = 'media'
        AND paid_through = $3 AND audio_done_ms = $4 AND media_key IS NOT NULL AND NOT awaiting_review
      RETURNING ${TASK_COLUMNS}`,
    [id, userId, part.paidThrough, part.doneMs, part.points, part.endMs],
  );
  return rows[0];
}
