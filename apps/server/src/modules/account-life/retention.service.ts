import { RETENTION } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import {
  closedForContentDeletion,
  closedForRecordsDeletion,
  deleteClosedUser,
  markContentDeleted,
} from '../accounts/closed-accounts.repository.js';
import { deleteClosedLedger } from '../billing/account-ledger.service.js';
import { deleteUploadContentOf } from '../media/account-uploads.service.js';
import { deleteOldPaymentEvents, deleteOrdersOf } from '../payments/payment-records.repository.js';
import { deleteOldContactMessages } from '../site/contact.repository.js';
import { purgeObjects } from '../storage/object-deletions.service.js';
import { deleteContentOf, deleteOldUsage } from '../tasks/index.js';
import { deleteGlossariesOf } from '../glossary/index.js';
import { deleteSeriesOf } from '../series/index.js';

/**
 * The terms' retention periods (RETENTION in packages/contract), carried out by the daily job.
 * Every function takes the time to judge by (`now`), so a test can move the clock forward without
 * touching timers; the deletions themselves are stamped with the database's clock.
 */

const BATCH = 100;

/** Pages through ids (ascending) and runs `each` on every one; a failed id is logged and skipped. */
async function forEachDue(
  ctx: AppContext,
  page: (afterId: number) => Promise<number[]>,
  each: (id: number) => Promise<void>,
  what: string,
): Promise<number> {
  let done = 0;
  let after = 0;
  for (;;) {
    const ids = await page(after);
    for (const id of ids) {
      after = id;
      try {
        await each(id);
        done += 1;
      } catch (err) {
        ctx.log.error({ err, user: id }, `${what} failed; the next run tries again`);
      }
    }
    if (ids.length < BATCH) return done;
  }
}

/**
 * The account's tasks with their segments, its uploads, and their objects queued, its glossaries
 * and series (caller's transaction).
 */
async function deleteContent(q: Queryable, userId: number): Promise<string[]> {
  const keys = [...(await deleteContentOf(q, userId)), ...(await deleteUploadContentOf(q, userId))];
  await deleteGlossariesOf(q, userId);
  await deleteSeriesOf(q, userId);
  return [...new Set(keys)];
}

/**
 * RETENTION.closedContentDays after an account closed: its tasks, segments, results, uploads,
 * glossaries, series and their stored objects are deleted (the objects through the deletion queue: a storage failure is
 * retried, never lost). Orders and the ledger stay.
 */
export async function deleteClosedContent(
  ctx: AppContext,
  now = new Date(),
): Promise<{ accounts: number; objects: number }> {
  let objects = 0;
  const accounts = await forEachDue(
    ctx,
    (after) => closedForContentDeletion(ctx.db, now, RETENTION.closedContentDays, after, BATCH),
    async (id) => {
      const keys = await ctx.db.tx(async (q) => {
        const queued = await deleteContent(q, id);
        await markContentDeleted(q, id);
        return queued;
      });
      if (keys.length) objects += (await purgeObjects(ctx, keys)).deleted;
    },
    "deleting a closed account's content",
  );
  return { accounts, objects };
}

/**
 * RETENTION.paymentRecordsYears after an account closed: its orders, ledger entries, holds and lots
 * go, and then its row (see deleteClosedUser for the one that stays). The ledger lets the entries
 * go only for a closed account named by the transaction (migration 0023).
 */
export async function deleteExpiredRecords(
  ctx: AppContext,
  now = new Date(),
): Promise<{ accounts: number; usersDeleted: number }> {
  let usersDeleted = 0;
  const accounts = await forEachDue(
    ctx,
    (after) => closedForRecordsDeletion(ctx.db, now, RETENTION.paymentRecordsYears, after, BATCH),
    async (id) => {
      const keys = await ctx.db.tx(async (q) => {
        // content left behind (its deletion failed until now) would hold the row
        const queued = await deleteContent(q, id);
        await deleteOrdersOf(q, id);
        await deleteClosedLedger(q, id);
        if (await deleteClosedUser(q, id)) usersDeleted += 1;
        return queued;
      });
      if (keys.length) await purgeObjects(ctx, keys);
    },
    "deleting a closed account's records",
  );
  return { accounts, usersDeleted };
}

/**
 * Logs the product keeps: contact messages and re-translation counters after RETENTION.logsMonths;
 * payment notifications (payment records) after RETENTION.paymentRecordsYears.
 */
export async function deleteOldLogs(
  ctx: AppContext,
  now = new Date(),
): Promise<{ contactMessages: number; usageDays: number; paymentEvents: number }> {
  return {
    contactMessages: await deleteOldContactMessages(ctx.db, now, RETENTION.logsMonths),
    usageDays: await deleteOldUsage(ctx.db, now, RETENTION.logsMonths),
    paymentEvents: await deleteOldPaymentEvents(ctx.db, now, RETENTION.paymentRecordsYears),
  };
}

/** The daily job: all of the above, judged at `now`. */
export async function runRetention(ctx: AppContext, now = new Date()) {
  const content = await deleteClosedContent(ctx, now);
  const records = await deleteExpiredRecords(ctx, now);
  const logs = await deleteOldLogs(ctx, now);
  return { content, records, logs };
}
