import type { TaskLine } from '@subtrans/contract';
import type { Queryable } from '../../../db/client.js';

/**
 * A task's line as stored. `id` is the line's own (issue 35: it never changes while the line
 * exists); `position` is its place in the task's order (not contiguous once lines are split or
 * inserted; a task translated in part is never restructured, so there it is the line's number).
 */
export interface SegmentRow {
  id: number;
  position: number;
  start_ms: number;
  end_ms: number;
  original_text: string;
  translated_text: string | null;
  review_flags: string[];
  /** asked again in this start's terms pass (task-run.repository.ts) */
  terms_asked: boolean;
}

const SEGMENT_COLUMNS = `id, position, start_ms, end_ms, original_text, translated_text, review_flags, terms_asked`;

export async function segmentRows(q: Queryable, taskId: string): Promise<SegmentRow[]> {
  return q.query<SegmentRow>(
    `SELECT ${SEGMENT_COLUMNS} FROM task_segments WHERE task_id = $1 ORDER BY position`,
    [taskId],
  );
}

/** Some of a task's segments as stored (to compute their flags again after an edit). */
export async function segmentsAt(q: Queryable, taskId: string, ids: number[]): Promise<SegmentRow[]> {
  return q.query<SegmentRow>(
    `SELECT ${SEGMENT_COLUMNS} FROM task_segments WHERE task_id = $1 AND id = ANY($2::int[]) ORDER BY position`,
    [taskId, ids],
  );
}

/**
 * Stores a run of finished lines with their review flags and moves the progress forward (never
 * back), in one statement, only while the task is still running. Answers false when the task was
 * deleted or ended meanwhile.
 */
export async function saveTranslatedLines(
  q: Queryable,
  taskId: string,
  lines: { ids: number[]; texts: string[]; flags: string[][] },
  progress: number,
  keptOriginal: number,
): Promise<boolean> {
  // flags travel as one comma-joined text per line (no flag name holds a comma): a text[][] must
  // be rectangular
  const rows = await q.query(
    `WITH t AS (
       UPDATE tasks SET progress = GREATEST(progress, $4), kept_original = kept_original + $5, updated_at = now()
        WHERE id = $1 AND status = 'translating' AND deleted_at IS NULL
        RETURNING id)
     UPDATE task_segments s SET translated_text = v.text, review_flags = string_to_array(v.flags, ',')
       FROM t, unnest($2::int[], $3::text[], $6::text[]) AS v(id, text, flags)
      WHERE s.task_id = t.id AND s.id = v.id
      RETURNING 1`,
    [taskId, lines.ids, lines.texts, progress, keptOriginal, lines.flags.map((f) => f.join(','))],
  );
  return rows.length > 0;
}

export interface SegmentUpdate {
  id: number;
  originalText?: string | undefined;
  translatedText?: string | undefined;
  startMs?: number | undefined;
  endMs?: number | undefined;
}

/**
 * Applies the changes in one statement, marking the lines changed at `version`; answers how many
 * of the given ids exist.
 */
export async function applySegmentUpdates(
  q: Queryable,
  taskId: string,
  version: number,
  updates: SegmentUpdate[],
): Promise<number> {
  const rows = await q.query(
    `UPDATE task_segments s
        SET original_text = COALESCE(v.original_text, s.original_text),
            translated_text = COALESCE(v.translated_text, s.translated_text),
            start_ms = COALESCE(v.start_ms, s.start_ms),
            end_ms = COALESCE(v.end_ms, s.end_ms),
            version = $7
       FROM unnest($2::int[], $3::text[], $4::text[], $5::bigint[], $6::bigint[])
            AS v(id, original_text, translated_text, start_ms, end_ms)
      WHERE s.task_id = $1 AND s.id = v.id
      RETURNING s.id`,
    [
      taskId,
      updates.map((u) => u.id),
      updates.map((u) => u.originalText ?? null),
      updates.map((u) => u.translatedText ?? null),
      updates.map((u) => u.startMs ?? null),
      updates.map((u) => u.endMs ?? null),
      version,
    ],
  );
  return rows.length;
}

/** Ids among `ids` whose timing is impossible (negative, or not ending after it starts). */
export async function badTimings(q: Queryable, taskId: string, ids: number[]): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `SELECT id FROM task_segments
      WHERE task_id = $1 AND id = ANY($2::int[]) AND (start_ms < 0 OR end_ms <= start_ms)
      ORDER BY position`,
    [taskId, ids],
  );
  return rows.map((r) => r.id);
}

/** Stores the review flags of some segments (comma-joined per line: see saveTranslatedLines). */
export async function saveReviewFlags(
  q: Queryable,
  taskId: string,
  lines: { id: number; flags: readonly string[] }[],
): Promise<void> {
  if (!lines.length) return;
  await q.query(
    `UPDATE task_segments s SET review_flags = string_to_array(v.flags, ',')
       FROM unnest($2::int[], $3::text[]) AS v(id, flags)
      WHERE s.task_id = $1 AND s.id = v.id`,
    [taskId, lines.map((l) => l.id), lines.map((l) => l.flags.join(','))],
  );
}

