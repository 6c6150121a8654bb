import type { Segment, TaskLine } from '@subtrans/contract';
import { formatSrtTime } from '@subtrans/subtitles';
import type { Queryable } from '../../../db/client.js';

export interface LinesPage {
  /**
   * the page's lines as JSON array texts of at most PART_LINES lines each (contract TaskLine:
   * [id, startMs, endMs, original, translation, flags])
   */
  parts: string[];
  /** the last position on the page, in the task's order (where the next page starts after) */
  last: number | null;
  /** lines on the page */
  count: number;
}

/**
 * Lines per JSON text: a longer text is a string V8 allocates outside its young generation, which
 * only a full collection frees; ten readers of the largest task grew the server by 150-210 MB with
 * one text per 2,000 lines, by 16-100 MB with one per 250 (npm run bench, load).
 */
const PART_LINES = 200;

/**
 * Up to `limit` of a task's lines after position `after` (null: from the first), in one query, as JSON array texts built
 * by the database: a value per PART_LINES lines, not a row per line (reading 10,000 rows one by
 * one took 60 ms of embedded PGlite's one thread against 15 ms for one value), and a page, not the
 * whole task, so a read of the largest task holds one page in memory at a time (a query per 250
 * lines instead took PGlite three times as long to read 20,000).
 */
export async function linesPage(
  q: Queryable,
  taskId: string,
  after: number | null,
  limit: number,
): Promise<LinesPage> {
  const rows = await q.query<{ lines: string; last: number; count: number }>(
    `SELECT json_agg(json_build_array(id, start_ms, end_ms, original_text, coalesce(translated_text, ''),
                                      review_flags)
              ORDER BY position)::text AS lines,
            max(position) AS last, count(*)::int AS count
       FROM (SELECT id, position, start_ms, end_ms, original_text, translated_text, review_flags,
                    (row_number() OVER (ORDER BY position) - 1) / $4 AS part
               FROM task_segments
              WHERE task_id = $1 AND ($2::float8 IS NULL OR position > $2) ORDER BY position LIMIT $3) AS page
      GROUP BY part ORDER BY part`,
    [taskId, after, limit, PART_LINES],
  );
  return {
    parts: rows.map((r) => r.lines),
    last: rows.length ? Number(rows[rows.length - 1]!.last) : after,
    count: rows.reduce((n, r) => n + r.count, 0),
  };
}

/** SPEC §3's segments (/task/get) of a page of compact lines: with SRT timestamps. */
export function segmentsOfLines(json: string): Segment[] {
  return (JSON.parse(json) as TaskLine[]).map(([id, start, end, original, translated, flags]) => ({
    id,
    startTime: formatSrtTime(start),
    endTime: formatSrtTime(end),
    originalText: original,
    translatedText: translated,
    duration: end - start,
    flags,
  }));
}
