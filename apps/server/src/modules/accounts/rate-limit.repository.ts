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

/**
 * Counts `n` hits at once in the key's window (a new window once the old one is over): answers the
 * hits with them and how long the window has left, as the database's clock says.
 */
export async function countHits(
  q: Queryable,
  key: string,
  windowSeconds: number,
  n: number,
): Promise<{ hits: number; windowLeftMs: number }> {
  const rows = await q.query<{ hits: number; window_left_ms: number }>(
    `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, now(), $3)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2) THEN $3
                   ELSE LEAST(rate_limits.hits + $3, 2000000000) END,
       window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2) THEN now() ELSE rate_limits.window_start END
     RETURNING hits, extract(epoch FROM window_start + make_interval(secs => $2) - now()) * 1000 AS window_left_ms`,
    [key, windowSeconds, n],
  );
  const row = rows[0]!;
  return { hits: row.hits, windowLeftMs: Math.max(0, Number(row.window_left_ms)) };
}
