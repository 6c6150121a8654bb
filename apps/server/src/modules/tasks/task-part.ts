import type { TaskPartial } from '@subtrans/contract';
import { partPoints, taskPrice } from '@subtrans/subtitles';

/** The task's columns of issue 34 (migration 0032): a file translated in parts. */
export interface TaskPartRow {
  part_end: number | null;
  paid_through: number | null;
  charged_points: number;
  segment_count: number;
  status: string;
  /** where the query read them (PART_TOTALS): the file's last end, its characters, the done lines' last end */
  part_totals?: number[] | null;
}

/** TaskPartRow's own select-list items (part of TASK_COLUMNS; valid in RETURNING lists too) */
export const PART_COLUMNS = `part_end, paid_through, charged_points`;

/**
 * A select-list item for a task translated in part (completed, lines left): [the file's last end,
 * its characters, the translated lines' last end], or null. Only such tasks read their lines.
 */
export const PART_TOTALS = `CASE WHEN tasks.status = 'completed' AND tasks.paid_through IS NOT NULL THEN
  (SELECT ARRAY[coalesce(max(s.end_ms), 0), coalesce(sum(char_length(s.original_text)), 0),
                coalesce(max(s.end_ms) FILTER (WHERE s.position <= tasks.paid_through), 0)]::float8[]
     FROM task_segments s WHERE s.task_id = tasks.id) END AS part_totals`;

/** Whether the task is completed with lines left to translate. */
export const isPartial = (r: TaskPartRow): boolean =>
  r.status === 'completed' && r.paid_through !== null && r.paid_through < r.segment_count;

/** Whether a line of the task is in the part translated and paid for (every line, unless partial). */
export const paidFor = (r: TaskPartRow, position: number): boolean =>
  !isPartial(r) || position <= r.paid_through!;

/** What the contract says of a task translated in part (null for any other, or unread totals). */
export function toPartial(r: TaskPartRow): TaskPartial | null {
  if (!isPartial(r) || !r.part_totals) return null;
  const [endMs = 0, chars = 0, doneEndMs = 0] = r.part_totals.map(Number);
  return {
    translatedThrough: r.paid_through!,
    remainingLines: r.segment_count - r.paid_through!,
    remainingMs: Math.max(0, endMs - doneEndMs),
    restPoints: partPoints(
      taskPrice({ durationMs: endMs, chars, cues: r.segment_count }).points,
      r.charged_points,
    ),
    chargedPoints: r.charged_points,
  };
}
