import type { Queryable } from '../../db/client.js';

/** Queues objects for deletion (in the caller's transaction); a key already queued stays as it is. */
export async function queueDeletions(q: Queryable, keys: string[], reason: string): Promise<void> {
  if (keys.length === 0) return;
  await q.query(
    `INSERT INTO storage_deletions (object_key, reason)
     SELECT k, $2 FROM unnest($1::text[]) AS k ON CONFLICT (object_key) DO NOTHING`,
    [keys, reason],
  );
}

/** Queued keys whose (next) attempt is due, oldest first. */
export async function dueDeletions(q: Queryable, limit: number): Promise<string[]> {
  const rows = await q.query<{ object_key: string }>(
    `SELECT object_key FROM storage_deletions WHERE next_attempt_at <= now()
      ORDER BY next_attempt_at LIMIT $1`,
    [limit],
  );
  return rows.map((r) => r.object_key);
}

export async function deletionDone(q: Queryable, key: string): Promise<void> {
  await q.query(`DELETE FROM storage_deletions WHERE object_key = $1`, [key]);
}

/** A failed attempt: retried after 1, 2, 4 … minutes, at most 6 hours apart. */
export async function deletionFailed(q: Queryable, key: string, error: string): Promise<void> {
  await q.query(
    `UPDATE storage_deletions
        SET attempts = attempts + 1, last_error = $2,
            next_attempt_at = now() + make_interval(secs => LEAST(21600, 60 * power(2, attempts)))
      WHERE object_key = $1`,
    [key, error.slice(0, 500)],
  );
}
