import type { CostRule, Task, TaskStatus } from '@subtrans/contract';
import {
  DEFAULT_NORMS,
  framesToMs,
  MIN_GAP_FRAMES,
  type Cue,
  type SubtitleInputFormat,
} from '@subtrans/subtitles';
import type { Queryable } from '../../db/client.js';
import { toVoice, VOICE_COLUMNS, type TaskVoiceRow } from './brief/task-voice.js';
import { PART_COLUMNS, PART_TOTALS, toPartial, type TaskPartRow } from './parts/task-part.js';

export interface TaskRow extends TaskVoiceRow, TaskPartRow {
  id: string;
  user_id: number;
  file_name: string;
  original_language: string;
  detected_language: string | null;
  target_language: string;
  translation_service: string;
  include_original_text: boolean;
  status: TaskStatus;
  progress: number;
  segment_count: number;
  duration_ms: number;
  estimated_points: number;
  cost_rule: CostRule | null;
  kept_original: number;
  points_error: string | null;
  upload_error: string | null;
  error: string | null;
  attempts: number;
  version: number;
  hold_ref: string | null;
  job_id: string | null;
  result_key: string | null;
  deleted_at: Date | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  kind: 'srt' | 'media';
  batch_id: string | null;
  media_key: string | null;
  media_type: 1 | 2 | null;
  media_bytes: number | null;
  media_language: string | null;
  detect_status: number | null;
  execute_status: number | null;
  error_key: string | null;
  media_expires_at: Date | null;
  /** issue 38: the waveform's object, made from the audio the execution extracted */
  peaks_key: string | null;
  keep_engine_breaks: boolean;
  source_format: SubtitleInputFormat | null;
  /** lines with review flags, where the query counted them (REVIEW_COUNT) */
  review_count?: number;
  /** issue 40 §2: reviewers' comments not resolved, where the query counted them (OPEN_COMMENTS) */
  open_comments?: number;
  approved_at: Date | null;
}

/** every column of TaskRow, for SELECT and RETURNING lists */
export const TASK_COLUMNS = `id, user_id, file_name, original_language, detected_language, target_language, translation_service, include_original_text, status, progress, segment_count, duration_ms, estimated_points, cost_rule, kept_original, points_error, upload_error, error, attempts, version, hold_ref, job_id, result_key, deleted_at, created_at, started_at, finished_at, kind, media_key, media_type, media_bytes, media_language, detect_status, execute_status, error_key, media_expires_at, peaks_key, keep_engine_breaks, source_format, batch_id, approved_at, ${VOICE_COLUMNS}, ${PART_COLUMNS}`;

/** what the ledger needs of a task to hold, capture or release its run's points (life/task-life.service.ts) */
export type TaskHold = Pick<TaskRow, 'id' | 'user_id' | 'hold_ref' | 'estimated_points'>;
export const HOLD_COLUMNS = `id, user_id, hold_ref, estimated_points`;

// every language has these durations (norms.test.ts says so): the SQL needs no table of them
const { minDurationMs: MIN_MS, maxDurationMs: MAX_MS } = DEFAULT_NORMS;

/**
 * a select-list item: the task's lines to review: with review flags, or (issue 36) with a timing
 * fault the editor flags: shorter or longer than the target language's durations with the user's
 * overrides (normsFor: a minimum not below the maximum drops both), overlapping the next line or
 * closer to it than 2 frames at 24 fps (apps/web's quality.ts, linesToReview)
 */
export const REVIEW_COUNT = `(SELECT count(*)::int FROM (
    SELECT s.review_flags <> '{}' AS flagged, s.end_ms - s.start_ms AS d,
      lead(s.start_ms) OVER (ORDER BY s.position) - s.end_ms AS gap
    FROM task_segments s WHERE s.task_id = tasks.id
  ) x, (
    SELECT CASE WHEN lo < hi THEN lo ELSE ${MIN_MS} END AS lo, CASE WHEN lo < hi THEN hi ELSE ${MAX_MS} END AS hi
    FROM (
      SELECT coalesce((o->>'minDurationMs')::numeric, ${MIN_MS}) AS lo, coalesce((o->>'maxDurationMs')::numeric, ${MAX_MS}) AS hi
      FROM (SELECT (SELECT overrides FROM quality_limits q WHERE q.user_id = tasks.user_id AND q.target_language = tasks.target_language) AS o) a
    ) b
  ) lim
  WHERE x.flagged OR x.d < lim.lo OR x.d > lim.hi OR x.gap < ${framesToMs(MIN_GAP_FRAMES, 24)}
) AS review_count`;

