import {
  POINTS,
  pagedList,
  type PagedList,
  type PointHistoryEntry,
  type PointLot,
  type TaskChargeState,
} from '@subtrans/contract';
import type { Db, Queryable } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import {
  applyChange,
  expireDueLots,
  findEntry,
  heldPoints,
  historyPage,
  type HistoryRow,
  holdPoints,
  insertLot,
  liveLots,
  lockAccount,
  settleHold,
  spendable,
  staleHoldRefs,
  takeFromLots,
  usersWithDueLots,
} from './ledger.repository.js';

/**
 * The one money model: every change of points is a ledger entry written in the same transaction
 * as the cached balance, under the user's account lock. Spending takes the soonest-expiring
 * unexpired lots first; long work holds points, then captures or releases the hold.
 */

const DAY_MS = 24 * 3600 * 1000;
/** a hold nobody settled is released by the sweep after this long */
export const DEFAULT_HOLD_HOURS = 24;

export const defaultExpiry = (from = new Date()) => new Date(from.getTime() + POINTS.validityDays * DAY_MS);

function assertPoints(n: number, what = 'points') {
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`${what} must be a positive integer, got ${n}`);
}

/** a lot that is born expired would be counted in the balance until the next expiry run */
function assertFuture(expiresAt: Date | null | undefined) {
  if (expiresAt && !(expiresAt.getTime() > Date.now()))
    throw new Error(`points cannot expire in the past (${expiresAt.toISOString()})`);
}

function insufficient(needed: number, current: number): AppError {
  return new AppError('INSUFFICIENT_POINTS', undefined, { needed, current });
}

/** Locks the account and brings it up to date; answers the spendable balance. */
async function openAccount(q: Queryable, userId: number): Promise<number> {
  const account = await lockAccount(q, userId);
  return (await expireDueLots(q, userId)) > 0 ? (await lockAccount(q, userId)).balance : account.balance;
}

export async function getBalance(db: Queryable, userId: number): Promise<number> {
  return spendable(db, userId);
}

/** Credits a paid order once: a second call for the same order changes nothing and answers the first result. */
export async function credit(
  db: Db,
  userId: number,
  points: number,
  ref: { orderId: string; expiresAt?: Date },
): Promise<{ balance: number; credited: boolean }> {
  assertPoints(points);
  assertFuture(ref.expiresAt);
  return db.tx(async (q) => {
    const balance = await openAccount(q, userId);
    const first = await findEntry(q, 'credit', 'order', ref.orderId);
    if (first && first.user_id !== userId)
      throw new Error(`order ${ref.orderId} was already credited to another user`);
    if (first) return { balance, credited: false };
    await insertLot(q, {
      userId,
      amount: points,
      expiresAt: ref.expiresAt ?? defaultExpiry(),
      source: 'credit',
      reference: `order:${ref.orderId}`,
    });
    const after = await applyChange(q, {
      userId,
      kind: 'credit',
      amount: points,
      referenceType: 'order',
      referenceId: ref.orderId,
    });
    return { balance: after, credited: true };
  });
}

/** A manager adds (a lot, with its own expiry if given) or removes points; the entry names the manager. */
export async function grant(
  db: Db,
  managerId: number,
  userId: number,
  points: number,
  opts: { note?: string | null; expiresAt?: Date | null } = {},
): Promise<number> {
  if (!Number.isSafeInteger(points) || points === 0) throw new Error('points must be a non-zero integer');
  assertFuture(opts.expiresAt);
  return db.tx(async (q) => {
    const balance = await openAccount(q, userId);
    if (points > 0) {
      await insertLot(q, {
        userId,
        amount: points,
        expiresAt: opts.expiresAt ?? defaultExpiry(),
        source: 'grant',
        reference: `manager:${managerId}`,
      });
      return applyChange(q, {
        userId,
        kind: 'grant',
        amount: points,
        referenceType: 'manager',
        referenceId: String(managerId),
        actorId: managerId,
        note: opts.note ?? null,
      });
    }
    const remove = -points;
    if (balance < remove) throw insufficient(remove, balance);
    await takeFromLots(q, userId, remove);
    return applyChange(q, {
      userId,
      kind: 'adjustment',
      amount: points,
      referenceType: 'manager',
      referenceId: String(managerId),
      actorId: managerId,
      note: opts.note ?? null,
    });
  });
}

/** Spends points at once (SPEC's /user/decr_point): never below zero. */
export async function debit(db: Db, userId: number, points: number, reference?: string): Promise<number> {
  assertPoints(points);
  return db.tx(async (q) => {
    const balance = await openAccount(q, userId);
    if (balance < points) throw insufficient(points, balance);
    await takeFromLots(q, userId, points);
    return applyChange(q, {
      userId,
      kind: 'debit',
      amount: -points,
      referenceType: 'api',
      referenceId: reference ?? null,
    });
  });
}

