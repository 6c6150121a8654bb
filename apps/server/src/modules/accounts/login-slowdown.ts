import type { Queryable } from '../../db/client.js';
import type { SlowdownRule } from '../../context.js';
import { deleteSlowdown, secondsToWait, takeTurn } from './login-slowdown.repository.js';

/**
 * Takes the account's next password attempt, or answers how many seconds until one is allowed.
 * Every allowed attempt is counted as a failure before its password is checked (a success then
 * clears the row), and the wait it sets applies to whoever comes next: concurrent attempts from
 * any number of addresses take one turn each, in one statement, so a burst cannot slip past.
 */
export async function takeLoginTurn(
  q: Queryable,
  email: string,
  rule: SlowdownRule,
): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const account = email.toLowerCase();
  if (await takeTurn(q, account, rule)) return { allowed: true };
  const wait = await secondsToWait(q, account);
  // a whole second at least: Retry-After counts in seconds, and an early retry is refused again
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait ?? 1)) };
}

/** A successful sign-in: the account is no longer slowed for anyone. */
export async function clearLoginSlowdown(q: Queryable, email: string): Promise<void> {
  await deleteSlowdown(q, email.toLowerCase());
}
