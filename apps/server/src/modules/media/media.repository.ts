import type { Cue } from '@subtrans/subtitles';
import type { Db, Queryable } from '../../db/client.js';
import { TASK_COLUMNS, type TaskRow } from '../tasks/index.js';

const UPLOAD = `id, user_id, object_key, file_name, media_type, content_type, size_bytes, part_size, storage_upload_id, status, created_at, completed_at`;

export interface UploadRow {
  id: string;
  user_id: number;
  object_key: string;
  file_name: string;
  media_type: 1 | 2;
  content_type: string;
  size_bytes: number;
  part_size: number;
  storage_upload_id: string;
  /** expired: completed, never submitted, deleted after MEDIA_UNEXECUTED_DAYS */
  status: 'uploading' | 'completed' | 'aborted' | 'used' | 'expired';
  created_at: Date;
  completed_at: Date | null;
}

export async function insertUpload(
  q: Queryable,
  u: Pick<
    UploadRow,
    | 'user_id'
    | 'object_key'
    | 'file_name'
    | 'media_type'
    | 'content_type'
    | 'size_bytes'
    | 'part_size'
    | 'storage_upload_id'
  >,
): Promise<UploadRow> {
  const [row] = await q.query<UploadRow>(
    `INSERT INTO media_uploads (user_id, object_key, file_name, media_type, content_type, size_bytes, part_size, storage_upload_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${UPLOAD}`,
    [
      u.user_id,
      u.object_key,
      u.file_name,
      u.media_type,
      u.content_type,
      u.size_bytes,
      u.part_size,
      u.storage_upload_id,
    ],
  );
  return row!;
}

export async function findOwnUpload(
  q: Queryable,
  userId: number,
  id: string,
): Promise<UploadRow | undefined> {
  const rows = await q.query<UploadRow>(
    `SELECT ${UPLOAD} FROM media_uploads WHERE id = $1 AND user_id = $2`,
    [id, userId],
  );
  return rows[0];
}

export async function findOwnUploadByKey(
  q: Queryable,
  userId: number,
  key: string,
): Promise<UploadRow | undefined> {
  const rows = await q.query<UploadRow>(
    `SELECT ${UPLOAD} FROM media_uploads WHERE object_key = $1 AND user_id = $2`,
    [key, userId],
  );
  return rows[0];
}

/** Moves an upload from one state to the next; undefined when it was not in `from` (a race lost). */
export async function moveUpload(
  q: Queryable,
  id: string,
  from: UploadRow['status'],
  to: UploadRow['status'],
): Promise<UploadRow | undefined> {
  const rows = await q.query<UploadRow>(
    `UPDATE media_uploads SET status = $3, completed_at = CASE WHEN $3 = 'completed' THEN now() ELSE completed_at END
      WHERE id = $1 AND status = $2 RETURNING ${UPLOAD}`,
    [id, from, to],
  );
  return rows[0];
}

export async function staleUploads(q: Queryable, hours: number): Promise<UploadRow[]> {
  return q.query<UploadRow>(
    `SELECT ${UPLOAD} FROM media_uploads WHERE status = 'uploading' AND created_at < now() - make_interval(hours => $1) LIMIT 500`,
    [hours],
  );
}

export interface NewMediaTask {
  userId: number;
  fileName: string;
  mediaKey: string;
  mediaType: 1 | 2;
  mediaBytes: number;
  mediaLanguage: string;
  targetLanguage: string;
  translationService: string;
  includeOriginalText: boolean;
  /** the upload's line-break option, kept for the execution whenever it starts */
  keepEngineBreaks: boolean;
  /** its file is deleted this many days from now unless its execution starts before */
  unexecutedDays: number;
}

