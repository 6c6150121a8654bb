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
    `SELECT * FROM ledger_entries WHERE kind = $1 AND reference_type = $2 AND reference_id = $3 LIMIT 1`,
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
