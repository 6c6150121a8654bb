import type { Queryable } from '../../db/client.js';

/** The reference a trial lot carries (point_lots.reference) and its entry's reference type. */
export const TRIAL_REFERENCE = 'trial';

/** The user's holds still held (a closed account's are released). */
export async function openHoldRefs(q: Queryable, userId: number): Promise<string[]> {
  const rows = await q.query<{ task_ref: string }>(
    `SELECT task_ref FROM point_holds WHERE user_id = $1 AND status = 'held' ORDER BY id`,
    [userId],
  );
  return rows.map((r) => r.task_ref);
}

/** The user's lots that still hold points, locked; the caller holds the account lock. */
export async function lockSpendableLots(
  q: Queryable,
  userId: number,
): Promise<{ id: number; remaining: number }[]> {
  return q.query<{ id: number; remaining: number }>(
    `SELECT id, remaining FROM point_lots WHERE user_id = $1 AND spendable ORDER BY id FOR UPDATE`,
    [userId],
  );
}

export async function emptyLot(q: Queryable, lotId: number): Promise<void> {
  await q.query(`UPDATE point_lots SET remaining = 0 WHERE id = $1`, [lotId]);
}

/**
 * What is left of the user's unexpired trial lots, and when the first of them expires (ms since
 * the epoch; null without any): until then only a change to a lot changes the total.
 */
export async function trialRemaining(
  q: Queryable,
  userId: number,
): Promise<{ total: number; firstExpiryMs: number | null }> {
  const rows = await q.query<{ total: number; first_expiry_ms: number | null }>(
    `SELECT COALESCE(SUM(remaining), 0)::bigint AS total,
            (EXTRACT(EPOCH FROM MIN(expires_at)) * 1000)::bigint AS first_expiry_ms
       FROM point_lots
      WHERE user_id = $1 AND spendable AND expires_at > now() AND source = 'grant' AND reference = $2`,
    [userId, TRIAL_REFERENCE],
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    firstExpiryMs: rows[0]?.first_expiry_ms == null ? null : Number(rows[0].first_expiry_ms),
  };
}

/**
 * Retention expiry of a closed account's points: its ledger entries, holds, lots and account row
 * go. The ledger refuses a deletion unless the transaction names the account and the account is
 * closed (migration 0023): the setting lasts until this transaction ends. Answers the entries
 * deleted.
 */
export async function deleteClosedAccountLedger(q: Queryable, userId: number): Promise<number> {
  await q.query(`SELECT set_config('ledger.expire_account', $1::text, true)`, [String(userId)]);
  const entries = await q.query(`DELETE FROM ledger_entries WHERE user_id = $1 RETURNING 1`, [userId]);
  await q.query(`DELETE FROM point_holds WHERE user_id = $1`, [userId]);
  await q.query(`DELETE FROM point_lots WHERE user_id = $1`, [userId]);
  await q.query(`DELETE FROM point_accounts WHERE user_id = $1`, [userId]);
  return entries.length;
}
