import type { Queryable } from '../../db/client.js';
import type { RateLimitRule } from '../../context.js';
import { AppError } from '../../http/errors.js';

/**
 * Fixed-window counters in the database, so every server process shares them. `hit` counts and
 * refuses past the limit; `check` only reads; `release` gives one hit back.
 */
export async function hitRateLimit(q: Queryable, key: string, rule: RateLimitRule): Promise<void> {
  const rows = await q.query<{ hits: number }>(
    `INSERT INTO rate_limits (key, window_start, hits) VALUES ($1, now(), 1)
     ON CONFLICT (key) DO UPDATE SET
       hits = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE rate_limits.hits + 1 END,
       window_start = CASE WHEN rate_limits.window_start <= now() - make_interval(secs => $2) THEN now() ELSE rate_limits.window_start END
     RETURNING hits`,
    [key, rule.windowSeconds],
  );
  if ((rows[0]?.hits ?? 0) > rule.limit) throw new AppError('RATE_LIMITED');
}

export async function checkRateLimit(q: Queryable, key: string, rule: RateLimitRule): Promise<void> {
  const rows = await q.query<{ hits: number }>(
    `SELECT hits FROM rate_limits WHERE key = $1 AND window_start > now() - make_interval(secs => $2)`,
    [key, rule.windowSeconds],
  );
  if ((rows[0]?.hits ?? 0) >= rule.limit) throw new AppError('RATE_LIMITED');
}

export async function clearRateLimit(q: Queryable, key: string): Promise<void> {
  await q.query('DELETE FROM rate_limits WHERE key = $1', [key]);
}

/** Gives back one hit counted by `hit` for an attempt that turned out not to count (a success). */
export async function releaseRateLimit(q: Queryable, key: string): Promise<void> {
  await q.query('UPDATE rate_limits SET hits = GREATEST(hits - 1, 0) WHERE key = $1', [key]);
}