/** a line as the contract's compact TaskLine, built by the database */
const LINE_JSON = `json_build_array(id, start_ms, end_ms, original_text, coalesce(translated_text, ''), review_flags)`;

/**
 * The lines changed after version `after` and before `before` (another tab's saves, for an
 * editor that saw the task at `after`), as compact lines in the task's order; `only`: among these
 * ids. `version > 0` lets the partial index of edited lines answer (an untouched line is 0).
 */
export async function linesChangedBetween(
  q: Queryable,
  taskId: string,
  after: number,
  before: number,
  only: number[] | null = null,
): Promise<TaskLine[]> {
  const [row] = await q.query<{ lines: string | null }>(
    `SELECT json_agg(${LINE_JSON} ORDER BY position)::text AS lines FROM task_segments
      WHERE task_id = $1 AND version > 0 AND version > $2 AND version < $3
        AND ($4::int[] IS NULL OR id = ANY($4::int[]))`,
    [taskId, after, before, only],
  );
  return row?.lines ? (JSON.parse(row.lines) as TaskLine[]) : [];
}

/** Which of `ids` are lines of the task now. */
export async function existingIds(q: Queryable, taskId: string, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await q.query<{ id: number }>(
    `SELECT id FROM task_segments WHERE task_id = $1 AND id = ANY($2::int[])`,
    [taskId, ids],
  );
  return new Set(rows.map((r) => r.id));
}

/** Deletes lines; answers how many there were. */
export async function removeSegments(q: Queryable, taskId: string, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const rows = await q.query(
    `DELETE FROM task_segments WHERE task_id = $1 AND id = ANY($2::int[]) RETURNING id`,
    [taskId, ids],
  );
  return rows.length;
}

/** the closest two positions may be before the task's order is numbered again */
const MIN_POSITION_GAP = 1e-6;

/**
 * The place for a line after the line `afterId` (null: first): halfway to the next line, or one
 * past the last. Positions stay above 0. When two lines are too close to put one between them
 * (about 20 splits at one place), the task's positions are numbered again 1, 2, 3… (every row
 * written, once in a long while).
 */
async function positionAfter(q: Queryable, taskId: string, afterId: number | null): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    const [row] = await q.query<{ at: number | null; next: number | null }>(
      `SELECT a.position AS at,
              (SELECT min(position) FROM task_segments
                WHERE task_id = $1 AND position > coalesce(a.position, 0)) AS next
         FROM (SELECT (SELECT position FROM task_segments WHERE task_id = $1 AND id = $2) AS position) AS a`,
      [taskId, afterId],
    );
    const at = row!.at ?? 0;
    if (row!.next === null) return Math.floor(at) + 1;
    if (row!.next - at >= MIN_POSITION_GAP * 2 || attempt > 0) return (at + row!.next) / 2;
    // the order's positions as 1…n: through negatives, so no two rows ever share one (unique index)
    await q.query(
      `UPDATE task_segments s SET position = -r.n
         FROM (SELECT id, row_number() OVER (ORDER BY position) AS n FROM task_segments WHERE task_id = $1) AS r
        WHERE s.task_id = $1 AND s.id = r.id`,
      [taskId],
    );
    await q.query(`UPDATE task_segments SET position = -position WHERE task_id = $1`, [taskId]);
  }
}

export interface NewSegmentRow {
  id: number;
  /** the line it follows (null: first) */
  afterId: number | null;
  startMs: number;
  endMs: number;
  originalText: string;
  translatedText: string;
}

/** Adds a line after another, marked changed at `version`. */
export async function insertSegment(q: Queryable, taskId: string, version: number, line: NewSegmentRow) {
  const position = await positionAfter(q, taskId, line.afterId);
  await q.query(
    `INSERT INTO task_segments (task_id, id, position, start_ms, end_ms, original_text, translated_text, version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [taskId, line.id, position, line.startMs, line.endMs, line.originalText, line.translatedText, version],
  );
}

/**
 * Records an edit that added `added` lines (ids after last_segment_id) and deleted `removed`:
 * answers the first new id.
 */
export async function noteStructure(
  q: Queryable,
  taskId: string,
  version: number,
  added: number,
  removed: number,
): Promise<number> {
  const [row] = await q.query<{ last: number }>(
    `UPDATE tasks SET last_segment_id = last_segment_id + $3, segment_count = segment_count + $3 - $4,
                      structure_version = $2
      WHERE id = $1 RETURNING last_segment_id AS last`,
    [taskId, version, added, removed],
  );
  return row!.last - added + 1;
}
