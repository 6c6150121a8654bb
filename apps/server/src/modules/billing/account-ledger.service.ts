import type { Db, Queryable } from '../../db/client.js';
import {
  deleteClosedAccountLedger,
  emptyLot,
  lockSpendableLots,
  openHoldRefs,
  TRIAL_REFERENCE,
  trialRemaining,
} from './account-ledger.repository.js';
import { applyChange, expireDueLots, insertLot, lockAccount } from './ledger.repository.js';
import { defaultExpiry, release } from './ledger.service.js';

/**
 * An account's points at its beginning (a trial grant) and its end (forfeiture at closing, the
 * records' deletion years later), by the rules of ledger.service.ts: every change is an entry
 * written with the balance, under the account lock.
 */

/** The note of the entries that forfeit a closed account's points. */
export const FORFEIT_NOTE = 'forfeited: account closed';

/**
 * Sign-up's trial points, in the caller's transaction: a lot with the usual expiry and a 'grant'
 * entry of reference type 'trial' (the points history shows it as a trial, not a manager's grant).
 */
export async function grantTrial(q: Queryable, userId: number, points: number): Promise<number> {
  if (!Number.isSafeInteger(points) || points <= 0)
    throw new Error(`trial points must be positive, got ${points}`);
  await lockAccount(q, userId);
  await insertLot(q, {
    userId,
    amount: points,
    expiresAt: defaultExpiry(),
    source: 'grant',
    reference: TRIAL_REFERENCE,
  });
  return applyChange(q, { userId, kind: 'grant', amount: points, referenceType: TRIAL_REFERENCE });
}

/** What is left of the user's trial points (0 when none), and when that next changes by itself. */
export async function trialPointsLeft(
  db: Queryable,
  userId: number,
): Promise<{ total: number; firstExpiryMs: number | null }> {
  return trialRemaining(db, userId);
}

/**
 * A closing account's points, in the closing transaction: holds still held are released (their
 * tasks were stopped), then every lot that holds points is written off, one 'expiry' entry per lot
 * noted as forfeited, so the balance ends at 0 and the ledger still adds up to it.
 */
export async function settleClosedAccount(
  db: Db,
  q: Queryable,
  userId: number,
): Promise<{ released: number; forfeited: number }> {
  let released = 0;
  for (const ref of await openHoldRefs(q, userId)) if (await release(db, ref, q)) released += 1;
  await lockAccount(q, userId);
  // lots past their expiry leave as they would anyway: an 'expiry' entry of their own
  await expireDueLots(q, userId);
  let forfeited = 0;
  for (const lot of await lockSpendableLots(q, userId)) {
    await emptyLot(q, lot.id);
    await applyChange(q, {
      userId,
      kind: 'expiry',
      amount: -lot.remaining,
      referenceType: 'lot',
      referenceId: String(lot.id),
      note: FORFEIT_NOTE,
    });
    forfeited += lot.remaining;
  }
  return { released, forfeited };
}

/** Retention expiry of a closed account's ledger, holds, lots and account (caller's transaction). */
export async function deleteClosedLedger(q: Queryable, userId: number): Promise<number> {
  return deleteClosedAccountLedger(q, userId);
}
