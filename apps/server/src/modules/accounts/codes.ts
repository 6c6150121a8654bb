import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@subtrans/contract';
import type { Queryable } from '../../db/client.js';

export type CodePurpose = 'register';

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
  const rows = await q.query<{ email: string }>(
    `INSERT INTO verification_codes (email, purpose, code_hash, attempts, created_at, expires_at, consumed_at)
     VALUES ($1, $2, $3, 0, now(), now() + make_interval(mins => $4), NULL)
     ON CONFLICT (email, purpose) DO UPDATE SET
       code_hash = EXCLUDED.code_hash, attempts = 0, created_at = now(),
       expires_at = EXCLUDED.expires_at, consumed_at = NULL
     WHERE verification_codes.created_at <= now() - make_interval(secs => $5)
     RETURNING email`,
    [
      email.toLowerCase(),
      purpose,
      hashCode(secret, email, code),
      LIMITS.codeTtlMinutes,
      LIMITS.resendSeconds,
    ],
  );
  return rows.length ? 'stored' : 'too_soon';
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
  const rows = await q.query<{ code_hash: string; attempts: number; live: boolean }>(
    `SELECT code_hash, attempts, (expires_at > now() AND consumed_at IS NULL) AS live
       FROM verification_codes WHERE email = $1 AND purpose = $2 FOR UPDATE`,
    [email.toLowerCase(), purpose],
  );
  const row = rows[0];
  if (!row || !row.live) return 'invalid';
  if (row.attempts >= LIMITS.codeMaxAttempts) return 'locked';
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(hashCode(secret, email, code), 'hex');
  if (expected.length === given.length && timingSafeEqual(expected, given)) {
    await q.query(`UPDATE verification_codes SET consumed_at = now() WHERE email = $1 AND purpose = $2`, [
      email.toLowerCase(),
      purpose,
    ]);
    return 'ok';
  }
  const updated = await q.query<{ attempts: number }>(
    `UPDATE verification_codes SET attempts = attempts + 1 WHERE email = $1 AND purpose = $2 RETURNING attempts`,
    [email.toLowerCase(), purpose],
  );
  return (updated[0]?.attempts ?? 0) >= LIMITS.codeMaxAttempts ? 'locked' : 'invalid';
}

export async function deleteStaleCodes(q: Queryable): Promise<number> {
  const rows = await q.query(
    `DELETE FROM verification_codes WHERE expires_at <= now() - interval '1 day' OR consumed_at IS NOT NULL RETURNING email`,
  );
  return rows.length;
}