/** a select-list item: the reviewers' comments on the task not resolved yet (issue 40 §2) */
export const OPEN_COMMENTS = `(SELECT count(*)::int FROM review_comments c
    WHERE c.task_id = tasks.id AND c.resolved_at IS NULL AND NOT c.by_owner) AS open_comments`;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export function toTask(r: TaskRow): Task {
  return {
    id: r.id,
    fileName: r.file_name,
    originalLanguage: r.original_language,
    detectedLanguage: r.detected_language,
    targetLanguage: r.target_language,
    translationService: r.translation_service,
    includeOriginalText: r.include_original_text,
    status: r.status,
    translationProgress: r.progress,
    segmentCount: r.segment_count,
    duration: r.duration_ms,
    estimatedPoints: r.estimated_points,
    costRule: r.cost_rule,
    keptOriginal: r.kept_original,
    pointsError: r.points_error,
    uploadError: r.upload_error,
    error: r.error,
    submitTime: new Date(r.created_at).toISOString(),
    translationStartTime: iso(r.started_at),
    translationEndTime: iso(r.finished_at),
    translationDuration:
      r.started_at && r.finished_at
        ? new Date(r.finished_at).getTime() - new Date(r.started_at).getTime()
        : null,
    version: r.version,
    kind: r.kind,
    mediaType: r.media_type,
    mediaSize: r.media_bytes === null ? null : Number(r.media_bytes),
    detectStatus: r.detect_status,
    executeStatus: r.execute_status,
    errorKey: r.error_key,
    mediaExpiresAt: iso(r.media_expires_at),
    keepEngineBreaks: r.keep_engine_breaks,
    sourceFormat: r.source_format,
    batchId: r.batch_id,
    reviewCount: r.review_count ?? 0,
    attempts: r.attempts,
    voice: toVoice(r),
    partial: toPartial(r),
    partEnd: r.part_end,
    openComments: r.open_comments ?? 0,
    approvedAt: iso(r.approved_at),
  };
}

export interface NewTask {
  userId: number;
  fileName: string;
  originalLanguage: string;
  detectedLanguage: string | null;
  targetLanguage: string;
  translationService: string;
  includeOriginalText: boolean;
  keepEngineBreaks: boolean;
  /** the format the file was in */
  sourceFormat: SubtitleInputFormat;
  durationMs: number;
  estimatedPoints: number;
  costRule: CostRule;
  cues: Cue[];
  /** issue 39: the batch it was uploaded in */
  batchId?: string | null;
}

/** segments per INSERT statement of a new task */
const INSERT_CHUNK = 250;

