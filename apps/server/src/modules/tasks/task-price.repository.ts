import type { Queryable } from '../../db/client.js';

/**
 * What a task's price is made of, from its segments as stored: the last end, the characters of
 * the original text (code points, as the subtitles package counts them) and the count of cues.
 */
export async function storedTotals(
  q: Queryable,
  taskId: string,
): Promise<{ durationMs: number; chars: number; cues: number }> {
  const [row] = await q.query<{
    duration_ms: string | number;
    chars: string | number;
    cues: string | number;
  }>(
    `SELECT coalesce(max(end_ms), 0) AS duration_ms, coalesce(sum(char_length(original_text)), 0) AS chars,
            count(*) AS cues
       FROM task_segments WHERE task_id = $1`,
    [taskId],
  );
  return {
    durationMs: Number(row?.duration_ms ?? 0),
    chars: Number(row?.chars ?? 0),
    cues: Number(row?.cues ?? 0),
  };
}
