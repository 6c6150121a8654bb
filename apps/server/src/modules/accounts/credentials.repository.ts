import type { Queryable } from '../../db/client.js';

// the account's password, email and sessions as a whole; each write notifies the servers' session
// caches through the users and sessions triggers (migration 0012)

/** Sets a live user's password hash; answers whether a live user matched. */
export async function setPasswordHash(q: Queryable, id: number, passwordHash: string): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
    [id, passwordHash],
  );
  return rows.length > 0;
}

/** Ends the user's sessions, all of them or all but one; answers how many ended. */
export async function deleteSessionsOfUser(
  q: Queryable,
  userId: number,
  keepSessionId: number | null = null,
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `DELETE FROM sessions WHERE user_id = $1 AND ($2::bigint IS NULL OR id <> $2::bigint) RETURNING id`,
    [userId, keepSessionId],
  );
  return rows.length;
}

/**
 * Gives the live user `id` the address `email` unless another live account holds it; answers
 * whether it did (not: the address is taken, or the user is gone). Two accounts taking one address
 * at once: the unique index users_email_live refuses the second (the caller maps that error).
 */
export async function setEmailIfFree(q: Queryable, id: number, email: string): Promise<boolean> {
  const rows = await q.query<{ id: number }>(
    `UPDATE users SET email = $2, updated_at = now()
      WHERE id = $1 AND deleted_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM users o WHERE lower(o.email) = lower($2) AND o.deleted_at IS NULL AND o.id <> $1)
      RETURNING id`,
    [id, email],
  );
  return rows.length > 0;
}

/** Makes the user a manager, writing only when it is not one yet (a start changes nothing else). */
export async function makeManager(q: Queryable, id: number): Promise<void> {
  await q.query(`UPDATE users SET is_manager = true, updated_at = now() WHERE id = $1 AND NOT is_manager`, [
    id,
  ]);
}