/** Inserts the task and all its segments (set-based statements of INSERT_CHUNK segments). */
export async function insertTask(q: Queryable, t: NewTask): Promise<TaskRow> {
  const [row] = await q.query<TaskRow>(
    `INSERT INTO tasks (user_id, file_name, original_language, detected_language, target_language,
                        translation_service, include_original_text, segment_count, duration_ms, estimated_points,
                        cost_rule, keep_engine_breaks, last_segment_id, source_format, batch_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $8, $13, $14) RETURNING ${TASK_COLUMNS}`,
    [
      t.userId,
      t.fileName,
      t.originalLanguage,
      t.detectedLanguage,
      t.targetLanguage,
      t.translationService,
      t.includeOriginalText,
      t.cues.length,
      t.durationMs,
      t.estimatedPoints,
      t.costRule,
      t.keepEngineBreaks,
      t.sourceFormat,
      t.batchId ?? null,
    ],
  );
  for (let from = 0; from < t.cues.length; from += INSERT_CHUNK) {
    // embedded PGlite runs each statement on the server's one thread: between chunks, other
    // requests get their turn (one statement of 20,000 cues held it for seconds)
    if (from > 0) await new Promise<void>((r) => setImmediate(r));
    const chunk = t.cues.slice(from, from + INSERT_CHUNK);
    await q.query(
      `INSERT INTO task_segments (task_id, id, position, start_ms, end_ms, original_text)
       SELECT $1, s.position, s.position, s.start_ms, s.end_ms, s.original_text
         FROM unnest($2::int[], $3::bigint[], $4::bigint[], $5::text[]) AS s(position, start_ms, end_ms, original_text)`,
      [
        row!.id,
        chunk.map((_, i) => from + i + 1),
        chunk.map((c) => c.startMs),
        chunk.map((c) => c.endMs),
        chunk.map((c) => c.text),
      ],
    );
  }
  return row!;
}

/** The caller's own live task, or undefined (another user's task is "not found" too). */
export async function findOwnTask(q: Queryable, userId: number, id: string): Promise<TaskRow | undefined> {
  const rows = await q.query<TaskRow>(
    `SELECT ${TASK_COLUMNS}, ${REVIEW_COUNT}, ${OPEN_COMMENTS}, ${PART_TOTALS} FROM tasks WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL`,
    [id, userId],
  );
  return rows[0];
}

