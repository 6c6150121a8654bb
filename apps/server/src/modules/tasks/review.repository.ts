import type { Queryable } from '../../db/client.js';
import type { SegmentRow } from './tasks.repository.js';

/** Some of a task's segments as stored (to compute their flags again after an edit). */
export async function segmentsAt(q: Queryable, taskId: string, positions: number[]): Promise<SegmentRow[]> {
  return q.query<SegmentRow>(
    `SELECT position, start_ms, end_ms, original_text, translated_text, review_flags, terms_asked
       FROM task_segments WHERE task_id = $1 AND position = ANY($2::int[]) ORDER BY position`,
    [taskId, positions],
  );
}

/** Stores the review flags of some segments (comma-joined per line: see saveTranslatedLines). */
export async function saveReviewFlags(
  q: Queryable,
  taskId: string,
  lines: { position: number; flags: readonly string[] }[],
): Promise<void> {
  if (!lines.length) return;
  await q.query(
    `UPDATE task_segments s SET review_flags = string_to_array(v.flags, ',')
       FROM unnest($2::int[], $3::text[]) AS v(position, flags)
      WHERE s.task_id = $1 AND s.position = v.position`,
    [taskId, lines.map((l) => l.position), lines.map((l) => l.flags.join(','))],
  );
}