/** SPEC §4: a media task starts as processing, its detection queued (status 1). */
export async function insertMediaTask(q: Queryable, t: NewMediaTask): Promise<TaskRow> {
  const [row] = await q.query<TaskRow>(
    `INSERT INTO tasks (user_id, file_name, original_language, target_language, translation_service,
                        include_original_text, segment_count, duration_ms, estimated_points, status, kind,
                        media_key, media_type, media_bytes, media_language, detect_status, media_expires_at,
                        keep_engine_breaks)
     VALUES ($1, $2, $3, $4, $5, $6, 0, 0, 0, 'processing', 'media', $7, $8, $9, $3, 1,
             now() + make_interval(days => $10), $11) RETURNING ${TASK_COLUMNS}`,
    [
      t.userId,
      t.fileName,
      t.mediaLanguage,
      t.targetLanguage,
      t.translationService,
      t.includeOriginalText,
      t.mediaKey,
      t.mediaType,
      t.mediaBytes,
      t.unexecutedDays,
      t.keepEngineBreaks,
    ],
  );
  return row!;
}

/** Detection moves forward (2 downloading, 3 analysing) only while it runs. */
export async function setDetectStatus(q: Queryable, id: string, status: 2 | 3): Promise<boolean> {
  const rows = await q.query(
    `UPDATE tasks SET detect_status = $2, updated_at = now()
      WHERE id = $1 AND status = 'processing' AND detect_status < $2 AND deleted_at IS NULL RETURNING 1`,
    [id, status],
  );
  return rows.length > 0;
}

/** Detection done: the duration and cost are known; the task waits (pending) for the user's confirmation. */
export async function finishDetection(
  q: Queryable,
  id: string,
  durationMs: number,
  points: number,
): Promise<TaskRow | undefined> {
  const rows = await q.query<TaskRow>(
    `UPDATE tasks SET detect_status = 4, status = 'pending', duration_ms = $2, estimated_points = $3, updated_at = now()
      WHERE id = $1 AND status = 'processing' AND execute_status IS NULL AND deleted_at IS NULL RETURNING ${TASK_COLUMNS}`,
    [id, durationMs, points],
  );
  return rows[0];
}

export async function failDetection(
  q: Queryable,
  id: string,
  errorKey: string,
  error: string,
): Promise<void> {
  await q.query(
    `UPDATE tasks SET detect_status = 5, status = 'failed', error_key = $2, error = $3, finished_at = now(), updated_at = now()
      WHERE id = $1 AND status = 'processing' AND execute_status IS NULL`,
    [id, errorKey, error.slice(0, 500)],
  );
}

/**
 * Claims a detected media task for execution (pending, or failed after detection): processing,
 * execute status 0, the languages, engine and layout chosen now (the layout stays as the upload
 * chose when not given again), a fresh hold reference, any earlier transcript removed, and no
 * expiry any more (an executed file stays until the task is deleted). Its price is what this run
 * holds: the whole file's, or (issue 34) the first minutes' through part.endMs. Undefined when it
 * is not claimable (two confirms cannot both run; its file is gone).
 */
export async function claimMediaRun(
  q: Queryable,
  userId: number,
  id: string,
  c: {
    mediaLanguage: string;
    targetLanguage: string;
    translationService: string;
    includeOriginalText: boolean;
    keepEngineBreaks: boolean | undefined;
  },
  part: { points: number; endMs: number | null },
): Promise<TaskRow | undefined> {
  const rows = await q.query<TaskRow>(
    `UPDATE tasks
        SET status = 'processing', execute_status = 0, progress = 0, kept_original = 0, error = NULL,
            error_key = NULL, points_error = NULL, upload_error = NULL, result_key = NULL,
            media_language = $3, original_language = $3, detected_language = NULL, target_language = $4,
            translation_service = $5, include_original_text = $6,
            keep_engine_breaks = COALESCE($7::boolean, keep_engine_breaks), segment_count = 0,
            starts = starts + 1, media_expires_at = NULL, work_calls = 0, work_bytes = 0,
            hold_ref = CASE WHEN $8::int > 0 THEN 'task:' || id || ':' || (starts + 1) END,
            estimated_points = $8, audio_part_end_ms = $9, audio_done_ms = NULL, audio_cut_ms = NULL,
            part_end = NULL, paid_through = NULL, charged_points = 0,
            started_at = now(), finished_at = NULL, updated_at = now()
      WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL AND kind = 'media' AND detect_status = 4
        AND status IN ('pending', 'failed') AND media_key IS NOT NULL AND NOT awaiting_review
      RETURNING ${TASK_COLUMNS}`,
    [
      id,
      userId,
      c.mediaLanguage,
      c.targetLanguage,
      c.translationService,
      c.includeOriginalText,
      c.keepEngineBreaks ?? null,
      part.points,
      part.endMs,
    ],
  );
  if (rows[0]) await q.query(`DELETE FROM task_segments WHERE task_id = $1`, [id]);
  return rows[0];
}

