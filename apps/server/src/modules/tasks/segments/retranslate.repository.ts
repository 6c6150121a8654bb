import type { Queryable } from '../../../db/client.js';

/**
 * Claims segments for re-translation until a deadline; answers the ids claimed (those already
 * claimed by a running re-translation are left out).
 */
export async function claimForRetranslation(
  q: Queryable,
  taskId: string,
  ids: number[],
  seconds: number,
): Promise<number[]> {
  const rows = await q.query<{ id: number }>(
    `UPDATE task_segments SET retranslating_until = now() + make_interval(secs => $3)
      WHERE task_id = $1 AND id = ANY($2::int[])
        AND (retranslating_until IS NULL OR retranslating_until < now())
      RETURNING id`,
    [taskId, ids, seconds],
  );
  return rows.map((r) => r.id);
}

export async function releaseRetranslation(q: Queryable, taskId: string, ids: number[]): Promise<void> {
  await q.query(
    `UPDATE task_segments SET retranslating_until = NULL WHERE task_id = $1 AND id = ANY($2::int[])`,
    [taskId, ids],
  );
}

/** A user's re-translation spending of one UTC day. */
export interface UsageRow {
  /** YYYY-MM-DD (UTC) */
  day: string;
  calls: number;
  chars: number;
}

/** today in UTC, by the database's clock (every server agrees on when a day ends) */
const TODAY = `(now() AT TIME ZONE 'UTC')::date`;

/**
 * Spends `calls` re-translation calls (the engine calls of a request, or 0 for the direct
 * /translation/* calls, counted elsewhere) and `chars` characters of today's allowance, only if both stay within the limits:
 * one conditional statement, so concurrent requests cannot together pass them (the row's lock
 * serialises them, and each checks what the others spent). Undefined when it does not fit.
 */
export async function spendRetranslation(
  q: Queryable,
  userId: number,
  chars: number,
  limits: { calls: number; chars: number },
  calls = 1,
): Promise<UsageRow | undefined> {
  const rows = await q.query<UsageRow>(
    `INSERT INTO retranslate_usage AS u (user_id, day, calls, chars)
     SELECT $1, ${TODAY}, $5::int, $2::int WHERE $2::int <= $3::int AND $5::int <= $4::int
     ON CONFLICT (user_id, day) DO UPDATE SET calls = u.calls + EXCLUDED.calls, chars = u.chars + EXCLUDED.chars
      WHERE u.chars + EXCLUDED.chars <= $3::int AND u.calls + EXCLUDED.calls <= $4::int
     RETURNING day::text AS day, calls, chars`,
    [userId, chars, limits.chars, limits.calls, calls],
  );
  return rows[0];
}

/** Gives back characters spent on `day` (lines the engine failed on); answers the day's row. */
export async function giveBackRetranslation(
  q: Queryable,
  userId: number,
  day: string,
  chars: number,
): Promise<UsageRow | undefined> {
  const rows = await q.query<UsageRow>(
    `UPDATE retranslate_usage SET chars = GREATEST(chars - $3::int, 0)
      WHERE user_id = $1 AND day = $2::date
      RETURNING day::text AS day, calls, chars`,
    [userId, day, chars],
  );
  return rows[0];
}

/** Today's spending (zeros when nothing was spent yet). */
export async function usageToday(q: Queryable, userId: number): Promise<UsageRow> {
  const [row] = await q.query<UsageRow>(
    `SELECT ${TODAY}::text AS day, coalesce(u.calls, 0) AS calls, coalesce(u.chars, 0) AS chars
       FROM (SELECT 1) AS one
       LEFT JOIN retranslate_usage u ON u.user_id = $1 AND u.day = ${TODAY}`,
    [userId],
  );
  return row!;
}
