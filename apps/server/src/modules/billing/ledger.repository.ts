import type { Queryable } from '../../db/client.js';

export type EntryKind =
  'credit' | 'hold' | 'capture' | 'release' | 'expiry' | 'grant' | 'adjustment' | 'debit';

export interface AccountRow {
  user_id: number;
  balance: number;
  held: number;
}

export interface LotRow {
  id: number;
  amount: number;
  remaining: number;
  expires_at: Date;
  source: 'credit' | 'grant';
  reference: string | null;
  created_at: Date;
}

export interface HoldRow {
  id: number;
  user_id: number;
  task_ref: string;
  amount: number;
  status: 'held' | 'captured' | 'released';
  captured: number | null;
  expires_at: Date;
}

export interface EntryRow {
  id: number;
  kind: EntryKind;
  amount: number;
  held_change: number;
  balance_after: number;
  reference_type: string | null;
  reference_id: string | null;
  actor_id: number | null;
  note: string | null;
  created_at: Date;
}

/** Locks the user's account row for this transaction (creating it at 0): every change goes through here. */
export async function lockAccount(q: Queryable, userId: number): Promise<AccountRow> {
  await q.query(`INSERT INTO point_accounts (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`, [
    userId,
  ]);
  const rows = await q.query<AccountRow>(
    `SELECT user_id, balance, held FROM point_accounts WHERE user_id = $1 FOR UPDATE`,
    [userId],
  );
  return rows[0]!;
}

/** Applies a change to the cached balance and appends its entry, in the caller's transaction. */
export async function applyChange(
  q: Queryable,
  e: {
    userId: number;
    kind: EntryKind;
    amount: number;
    heldChange?: number;
    referenceType?: string | null;
    referenceId?: string | null;
    actorId?: number | null;
    note?: string | null;
  },
): Promise<number> {
  // the conditional update is the last guard: it never lets the balance go below zero
  const rows = await q.query<{ balance: number }>(
    `UPDATE point_accounts SET balance = balance + $2, held = held + $3, updated_at = now()
      WHERE user_id = $1 AND balance + $2 >= 0 AND held + $3 >= 0
      RETURNING balance`,
    [e.userId, e.amount, e.heldChange ?? 0],
  );
  const balance = rows[0]?.balance;
  if (balance === undefined)
    throw new Error(`ledger change would make the balance negative (user ${e.userId})`);
  await q.query(
    `INSERT INTO ledger_entries (user_id, kind, amount, held_change, balance_after, reference_type, reference_id, actor_id, note)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      e.userId,
      e.kind,
      e.amount,
      e.heldChange ?? 0,
      balance,
      e.referenceType ?? null,
      e.referenceId ?? null,
      e.actorId ?? null,
      e.note ?? null,
    ],
  );
  return balance;
}

export async function findEntry(q: Queryable, kind: EntryKind, referenceType: string, referenceId: string) {
  const rows = await q.query<EntryRow & { user_id: number }>(
    `SELECT id, user_id, kind, amount, held_change, balance_after, reference_type, reference_id, actor_id, note, created_at
       FROM ledger_entries WHERE kind = $1 AND reference_type = $2 AND reference_id = $3 LIMIT 1`,
    [kind, referenceType, referenceId],
  );
  return rows[0];
}

export async function insertLot(
  q: Queryable,
  l: {
    userId: number;
    amount: number;
    expiresAt: Date;
    source: 'credit' | 'grant';
    reference: string | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO point_lots (user_id, amount, remaining, expires_at, source, reference) VALUES ($1, $2, $2, $3, $4, $5)`,
    [l.userId, l.amount, l.expiresAt, l.source, l.reference],
  );
}

/**
 * Takes `amount` from the user's unexpired lots, soonest expiry first, and answers what it took
 * from each. Callers hold the account lock, so the lots cannot change underneath.
 */
export async function takeFromLots(
  q: Queryable,
  userId: number,
  amount: number,
): Promise<{ lotId: number; amount: number }[]> {
  const lots = await q.query<{ id: number; remaining: number }>(
    `SELECT id, remaining FROM point_lots
      WHERE user_id = $1 AND spendable AND expires_at > now()
      ORDER BY expires_at, id FOR UPDATE`,
    [userId],
  );
  const taken: { lotId: number; amount: number }[] = [];
  let left = amount;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    taken.push({ lotId: lot.id, amount: take });
    left -= take;
  }
  if (left > 0) throw new Error('not enough unexpired points in the lots');
  for (const t of taken) {
    await q.query(`UPDATE point_lots SET remaining = remaining - $2 WHERE id = $1`, [t.lotId, t.amount]);
  }
  return taken;
}

/** Unexpired points: what the user can spend now. */
export async function spendable(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query<{ total: number }>(
    `SELECT COALESCE(SUM(remaining), 0)::bigint AS total FROM point_lots
      WHERE user_id = $1 AND spendable AND expires_at > now()`,
    [userId],
  );
  return rows[0]?.total ?? 0;
}

/** Moves the user's due lots out of the balance (SQL function points_expire_due). Needs the account lock. */
export async function expireDueLots(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query<{ expired: number }>(`SELECT points_expire_due($1)::bigint AS expired`, [
    userId,
  ]);
  return rows[0]?.expired ?? 0;
}

