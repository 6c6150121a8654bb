import type { z } from 'zod';
import type { partRequestField, TaskPartial } from '@subtrans/contract';
import { mediaPrice, partPoints, taskPrice } from '@subtrans/subtitles';

/** What a start asks of a part of the task (issue 34): the next lines, minutes or points. */
export type PartRequest = z.output<typeof partRequestField>;

/** The task's columns of issue 34 (migrations 0032, 0033): a file translated in parts. */
export interface TaskPartRow {
  part_end: number | null;
  paid_through: number | null;
  charged_points: number;
  segment_count: number;
  status: string;
  duration_ms: number;
  /** audio/video: how far the completed parts transcribed (null: all of it) */
  audio_done_ms: number | null;
  /** audio/video: the end of the stretch the running part transcribes (null: the file's end) */
  audio_part_end_ms: number | null;
  /** audio/video: where the running part's transcript stopped (null: the file's end) */
  audio_cut_ms: number | null;
  /** where the query read them (PART_TOTALS): the file's last end, its characters, the done lines' last end */
  part_totals?: number[] | null;
}

/** TaskPartRow's own select-list items (part of TASK_COLUMNS; valid in RETURNING lists too) */
export const PART_COLUMNS = `part_end, paid_through, charged_points, audio_done_ms, audio_part_end_ms, audio_cut_ms`;

/**
 * A select-list item for a task translated in part (completed, lines left): [the file's last end,
 * its characters, the translated lines' last end], or null. Only such tasks read their lines.
 */
export const PART_TOTALS = `CASE WHEN tasks.status = 'completed' AND tasks.paid_through IS NOT NULL
                                  AND tasks.audio_done_ms IS NULL THEN
  (SELECT ARRAY[coalesce(max(s.end_ms), 0), coalesce(sum(char_length(s.original_text)), 0),
                coalesce(max(s.end_ms) FILTER (WHERE s.position <= tasks.paid_through), 0)]::float8[]
     FROM task_segments s WHERE s.task_id = tasks.id) END AS part_totals`;

/**
 * Whether the task is completed with lines left to translate, or (audio/video) audio left to
 * transcribe: then paid_through is its last line, all translated.
 */
export const isPartial = (r: TaskPartRow): boolean =>
  r.status === 'completed' &&
  r.paid_through !== null &&
  (r.paid_through < r.segment_count || r.audio_done_ms !== null);

/** Whether the task is an audio/video task with audio left to transcribe. */
export const isMediaPartial = (r: TaskPartRow): boolean => isPartial(r) && r.audio_done_ms !== null;

/** Whether a line of the task is in the part translated and paid for (every line, unless partial). */
export const paidFor = (r: TaskPartRow, position: number): boolean =>
  !isPartial(r) || position <= r.paid_through!;

/** What the contract says of a task translated in part (null for any other, or unread totals). */
export function toPartial(r: TaskPartRow): TaskPartial | null {
  if (isMediaPartial(r))
    return {
      translatedThrough: r.paid_through!,
      remainingLines: null,
      remainingMs: Math.max(0, Number(r.duration_ms) - r.audio_done_ms!),
      restPoints: partPoints(mediaPrice(Number(r.duration_ms)), r.charged_points),
      chargedPoints: r.charged_points,
    };
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