/**
 * Issue 38: the task's waveform object, while the task still has the media it was made from;
 * false when the task was deleted (or lost its media) meanwhile: the caller deletes the object.
 */
export async function savePeaksKey(
  q: Queryable,
  id: string,
  mediaKey: string,
  key: string,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE tasks SET peaks_key = $3, updated_at = now()
      WHERE id = $1 AND media_key = $2 AND deleted_at IS NULL RETURNING 1`,
    [id, mediaKey, key],
  );
  return rows.length > 0;
}

/** Execution moves forward (1 extracting, 2 transcribing) only while it runs. */
export async function setExecuteStatus(q: Queryable, id: string, status: 1 | 2): Promise<boolean> {
  const rows = await q.query(
    `UPDATE tasks SET execute_status = GREATEST(execute_status, $2), updated_at = now()
      WHERE id = $1 AND status = 'processing' AND deleted_at IS NULL RETURNING 1`,
    [id, status],
  );
  return rows.length > 0;
}

/**
 * The transcript becomes the task's segments and the task moves on to translation (execute
 * status 3, status translating), in one transaction; false when the task ended meanwhile. A later
 * part of a file (issue 34) appends its lines after the `after` lines of the parts before it (its
 * language stays the first part's), and `cutMs` records where its transcript stopped.
 */
export async function saveTranscript(
  q: Db,
  id: string,
  cues: Cue[],
  language: string,
  detected: string | null,
  part: { after: number; cutMs: number | null } = { after: 0, cutMs: null },
): Promise<boolean> {
  return q.tx(async (t) => {
    const rows = await t.query(
      `UPDATE tasks SET status = 'translating', execute_status = 3, segment_count = $2 + $5::int,
              original_language = CASE WHEN $5::int > 0 THEN original_language ELSE $3 END,
              detected_language = CASE WHEN $5::int > 0 THEN detected_language ELSE $4 END,
              audio_cut_ms = $6, last_segment_id = $2 + $5::int, updated_at = now()
        WHERE id = $1 AND status = 'processing' AND deleted_at IS NULL RETURNING 1`,
      [id, cues.length, language, detected, part.after, part.cutMs],
    );
    if (rows.length === 0) return false;
    await t.query(`DELETE FROM task_segments WHERE task_id = $1 AND position > $2`, [id, part.after]);
    await t.query(
      `INSERT INTO task_segments (task_id, id, position, start_ms, end_ms, original_text)
       SELECT $1, s.position, s.position, s.start_ms, s.end_ms, s.original_text
         FROM unnest($2::int[], $3::bigint[], $4::bigint[], $5::text[]) AS s(position, start_ms, end_ms, original_text)`,
      [
        id,
        cues.map((_, i) => part.after + i + 1),
        cues.map((c) => c.startMs),
        cues.map((c) => c.endMs),
        cues.map((c) => c.text),
      ],
    );
    return true;
  });
}

/** Whether `key` is the stored result of one of the user's live tasks. */
export async function ownsResultKey(q: Queryable, userId: number, key: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM tasks WHERE user_id = $1 AND result_key = $2 AND deleted_at IS NULL LIMIT 1`,
    [userId, key],
  );
  return rows.length > 0;
}