/**
 * Holds the estimated cost of a task at submit. Idempotent per task: holding again answers the
 * existing hold. Fails with INSUFFICIENT_POINTS (needed, current) when the balance is lower.
 */
export async function hold(
  db: Db,
  userId: number,
  taskRef: string,
  points: number,
  opts: { hours?: number; q?: Queryable } = {},
): Promise<{ balance: number; holdId: number }> {
  assertPoints(points);
  const r = await holdPoints(opts.q ?? db, {
    userId,
    taskRef,
    points,
    hours: opts.hours ?? DEFAULT_HOLD_HOURS,
  });
  if (!r) throw new Error('points_hold answered nothing');
  if (r.o_outcome === 'insufficient') throw insufficient(points, r.o_balance);
  return { balance: r.o_balance, holdId: r.o_hold_id };
}

async function settle(q: Queryable, taskRef: string, actual: number, releaseAll: boolean) {
  const r = await settleHold(q, taskRef, actual, releaseAll);
  if (!r) throw new Error('points_settle answered nothing');
  return r;
}

/**
 * Charges a finished task: `actual` (≤ the hold) is spent, the rest goes back. Pass the caller's
 * transaction to capture in the same transaction that marks the task completed. A second
 * capture of the same task changes nothing.
 */
export async function capture(
  db: Db,
  taskRef: string,
  actual: number,
  q?: Queryable,
): Promise<{ captured: number }> {
  if (!Number.isSafeInteger(actual) || actual < 0)
    throw new Error('captured points must be a non-negative integer');
  const r = await settle(q ?? db, taskRef, actual, false);
  switch (r.o_outcome) {
    case 'ok':
    case 'captured':
      return { captured: r.o_captured ?? 0 };
    case 'missing':
      throw new Error(`no hold for task ${taskRef}`);
    case 'released':
      throw new Error(`the hold for task ${taskRef} was already released`);
    case 'too_much':
      throw new Error(`cannot capture ${actual}: only ${r.o_captured} were held`);
  }
}

/** Gives a failed or cancelled task's hold back. No-op (false) when already settled. */
export async function release(db: Db, taskRef: string, q?: Queryable): Promise<boolean> {
  return (await settle(q ?? db, taskRef, 0, true)).o_outcome === 'ok';
}

/** Scheduled: expires every due lot (idempotent). */
export async function expireLots(db: Db): Promise<number> {
  let total = 0;
  for (const user_id of await usersWithDueLots(db)) {
    total += await db.tx(async (q) => {
      await lockAccount(q, user_id);
      return expireDueLots(q, user_id);
    });
  }
  return total;
}

/** Scheduled: releases holds that outlived their task. */
export async function sweepStaleHolds(db: Db): Promise<number> {
  let released = 0;
  for (const taskRef of await staleHoldRefs(db)) if (await release(db, taskRef)) released += 1;
  return released;
}

const CHARGE_STATES: Record<NonNullable<HistoryRow['hold_status']>, TaskChargeState> = {
  held: 'held',
  captured: 'charged',
  released: 'released',
};

/** The points history as the customer reads it: one line per task run (see historyPage). */
export async function listHistory(
  db: Queryable,
  userId: number,
  page: number,
  size: number,
): Promise<PagedList<PointHistoryEntry>> {
  const { rows, total } = await historyPage(db, userId, size, (page - 1) * size);
  return pagedList(
    rows.map((r) => ({
      id: r.id,
      kind: r.kind === 'hold' ? 'task' : r.kind,
      amount: r.net,
      balanceAfter: r.balance_after,
      orderId: r.kind === 'credit' && r.reference_type === 'order' ? r.reference_id : null,
      byManager: r.actor_id !== null,
      note: r.note,
      task:
        r.kind === 'hold'
          ? {
              fileName: r.file_name,
              purpose: r.reference_id?.startsWith('render:') ? 'render' : 'translation',
              state: CHARGE_STATES[r.hold_status ?? 'held'],
              held: r.hold_amount ?? -r.net,
            }
          : null,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    page,
    size,
    total,
  );
}

/** Lots that still hold points and have not expired, soonest expiry first. */
export async function listLots(db: Queryable, userId: number): Promise<PointLot[]> {
  const rows = await liveLots(db, userId);
  return rows.map((r) => ({
    id: r.id,
    amount: r.amount,
    remaining: r.remaining,
    expiresAt: new Date(r.expires_at).toISOString(),
    source: r.source,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** Points reserved by running tasks. */
export async function getHeld(db: Queryable, userId: number): Promise<number> {
  return heldPoints(db, userId);
}
