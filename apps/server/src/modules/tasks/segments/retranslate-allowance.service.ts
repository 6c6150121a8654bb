import type { RetranslateQuota } from '@subtrans/contract';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../http/errors.js';
import {
  giveBackRetranslation,
  spendRetranslation,
  usageToday,
  type UsageRow,
} from './retranslate.repository.js';

const DAY_MS = 24 * 3600 * 1000;

/** The next midnight UTC after `day` (YYYY-MM-DD), when that day's allowance renews. */
function resetsAt(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS);
}

function quotaOf(ctx: AppContext, usage: UsageRow): RetranslateQuota {
  const charsPerDay = ctx.env.RETRANSLATE_DAILY_CHARS;
  const callsPerDay = ctx.env.RETRANSLATE_DAILY_QUOTA;
  return {
    charsLeft: Math.max(0, charsPerDay - usage.chars),
    charsPerDay,
    callsLeft: Math.max(0, callsPerDay - usage.calls),
    callsPerDay,
    resetsAt: resetsAt(usage.day).toISOString(),
  };
}

/** /task/retranslate_quota: what is left of today's allowance. */
export async function retranslateQuota(ctx: AppContext, userId: number): Promise<RetranslateQuota> {
  return quotaOf(ctx, await usageToday(ctx.db, userId));
}

export interface Spent {
  day: string;
  quota: RetranslateQuota;
}

/**
 * Spends `calls` calls (the engine calls the request makes, at least 1; 0 for the direct
 * /translation/* calls, which have their own count) and `chars` characters of the original text
 * the engine is asked to translate (never the context lines), or refuses the whole request with
 * what is left and when it renews. The direct /translation/* calls spend from the same characters:
 * otherwise they would be a free engine beside the budget.
 */
export async function spendAllowance(
  ctx: AppContext,
  userId: number,
  chars: number,
  calls = 1,
): Promise<Spent> {
  if (ctx.env.RETRANSLATE_DAILY_CHARS === 0) throw new AppError('RETRANSLATE_OFF');
  const limits = { calls: ctx.env.RETRANSLATE_DAILY_QUOTA, chars: ctx.env.RETRANSLATE_DAILY_CHARS };
  const spent = await spendRetranslation(ctx.db, userId, chars, limits, calls);
  if (spent) return { day: spent.day, quota: quotaOf(ctx, spent) };
  const usage = await usageToday(ctx.db, userId);
  const quota = quotaOf(ctx, usage);
  // shown in the message; the editor words resetsAt in the user's own time zone
  const renewsAt = `${resetsAt(usage.day).toISOString().slice(0, 10)} 00:00 UTC`;
  const data = { ...quota, needed: chars, neededCalls: calls, renewsAt };
  if (quota.callsLeft < calls) throw new AppError('RETRANSLATE_CALLS_EXCEEDED', undefined, data);
  throw new AppError('RETRANSLATE_BUDGET_EXCEEDED', undefined, data);
}

/** Gives back the characters of lines the engine failed on; answers the allowance left after. */
export async function giveBackAllowance(
  ctx: AppContext,
  userId: number,
  spent: Spent,
  chars: number,
): Promise<RetranslateQuota> {
  if (chars <= 0) return spent.quota;
  const row = await giveBackRetranslation(ctx.db, userId, spent.day, chars);
  return row ? quotaOf(ctx, row) : spent.quota;
}
