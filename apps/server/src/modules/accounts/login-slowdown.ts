import type { Queryable } from '../../db/client.js';
import type { SlowdownRule } from '../../context.js';

/** this attempt's failure count n (from 1), as the row stands before it */
const FAILURES = `CASE WHEN s.last_failure_at <= clock_timestamp() - make_interval(secs => $2) THEN 1 ELSE s.failures + 1 END`;

/** the wait after failure n: none for the free ones, then doubling up to the cap */
const delayAfter = (n: string) =>
  `LEAST($5::float8, CASE WHEN (${n}) >= $3 THEN $4::float8 * power(2, (${n}) - $3) ELSE 0 END)`;

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
  const params = [
    email.toLowerCase(),
    rule.windowSeconds,
    rule.freeFailures,
    rule.firstDelaySeconds,
    rule.maxDelaySeconds,
  ];
  const taken = await q.query<{ failures: number }>(
    // clock_timestamp(), not now(): a statement that waited for a concurrent one's row lock must
    // compare with the time it takes its turn, not the (earlier) time it started
    `INSERT INTO login_slowdown AS s (email, failures, next_attempt_at, last_failure_at)
     VALUES ($1, 1, clock_timestamp() + make_interval(secs => ${delayAfter('1')}), clock_timestamp())
     ON CONFLICT (email) DO UPDATE SET
       failures = ${FAILURES},
       next_attempt_at = clock_timestamp() + make_interval(secs => ${delayAfter(FAILURES)}),
       last_failure_at = clock_timestamp()
     WHERE s.next_attempt_at <= clock_timestamp()
     RETURNING failures`,
    params,
  );
  if (taken.length) return { allowed: true };
  const [row] = await q.query<{ wait: number }>(
    `SELECT EXTRACT(EPOCH FROM next_attempt_at - clock_timestamp())::float8 AS wait FROM login_slowdown WHERE email = $1`,
    [params[0]],
  );
  // a whole second at least: Retry-After counts in seconds, and an early retry is refused again
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(row?.wait ?? 1)) };
}

/** A successful sign-in: the account is no longer slowed for anyone. */
export async function clearLoginSlowdown(q: Queryable, email: string): Promise<void> {
  await q.query('DELETE FROM login_slowdown WHERE email = $1', [email.toLowerCase()]);
}
