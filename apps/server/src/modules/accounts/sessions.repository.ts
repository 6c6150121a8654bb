import type { Queryable } from '../../db/client.js';
import type { UserRow } from './users.repository.js';

export async function insertSession(
  q: Queryable,
  s: {
    userId: number;
    tokenHash: string;
    slidingDays: number;
    absoluteDays: number;
    userAgent: string | null;
    ip: string | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO sessions (user_id, token_hash, expires_at, absolute_expires_at, user_agent, ip)
     VALUES ($1, $2, now() + make_interval(days => $3), now() + make_interval(days => $4), $5, $6)`,
    [s.userId, s.tokenHash, s.slidingDays, s.absoluteDays, s.userAgent, s.ip],
  );
}

export type LiveSessionRow = UserRow & {
  session_id: number;
  /** its sliding expiry was last written more than the touch interval ago */
  touch_due: boolean;
  ends_ms: number;
  touch_due_ms: number;
};

/** The live session of a token hash with its (live) user. */
export async function findLiveSession(
  q: Queryable,
  tokenHash: string,
  touchIntervalSeconds: number,
): Promise<LiveSessionRow | undefined> {
  const rows = await q.query<LiveSessionRow>(
    `SELECT s.id AS session_id, s.touched_at < now() - make_interval(secs => $2) AS touch_due,
            extract(epoch FROM LEAST(s.expires_at, s.absolute_expires_at)) * 1000 AS ends_ms,
            extract(epoch FROM s.touched_at + make_interval(secs => $2)) * 1000 AS touch_due_ms,
            u.id, u.email, u.name, u.pic, u.password_hash, u.is_manager, u.language, u.created_at
       FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = $1 AND s.expires_at > now() AND s.absolute_expires_at > now() AND u.deleted_at IS NULL`,
    [tokenHash, touchIntervalSeconds],
  );
  return rows[0];
}

/** Slides the session's expiry (never past its absolute expiry). */
export async function touchSession(q: Queryable, sessionId: number, slidingDays: number): Promise<void> {
  await q.query(
    `UPDATE sessions SET touched_at = now(),
            expires_at = LEAST(now() + make_interval(days => $2), absolute_expires_at)
      WHERE id = $1`,
    [sessionId, slidingDays],
  );
}

export async function deleteSessionByHash(q: Queryable, tokenHash: string): Promise<void> {
  await q.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}

export async function deleteExpiredSessions(q: Queryable): Promise<number> {
  const rows = await q.query(
    'DELETE FROM sessions WHERE expires_at <= now() OR absolute_expires_at <= now() RETURNING id',
  );
  return rows.length;
}

/** Sends a notification on the channel (delivered when the caller's transaction commits). */
export async function notify(q: Queryable, channel: string, payload: string): Promise<void> {
  await q.query(`SELECT pg_notify($1, $2)`, [channel, payload]);
}

/** The schema this connection's tables live in. */
export async function currentSchema(q: Queryable): Promise<string | undefined> {
  const [where] = await q.query<{ schema: string }>('SELECT current_schema() AS schema');
  return where?.schema;
}
