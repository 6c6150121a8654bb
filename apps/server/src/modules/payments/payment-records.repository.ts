import type { Queryable } from '../../db/client.js';

/** Retention expiry of a closed account's orders (the ledger's entries go in the same transaction). */
export async function deleteOrdersOf(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query(`DELETE FROM orders WHERE user_id = $1 RETURNING 1`, [userId]);
  return rows.length;
}

/** Provider notifications handled more than `years` before `now` are deleted; answers how many. */
export async function deleteOldPaymentEvents(q: Queryable, now: Date, years: number): Promise<number> {
  const rows = await q.query(
    `DELETE FROM payment_events WHERE received_at < $1::timestamptz - make_interval(years => $2) RETURNING 1`,
    [now, years],
  );
  return rows.length;
}
