import { createHash, randomBytes } from 'node:crypto';
import { SESSION } from '@subtrans/contract';
import type { Queryable } from '../../db/client.js';
import type { UserRow } from './users.repository.js';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored: a database leak does not hand out live sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createSession(
  q: Queryable,
  userId: number,
  meta: { userAgent?: string | undefined; ip?: string | undefined },
): Promise<string> {
  const token = newToken();
  await q.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at, absolute_expires_at, user_agent, ip)
     VALUES ($1, $2, now() + make_interval(days => $3), now() + make_interval(days => $4), $5, $6)`,
    [
      userId,
      hashToken(token),
      SESSION.slidingDays,
      SESSION.absoluteDays,
      meta.userAgent?.slice(0, 300) ?? null,
      meta.ip ?? null,
    ],
  );
  return token;
}

export interface ResolvedSession {
  sessionId: number;
  /** the sliding expiry was written by this call */
  touched: boolean;
  user: UserRow;
}

/**
 * Finds the live session for a token and slides its expiry. The write happens at most once per
 * SESSION.touchIntervalSeconds per session, so most authenticated calls are a single read.
 */
export async function resolveSession(q: Queryable, token: string): Promise<ResolvedSession | null> {
  const rows = await q.query<UserRow & { session_id: number; touch_due: boolean }>(
    `SELECT s.id AS session_id, s.touched_at < now() - make_interval(secs => $2) AS touch_due,
            u.id, u.email, u.name, u.pic, u.password_hash, u.is_manager, u.language, u.created_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND s.absolute_expires_at > now() AND u.deleted_at IS NULL`,
    [hashToken(token), SESSION.touchIntervalSeconds],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.touch_due) {
    await q.query(
      `UPDATE sessions SET touched_at = now(),
              expires_at = LEAST(now() + make_interval(days => $2), absolute_expires_at)
        WHERE id = $1`,
      [row.session_id, SESSION.slidingDays],
    );
  }
  const { session_id, touch_due: _touch, ...user } = row;
  return { sessionId: session_id, touched: row.touch_due, user };
}

export async function deleteSessionByToken(q: Queryable, token: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE token_hash = $1', [hashToken(token)]);
}

export async function deleteExpiredSessions(q: Queryable): Promise<number> {
  const rows = await q.query(
    'DELETE FROM sessions WHERE expires_at <= now() OR absolute_expires_at <= now() RETURNING id',
  );
  return rows.length;
}
