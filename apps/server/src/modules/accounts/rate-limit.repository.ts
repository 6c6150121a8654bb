import type { Queryable } from '../../db/client.js';

/** Counts one hit in the key's window (a new window once the old one is over); answers the hits. */
export async function countHit(q: Queryable, key: string, windowSeconds: number): Promise<number> {
  const rows = await q.query<{ hits: number }>(
    `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE rate_limits.hits + 1 END,
       window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2) THEN now() ELSE rate_limits.window_start END
     RETURNING hits`,
    [key, windowSeconds],
  );
  return rows[0]?.hits ?? 0;
}

/** The hits in the key's current window (0 when it has none). */
export async function currentHits(q: Queryable, key: string, windowSeconds: number): Promise<number> {
  const rows = await q.query<{ hits: number }>(
    `SELECT hits FROM rate_limits WHERE key = $1 AND window_start > now() - make_interval(secs => $2)`,
    [key, windowSeconds],
  );
  return rows[0]?.hits ?? 0;
}

export async function deleteHits(q: Queryable, key: string): Promise<void> {
  await q.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}

export async function giveBackHit(q: Queryable, key: string): Promise<void> {
  await q.query('UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = $1', [key]);
}

export async function deleteOldRateLimits(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM rate_limits WHERE window_start < now() - interval '1 day'`);
}