export interface HoldOutcome {
  o_outcome: 'held' | 'exists' | 'insufficient';
  o_balance: number;
  o_hold_id: number;
}

/** One statement (SQL function points_hold): lock, expire, check, take from lots, write the entry. */
export async function holdPoints(
  q: Queryable,
  h: { userId: number; taskRef: string; points: number; hours: number },
): Promise<HoldOutcome | undefined> {
  const [r] = await q.query<HoldOutcome>(
    `SELECT o_outcome, o_balance, o_hold_id FROM points_hold($1, $2, $3, $4)`,
    [h.userId, h.taskRef, h.points, h.hours],
  );
  return r;
}

export type SettleOutcome = 'ok' | 'missing' | 'captured' | 'released' | 'too_much';

/** One statement (SQL function points_settle): capture `actual` or release everything. */
export async function settleHold(q: Queryable, taskRef: string, actual: number, releaseAll: boolean) {
  const [r] = await q.query<{ o_outcome: SettleOutcome; o_captured: number | null }>(
    `SELECT o_outcome, o_captured FROM points_settle($1, $2, $3)`,
    [taskRef, actual, releaseAll],
  );
  return r;
}

/** Users with lots past their expiry still counted as spendable. */
export async function usersWithDueLots(q: Queryable): Promise<number[]> {
  const users = await q.query<{ user_id: number }>(
    `SELECT DISTINCT user_id FROM point_lots WHERE spendable AND expires_at <= now()`,
  );
  return users.map((u) => u.user_id);
}

/** Holds still held past their expiry. */
export async function staleHoldRefs(q: Queryable): Promise<string[]> {
  const stale = await q.query<{ task_ref: string }>(
    `SELECT task_ref FROM point_holds WHERE status = 'held' AND expires_at <= now()`,
  );
  return stale.map((h) => h.task_ref);
}

export interface HistoryRow {
  id: number;
  kind: Exclude<EntryKind, 'capture' | 'release'>;
  reference_type: string | null;
  reference_id: string | null;
  actor_id: number | null;
  note: string | null;
  created_at: Date;
  /** what the line changes in the end: a hold counts what its task was charged (0 if released) */
  net: number;
  balance_after: number;
  hold_status: HoldRow['status'] | null;
  hold_amount: number | null;
  /** the task's file name; null when the task is deleted (or the hold names no task) */
  file_name: string | null;
}

// A task's hold and its settlement are one line: the settlement entries are left out and the hold
// line carries the hold's outcome. Every settlement has its hold (points_settle needs one), so the
// lines' net amounts add up to the same balance as the entries. The file name is read from tasks
// here because the tasks module depends on billing (hold, capture), not the other way round; the
// hold's reference is 'task:<uuid>:<attempt>'.
const HISTORY_LINES = `
  SELECT e.id, e.kind, e.reference_type, e.reference_id, e.actor_id, e.note, e.created_at,
         h.status AS hold_status, h.amount AS hold_amount,
         CASE WHEN t.deleted_at IS NULL THEN t.file_name END AS file_name,
         CASE WHEN h.status = 'captured' THEN -h.captured
              WHEN h.status = 'released' THEN 0
              ELSE e.amount END AS net
    FROM ledger_entries e
    LEFT JOIN point_holds h ON e.kind = 'hold' AND h.task_ref = e.reference_id
    LEFT JOIN tasks t ON e.kind = 'hold' AND t.user_id = e.user_id
          AND t.id = CASE WHEN split_part(e.reference_id, ':', 2) ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
                          THEN split_part(e.reference_id, ':', 2)::uuid END
   WHERE e.user_id = $1 AND NOT (e.kind IN ('capture', 'release') AND e.reference_type = 'task')`;

/**
 * A page of the user's points history, newest first, and how many lines there are: the entries
 * as a customer reads them (HISTORY_LINES), each with the balance after it over those lines.
 */
export async function historyPage(
  q: Queryable,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ rows: HistoryRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    q.query<HistoryRow>(
      `SELECT id, kind, reference_type, reference_id, actor_id, note, created_at, hold_status, hold_amount,
              file_name, net, (SUM(net) OVER (ORDER BY id))::bigint AS balance_after
         FROM (${HISTORY_LINES}) lines
        ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    ),
    q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries
        WHERE user_id = $1 AND NOT (kind IN ('capture', 'release') AND reference_type = 'task')`,
      [userId],
    ),
  ]);
  return { rows, total: count[0]?.n ?? 0 };
}

/** Lots that still hold points and have not expired, soonest expiry first (at most 200). */
export async function liveLots(q: Queryable, userId: number): Promise<LotRow[]> {
  return q.query<LotRow>(
    `SELECT id, amount, remaining, expires_at, source, reference, created_at
       FROM point_lots WHERE user_id = $1 AND spendable AND expires_at > now()
      ORDER BY expires_at, id LIMIT 200`,
    [userId],
  );
}

/** Points reserved by running tasks. */
export async function heldPoints(q: Queryable, userId: number): Promise<number> {
  const rows = await q.query<{ held: number }>(`SELECT held FROM point_accounts WHERE user_id = $1`, [
    userId,
  ]);
  return rows[0]?.held ?? 0;
}
