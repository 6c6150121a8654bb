import { briefSchema, type Brief, type Formality } from '@subtrans/contract';
import type { Queryable } from '../../../db/client.js';
import { HOLD_COLUMNS, TASK_COLUMNS, type TaskHold, type TaskRow } from '../tasks.repository.js';

/** The task options of issue 26 as the upload gave them (contract voiceFields). */
export interface VoiceInput {
  glossaryIds: string[];
  seriesId: string | null;
  formality: Formality;
  translatorNote: string;
  reviewTerms: boolean;
}

/** A task without any of the options: the columns' defaults. */
export const NO_VOICE: VoiceInput = {
  glossaryIds: [],
  seriesId: null,
  formality: 'source',
  translatorNote: '',
  reviewTerms: false,
};

/** The options a task has stored. */
export const voiceInputOf = (row: TaskRow): VoiceInput => ({
  glossaryIds: row.glossary_ids ?? [],
  seriesId: row.series_id,
  formality: row.formality,
  translatorNote: row.translator_note,
  reviewTerms: row.review_terms,
});

/** Stores the task's options; answers the task as it now is. */
export async function setTaskVoice(q: Queryable, taskId: string, v: VoiceInput): Promise<TaskRow> {
  const [row] = await q.query<TaskRow>(
    `UPDATE tasks SET glossary_ids = $2::uuid[], series_id = $3, formality = $4, translator_note = $5,
            review_terms = $6
      WHERE id = $1 RETURNING ${TASK_COLUMNS}`,
    [taskId, v.glossaryIds, v.seriesId, v.formality, v.translatorNote, v.reviewTerms],
  );
  return row!;
}

/** The task's brief, or null before one is written. */
export async function readBrief(q: Queryable, taskId: string): Promise<Brief | null> {
  const [row] = await q.query<{ brief: unknown }>(`SELECT brief FROM tasks WHERE id = $1`, [taskId]);
  if (!row?.brief) return null;
  const value: unknown = typeof row.brief === 'string' ? JSON.parse(row.brief) : row.brief;
  const parsed = briefSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The parts of the film's brief answered so far for a brief of `count` parts, by part index. */
export async function readBriefParts(
  q: Queryable,
  taskId: string,
  count: number,
): Promise<Map<number, Brief>> {
  const [row] = await q.query<{ parts: unknown }>(`SELECT brief_parts AS parts FROM tasks WHERE id = $1`, [
    taskId,
  ]);
  const value: unknown = typeof row?.parts === 'string' ? JSON.parse(row.parts) : row?.parts;
  const parts = new Map<number, Brief>();
  for (const [key, part] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    const [index, of] = key.split('/').map(Number);
    const parsed = briefSchema.safeParse(part);
    if (of === count && Number.isInteger(index) && parsed.success) parts.set(index!, parsed.data);
  }
  return parts;
}

/**
 * One part of the film's brief as the engine answered it (part `index` of `count`), with the calls
 * it took, kept until the brief is written (issue 41). Only while the task runs; false when it
 * went away.
 */
export async function recordBriefPart(
  q: Queryable,
  taskId: string,
  p: { index: number; count: number; brief: Brief; calls: number },
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE tasks
        SET brief_parts = COALESCE(brief_parts, '{}'::jsonb) || jsonb_build_object($2::text, $3::jsonb),
            brief_calls = brief_calls + $4, engine_calls = engine_calls + $4, updated_at = now()
      WHERE id = $1 AND status = 'translating' AND deleted_at IS NULL
      RETURNING 1`,
    [taskId, `${p.index}/${p.count}`, JSON.stringify(p.brief), p.calls],
  );
  return rows.length > 0;
}

/**
 * The brief the engine wrote (null: none could be), its calls counted (those its parts did not
 * count), its parts no longer kept, and, when `review`, the
 * run paused for the user: pending, awaiting the review for `reviewDays`, its points still held,
 * the batch size kept for the run that goes on. Only while the task runs; false when it went away.
 */
export async function recordBrief(
  q: Queryable,
  taskId: string,
  r: { brief: Brief | null; calls: number; review: boolean; batchSize: number; reviewDays: number },
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE tasks
        SET brief = COALESCE($2::jsonb, brief), brief_parts = NULL, brief_calls = brief_calls + $3,
            engine_calls = engine_calls + $3,
            status = CASE WHEN $4 THEN 'pending' ELSE status END, awaiting_review = $4,
            review_expires_at = CASE WHEN $4 THEN now() + make_interval(days => $5) END,
            batch_size = $6, updated_at = now()
      WHERE id = $1 AND status = 'translating' AND deleted_at IS NULL
      RETURNING 1`,
    [taskId, r.brief ? JSON.stringify(r.brief) : null, r.calls, r.review, r.reviewDays, r.batchSize],
  );
  return rows.length > 0;
}

/**
 * Engine calls of the task's batches (condensing and asking again included), and the work this
 * start took against its allowance (issue 41: the brief's calls too, and the prompt bytes).
 */
export async function addEngineCalls(
  q: Queryable,
  taskId: string,
  calls: number,
  work: { calls: number; bytes: number } = { calls: 0, bytes: 0 },
): Promise<void> {
  await q.query(
    `UPDATE tasks SET engine_calls = engine_calls + $2, work_calls = work_calls + $3, work_bytes = work_bytes + $4
      WHERE id = $1`,
    [taskId, calls, work.calls, work.bytes],
  );
}

/** The user's brief replaces the task's; the task as it now is, or undefined when not the caller's. */
export async function saveBrief(
  q: Queryable,
  userId: number,
  taskId: string,
  brief: Brief,
): Promise<TaskRow | undefined> {
  const rows = await q.query<TaskRow>(
    `UPDATE tasks SET brief = $3::jsonb, updated_at = now()
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING ${TASK_COLUMNS}`,
    [taskId, userId, JSON.stringify(brief)],
  );
  return rows[0];
}

/** A task awaiting the review of its names and terms goes on translating (undefined: it was not). */
export async function resumeAfterReview(
  q: Queryable,
  userId: number,
  taskId: string,
): Promise<TaskRow | undefined> {
  const rows = await q.query<TaskRow>(
    `UPDATE tasks SET status = 'translating', awaiting_review = false, review_expires_at = NULL, updated_at = now()
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL AND status = 'pending' AND awaiting_review
      RETURNING ${TASK_COLUMNS}`,
    [taskId, userId],
  );
  return rows[0];
}

/** Ids of tasks whose review has waited past its time at `now`, oldest first. */
export async function dueReviews(q: Queryable, now: Date, limit: number): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM tasks
      WHERE awaiting_review AND review_expires_at <= $1 AND deleted_at IS NULL
      ORDER BY review_expires_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}

/**
 * A review left waiting past its time at `now` cancels the task: failed (REVIEW_EXPIRED), no longer
 * awaiting. Answers its hold to release, or undefined when it was continued or deleted meanwhile.
 */
export async function cancelReview(q: Queryable, taskId: string, now: Date): Promise<TaskHold | undefined> {
  const rows = await q.query<TaskHold>(
    `UPDATE tasks
        SET status = 'failed', awaiting_review = false, review_expires_at = NULL, error_key = 'REVIEW_EXPIRED',
            error = 'the names and terms were not reviewed in time',
            execute_status = CASE WHEN execute_status IS NOT NULL THEN 5 END, finished_at = now(), updated_at = now()
      WHERE id = $1 AND awaiting_review AND review_expires_at <= $2 AND deleted_at IS NULL
      RETURNING ${HOLD_COLUMNS}`,
    [taskId, now],
  );
  return rows[0];
}
