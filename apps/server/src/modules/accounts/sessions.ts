import { createHash, randomBytes } from 'node:crypto';
import { SESSION } from '@subtrans/contract';
import type { Queryable } from '../../db/client.js';
import type { SessionCache } from './session-cache.js';
import type { UserRow } from './users.repository.js';
import { deleteSessionByHash, findLiveSession, insertSession, touchSession } from './sessions.repository.js';
import { outOfSpace } from '../../db/out-of-space.js';

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
  await insertSession(q, {
    userId,
    tokenHash: hashToken(token),
    slidingDays: SESSION.slidingDays,
    absoluteDays: SESSION.absoluteDays,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip ?? null,
  });
  return token;
}

export interface ResolvedSession {
  /** 0 for an API key (api-keys.ts), which no session-only call accepts */
  sessionId: number;
  /** the sliding expiry was written by this call */
  touched: boolean;
  user: UserRow;
  /** the caller signed in with an API key, not a session (issue 39) */
  apiKey?: { id: number; scope: 'read' | 'translate' };
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
  if (cached && !cached.apiKey) return { sessionId: cached.sessionId, touched: false, user: cached.user };
  const mark = cache?.mark() ?? 0;
  const row = await findLiveSession(q, tokenHash, SESSION.touchIntervalSeconds);
  if (!row) return null;
  const { session_id, touch_due, ends_ms, touch_due_ms, ...user } = row;
  let touched = touch_due;
  if (touch_due) {
    try {
      await touchSession(q, session_id, SESSION.slidingDays);
    } catch (err) {
      // the database's disk is full: the session is still good, its expiry slides next time
      if (!outOfSpace(err)) throw err;
      touched = false;
    }
  } else {
    cache?.store(mark, tokenHash, {
      sessionId: session_id,
      user,
      expiresAtMs: Number(ends_ms),
      touchDueAtMs: Number(touch_due_ms),
    });
  }
  return { sessionId: session_id, touched, user };
}

export async function deleteSessionByToken(q: Queryable, token: string): Promise<void> {
  await deleteSessionByHash(q, hashToken(token));
}
