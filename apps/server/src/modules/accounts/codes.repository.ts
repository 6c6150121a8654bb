import type { Queryable } from '../../db/client.js';

/** register: a new account; reset: a new password; email: an address added to an account without one */
export type CodePurpose = 'register' | 'reset' | 'email';

/**
 * Stores a code hash for (email, purpose), replacing the previous one unless that was issued less
 * than `resendSeconds` ago. Answers false when it was too soon.
 */
export async function upsertCode(
  q: Queryable,
  c: { email: string; purpose: CodePurpose; codeHash: string; ttlMinutes: number; resendSeconds: number },
): Promise<boolean> {
  const rows = await q.query<{ email: string }>(
    `INSERT INTO verification_codes (email, purpose, code_hash, attempts, created_at, expires_at, consumed_at)
     VALUES ($1, $2, $3, 0, now(), now() + make_interval(mins => $4), NULL)
     ON CONFLICT (email, purpose) DO UPDATE SET
       code_hash = EXCLUDED.code_hash, attempts = 0, created_at = now(),
       expires_at = EXCLUDED.expires_at, consumed_at = NULL
     WHERE verification_codes.created_at <= now() - make_interval(secs => $5)
     RETURNING email`,
    [c.email, c.purpose, c.codeHash, c.ttlMinutes, c.resendSeconds],
  );
  return rows.length > 0;
}

/** The code row, locked for the caller's transaction so concurrent guesses count one by one. */
export async function lockCode(q: Queryable, email: string, purpose: CodePurpose) {
  const rows = await q.query<{ code_hash: string; attempts: number; live: boolean }>(
    `SELECT code_hash, attempts, (expires_at > now() AND consumed_at IS NULL) AS live
       FROM verification_codes WHERE email = $1 AND purpose = $2 FOR UPDATE`,
    [email, purpose],
  );
  return rows[0];
}

export async function markCodeConsumed(q: Queryable, email: string, purpose: CodePurpose): Promise<void> {
  await q.query(`UPDATE verification_codes SET consumed_at = now() WHERE email = $1 AND purpose = $2`, [
    email,
    purpose,
  ]);
}

/** Counts a wrong guess; answers the attempts so far. */
export async function countCodeAttempt(q: Queryable, email: string, purpose: CodePurpose): Promise<number> {
  const updated = await q.query<{ attempts: number }>(
    `UPDATE verification_codes SET attempts = attempts + 1 WHERE email = $1 AND purpose = $2 RETURNING attempts`,
    [email, purpose],
  );
  return updated[0]?.attempts ?? 0;
}

export async function deleteRegisterCode(q: Queryable, email: string): Promise<void> {
  await deleteCode(q, email, 'register');
}

export async function deleteCode(q: Queryable, email: string, purpose: CodePurpose): Promise<void> {
  await q.query(`DELETE FROM verification_codes WHERE email = $1 AND purpose = $2`, [email, purpose]);
}

export async function deleteStaleCodes(q: Queryable): Promise<number> {
  const rows = await q.query(
    `DELETE FROM verification_codes WHERE expires_at <= now() - interval '1 day' OR consumed_at IS NOT NULL RETURNING email`,
  );
  return rows.length;
}
