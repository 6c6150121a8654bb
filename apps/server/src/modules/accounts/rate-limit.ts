import type { Queryable } from '../../db/client.js';
import type { RateLimitRule } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { countHit, currentHits, deleteHits, giveBackHit } from './rate-limit.repository.js';

/**
 * Fixed-window counters in the database, so every server process shares them. `hit` counts and
 * refuses past the limit; `check` only reads; `release` gives one hit back.
 */
export async function hitRateLimit(q: Queryable, key: string, rule: RateLimitRule): Promise<void> {
  if ((await countHit(q, key, rule.windowSeconds)) > rule.limit) throw new AppError('RATE_LIMITED');
}

export async function checkRateLimit(q: Queryable, key: string, rule: RateLimitRule): Promise<void> {
  if ((await currentHits(q, key, rule.windowSeconds)) >= rule.limit) throw new AppError('RATE_LIMITED');
}

export async function clearRateLimit(q: Queryable, key: string): Promise<void> {
  await deleteHits(q, key);
}

/** Gives back one hit counted by `hit` for an attempt that turned out not to count (a success). */
export async function releaseRateLimit(q: Queryable, key: string): Promise<void> {
  await giveBackHit(q, key);
}
