import type { Queryable } from '../../db/client.js';
import type { SlowdownRule } from '../../context.js';

/** this attempt's failure count n (from 1), as the row stands before it */
const FAILURES = `CASE WHEN s.last_failure_at <= clock_timestamp() - make_interval(secs => $2) THEN 1 ELSE s.failures + 1 END`;

/** the wait after failure n: none for the free ones, then doubling up to the cap */
const delayAfter = (n: string) =>
  `LEAST($5::float8, CASE WHEN (${n}) >= $3 THEN $4::float8 * power(2, (${n}) - $3) ELSE 0 END)`;

/**
 * Counts a failure for the account and sets the wait for the next attempt, in one statement, when
 * the account's wait is over; answers false (and changes nothing) when it is not.
 */
export async function takeTurn(q: Queryable, email: string, rule: SlowdownRule): Promise<boolean> {
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
    [email, rule.windowSeconds, rule.freeFailures, rule.firstDelaySeconds, rule.maxDelaySeconds],
  );
  return taken.length > 0;
}

/** Seconds until the account's next attempt (undefined without a row). */
export async function secondsToWait(q: Queryable, email: string): Promise<number | undefined> {
  const [row] = await q.query<{ wait: number }>(
    `SELECT EXTRACT(EPOCH FROM next_attempt_at - clock_timestamp())::float8 AS wait FROM login_slowdown WHERE email = $1`,
    [email],
  );
  return row?.wait;
}

export async function deleteSlowdown(q: Queryable, email: string): Promise<void> {
  await q.query('DELETE FROM login_slowdown WHERE email = $1', [email]);
}

export async function deleteOldSlowdowns(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM login_slowdown WHERE last_failure_at < now() - interval '1 day'`);
}