export async function listOwnTasks(q: Queryable, userId: number, page: number, size: number) {
  const [rows, count] = await Promise.all([
    q.query<TaskRow>(
      `SELECT ${TASK_COLUMNS}, ${REVIEW_COUNT}, ${OPEN_COMMENTS}, ${PART_TOTALS} FROM tasks WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, size, (page - 1) * size],
    ),
    q.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks WHERE user_id = $1 AND deleted_at IS NULL`, [
      userId,
    ]),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Marks the task deleted; answers the row as it was (to release a running task's hold), or undefined. */
export async function softDeleteTask(q: Queryable, userId: number, id: string): Promise<TaskRow | undefined> {
  const rows = await q.query<TaskRow>(
    `UPDATE tasks SET deleted_at = now(), updated_at = now()
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL RETURNING ${TASK_COLUMNS}`,
    [id, userId],
  );
  return rows[0];
}

/** Any task by id (the worker's view; no owner check). */
export async function findTaskById(q: Queryable, id: string): Promise<TaskRow | undefined> {
  const rows = await q.query<TaskRow>(`SELECT ${TASK_COLUMNS} FROM tasks WHERE id = $1`, [id]);
  return rows[0];
}

/**
 * Claims a pending (or failed) task for a new run at the price the server set from its stored
 * segments: status translating, progress 0, previous translations cleared, a fresh hold reference
 * (every price is at least 10 points). Undefined when it is not the caller's or not startable
 * (already running or done): two concurrent starts cannot both claim it.
 */
export async function claimForRun(
  q: Queryable,
  userId: number,
  id: string,
  price: { points: number; rule: CostRule },
  /** the last line this run translates when it covers a part (issue 34); null: all */
  partEnd: number | null = null,
): Promise<TaskRow | undefined> {
  const rows = await q.query<TaskRow>(
    `UPDATE tasks
        SET status = 'translating', progress = 0, kept_original = 0, error = NULL, points_error = NULL,
            upload_error = NULL, result_key = NULL, starts = starts + 1, estimated_points = $3,
            cost_rule = $4, hold_ref = 'task:' || id || ':' || (starts + 1), part_end = $5,
            paid_through = NULL, charged_points = 0, work_calls = 0, work_bytes = 0, started_at = now(),
            finished_at = NULL, updated_at = now()
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL AND status IN ('pending', 'failed')
        AND kind = 'srt' AND NOT awaiting_review
      RETURNING ${TASK_COLUMNS}`,
    [id, userId, price.points, price.rule, partEnd],
  );
  if (rows[0])
    await q.query(
      `UPDATE task_segments SET translated_text = NULL, review_flags = '{}', terms_asked = false WHERE task_id = $1`,
      [id],
    );
  return rows[0];
}

/** The task's edit version (undefined when there is no such task). */
export async function taskVersion(q: Queryable, id: string): Promise<number | undefined> {
  const [row] = await q.query<{ version: number }>(`SELECT version FROM tasks WHERE id = $1`, [id]);
  return row?.version;
}

export async function setJobId(q: Queryable, id: string, jobId: string | null): Promise<void> {
  await q.query(`UPDATE tasks SET job_id = $2 WHERE id = $1`, [id, jobId]);
}

/** Ends a run: completed (with where its result is stored) or failed. Only a running task ends. */
export async function finishRun(
  q: Queryable,
  taskId: string,
  outcome:
    | { status: 'completed'; resultKey: string | null; uploadError: string | null }
    | { status: 'failed'; error: string; errorKey?: string },
): Promise<TaskRow | undefined> {
  const rows =
    outcome.status === 'completed'
      ? await q.query<TaskRow>(
          `UPDATE tasks SET status = 'completed', progress = 100, result_key = $2, upload_error = $3,
                  execute_status = CASE WHEN kind = 'media' THEN 4 END, finished_at = now(), updated_at = now(),
                  paid_through = CASE WHEN part_end < segment_count THEN part_end WHEN audio_cut_ms IS NOT NULL THEN segment_count END,
                  audio_done_ms = audio_cut_ms, audio_cut_ms = NULL
            WHERE id = $1 AND status = 'translating' AND deleted_at IS NULL RETURNING ${TASK_COLUMNS}`,
          [taskId, outcome.resultKey, outcome.uploadError],
        )
      : await q.query<TaskRow>(
          `UPDATE tasks SET status = 'failed', error = $2, error_key = $3,
                  execute_status = CASE WHEN execute_status IS NOT NULL THEN 5 END, finished_at = now(), updated_at = now()
            WHERE id = $1 AND status IN ('translating', 'processing') AND execute_status IS DISTINCT FROM 4
            RETURNING ${TASK_COLUMNS}`,
          [taskId, outcome.error.slice(0, 500), outcome.errorKey ?? null],
        );
  return rows[0];
}

export async function setPointsError(q: Queryable, taskId: string, error: string): Promise<void> {
  await q.query(`UPDATE tasks SET points_error = $2 WHERE id = $1`, [taskId, error.slice(0, 500)]);
}

/** Running tasks of a kind that have not moved for `minutes` (candidates for the stuck-task sweeps). */
export async function quietRunningTasks(
  q: Queryable,
  minutes: number,
  kind: TaskRow['kind'],
): Promise<TaskRow[]> {
  return q.query<TaskRow>(
    `SELECT ${TASK_COLUMNS} FROM tasks WHERE status IN ('translating', 'processing')
        AND updated_at < now() - make_interval(mins => $1) AND kind = $2`,
    [minutes, kind],
  );
}

/** What an edit of the task's lines reads of the task, under its lock (bumpVersion). */
export interface TaskStructure {
  /** the task version of the last edit that added or deleted lines */
  structure_version: number;
  /** the last id given to a line (ids above it were never given) */
  last_segment_id: number;
  segment_count: number;
}

/**
 * Moves the completed task to its next version, locking its row until the transaction ends (saves
 * of one task take their versions one at a time); answers the new version with the task's
 * structure as it was, or undefined when the task is gone or not completed. Whether the lines an
 * edit touches may change is the caller's check (segment-edit.service.ts), against the lines' own
 * versions.
 */
export async function bumpVersion(
  q: Queryable,
  userId: number,
  taskId: string,
): Promise<({ version: number } & TaskStructure) | undefined> {
  const rows = await q.query<{ version: number } & TaskStructure>(
    `UPDATE tasks SET version = version + 1, updated_at = now()
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL AND status = 'completed'
      RETURNING version, structure_version, last_segment_id, segment_count`,
    [taskId, userId],
  );
  return rows[0];
}
