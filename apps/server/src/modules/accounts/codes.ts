import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@subtrans/contract';
import type { Queryable } from '../../db/client.js';
import {
  countCodeAttempt,
  lockCode,
  markCodeConsumed,
  upsertCode,
  type CodePurpose,
} from './codes.repository.js';

export type { CodePurpose };

export function generateCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(LIMITS.codeLength, '0');
}

/** Codes are stored as an HMAC keyed with the server secret: six digits alone would be trivial to reverse. */
export function hashCode(secret: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`${email.toLowerCase()}\n${code}`).digest('hex');
}

/**
 * Stores a new code for (email, purpose), replacing the previous one, unless the previous one
 * was issued less than the resend interval ago.
 */
export async function storeCode(
  q: Queryable,
  secret: string,
  email: string,
  purpose: CodePurpose,
  code: string,
): Promise<'stored' | 'too_soon'> {
  const stored = await upsertCode(q, {
    email: email.toLowerCase(),
    purpose,
    codeHash: hashCode(secret, email, code),
    ttlMinutes: LIMITS.codeTtlMinutes,
    resendSeconds: LIMITS.resendSeconds,
  });
  return stored ? 'stored' : 'too_soon';
}

export type CodeCheck = 'ok' | 'invalid' | 'locked';

/**
 * Checks a code inside the caller's transaction. A wrong guess counts; the fifth wrong guess
 * kills the code; a right guess consumes it (single use). The row is locked so concurrent
 * guesses count one by one.
 */
export async function consumeCode(
  q: Queryable,
  secret: string,
  email: string,
  purpose: CodePurpose,
  code: string,
): Promise<CodeCheck> {
  const row = await lockCode(q, email.toLowerCase(), purpose);
  if (!row || !row.live) return 'invalid';
  if (row.attempts >= LIMITS.codeMaxAttempts) return 'locked';
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(secret, email, code), 'hex');
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    await markCodeConsumed(q, email.toLowerCase(), purpose);
    return 'ok';
  }
  const attempts = await countCodeAttempt(q, email.toLowerCase(), purpose);
  return attempts >= LIMITS.codeMaxAttempts ? 'locked' : 'invalid';
}
