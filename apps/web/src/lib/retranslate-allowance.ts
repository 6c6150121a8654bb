import type { TFunction } from 'i18next';
import { ErrorCodes, type RetranslateQuota } from '@subtrans/contract';
import { ApiError } from './api-client';
import { currentLanguage } from './i18n';

/**
 * The day's re-translation allowance as the browser knows it: re-translation in the editor and
 * re-applying a task's glossaries and brief (which spends like it) both answer what is left.
 */
export const retranslateQuotaKey = ['retranslate-quota'] as const;

/** When the allowance renews, in the user's own time zone and language. */
export function renewalTime(resetsAt: string): string {
  return new Date(resetsAt).toLocaleString(currentLanguage(), { dateStyle: 'short', timeStyle: 'short' });
}

/** A count of characters as the user's language writes numbers (20,000). */
export const formatChars = (n: number) => n.toLocaleString(currentLanguage());

/**
 * A refusal for the allowance carries what is left (the quota's fields) and what was needed:
 * characters, and calls (lines far apart are one call each).
 */
export type AllowanceRefusal = RetranslateQuota & { needed: number; neededCalls?: number };

export function refusalOf(e: unknown): AllowanceRefusal | null {
  if (!(e instanceof ApiError)) return null;
  if (
    e.code !== ErrorCodes.RETRANSLATE_BUDGET_EXCEEDED.code &&
    e.code !== ErrorCodes.RETRANSLATE_CALLS_EXCEEDED.code
  )
    return null;
  const data = e.data as Partial<AllowanceRefusal> | null;
  return data && typeof data.charsLeft === 'number' && typeof data.resetsAt === 'string'
    ? (data as AllowanceRefusal)
    : null;
}

/** What the allowance's refusal says: nothing left today, or not enough for this many lines. */
export function refusalText(refusal: AllowanceRefusal, t: TFunction): string {
  const time = renewalTime(refusal.resetsAt);
  if (refusal.callsLeft === 0 || refusal.charsLeft === 0) return t('editor.allowance.exhausted', { time });
  if (refusal.neededCalls !== undefined && refusal.neededCalls > refusal.callsLeft)
    return t('editor.allowance.refusedCalls', {
      needed: formatChars(refusal.neededCalls),
      left: formatChars(refusal.callsLeft),
      time,
    });
  return t('editor.allowance.refused', {
    needed: formatChars(refusal.needed),
    left: formatChars(refusal.charsLeft),
    time,
  });
}
