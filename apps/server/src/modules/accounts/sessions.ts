import { createHash, randomBytes } from 'node:crypto';
import { SESSION } from '@subtrans/contract';
import type { Queryable } from '../../db/client.js';
import type { SessionCache } from './session-cache.js';
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
 * SESSION.touchIntervalSeconds per session, so most authenticated calls are a single read, and
 * with a cache most are no read at all (session-cache.ts says when it forgets).
 */
export async function resolveSession(
  q: Queryable,
  token: string,
  cache?: SessionCache,
): Promise<ResolvedSession | null> {
  const tokenHash = hashToken(token);
  const cached = cache?.get(tokenHash);
  if (cached) return { sessionId: cached.sessionId, touched: false, user: cached.user };
  const mark = cache?.mark() ?? 0;
  const rows = await q.query<
    UserRow & { session_id: number; touch_due: boolean; ends_ms: number; touch_due_ms: number }
  >(
    `SELECT s.id AS session_id, s.touched_at < now() - make_interval(secs => $2) AS touch_due,
            extract(epoch FROM LEAST(s.expires_at, s.absolute_expires_at)) * 1000 AS ends_ms,
            extract(epoch FROM s.touched_at + make_interval(secs => $2)) * 1000 AS touch_due_ms,
            u.id, u.email, u.name, u.pic, u.password_hash, u.is_manager, u.language, u.created_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND s.absolute_expires_at > now() AND u.deleted_at IS NULL`,
    [tokenHash, SESSION.touchIntervalSeconds],
  );
  const row = rows[0];
  if (!row) return null;
  const { session_id, touch_due, ends_ms, touch_due_ms, ...user } = row;
  if (touch_due) {
    await q.query(
      `UPDATE sessions SET touched_at = now(),
              expires_at = LEAST(now() + make_interval(days => $2), absolute_expires_at)
        WHERE id = $1`,
      [session_id, SESSION.slidingDays],
    );
  } else {
    cache?.store(mark, tokenHash, {
      sessionId: session_id,
      user,
      expiresAtMs: Number(ends_ms),
      touchDueAtMs: Number(touch_due_ms),
    });
  }
  return { sessionId: session_id, touched: touch_due, user };
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
