import type { ApiKeyScope } from '@subtrans/contract';
import type { Queryable } from '../../db/client.js';
import type { UserRow } from './users.repository.js';

export interface ApiKeyRow {
  id: number;
  name: string;
  prefix: string;
  scope: ApiKeyScope;
  created_at: Date;
  last_used_at: Date | null;
}

const COLUMNS = 'id, name, prefix, scope, created_at, last_used_at';

export async function listApiKeys(q: Queryable, userId: number): Promise<ApiKeyRow[]> {
  return q.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE user_id = $1 ORDER BY id DESC`, [userId]);
}

/**
 * Inserts the key unless the user holds `max` already (answers undefined then). The user's row is
 * locked first, so two creations at once cannot both see room for the last key.
 */
export async function insertApiKey(
  q: Queryable,
  k: { userId: number; name: string; prefix: string; secretHash: string; scope: ApiKeyScope; max: number },
): Promise<ApiKeyRow | undefined> {
  await q.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [k.userId]);
  const rows = await q.query<ApiKeyRow>(
    `INSERT INTO api_keys (user_id, name, prefix, secret_hash, scope)
     SELECT $1, $2, $3, $4, $5
      WHERE (SELECT count(*) FROM api_keys WHERE user_id = $1) < $6
     RETURNING ${COLUMNS}`,
    [k.userId, k.name, k.prefix, k.secretHash, k.scope, k.max],
  );
  return rows[0];
}

export async function deleteApiKey(q: Queryable, userId: number, id: number): Promise<boolean> {
  const rows = await q.query('DELETE FROM api_keys WHERE id = $1 AND user_id = $2 RETURNING id', [
    id,
    userId,
  ]);
  return rows.length > 0;
}

export type LiveApiKeyRow = UserRow & {
  key_id: number;
  scope: ApiKeyScope;
  /** its last use was written more than the touch interval ago (or never) */
  touch_due: boolean;
  touch_due_ms: number | null;
};

/** The key of a secret's hash with its (live) user. */
export async function findLiveApiKey(
  q: Queryable,
  secretHash: string,
  touchIntervalSeconds: number,
): Promise<LiveApiKeyRow | undefined> {
  const rows = await q.query<LiveApiKeyRow>(
    `SELECT k.id AS key_id, k.scope,
            k.last_used_at IS NULL OR k.last_used_at < now() - make_interval(secs => $2) AS touch_due,
            extract(epoch FROM k.last_used_at + make_interval(secs => $2)) * 1000 AS touch_due_ms,
            u.id, u.email, u.name, u.pic, u.password_hash, u.is_manager, u.language, u.created_at
       FROM api_keys k JOIN users u ON u.id = k.user_id
      WHERE k.secret_hash = $1 AND u.deleted_at IS NULL`,
    [secretHash, touchIntervalSeconds],
  );
  return rows[0];
}

/** Writes the key's last use (no notification: servers keep it cached, see migration 0040). */
export async function touchApiKey(q: Queryable, id: number): Promise<void> {
  await q.query('UPDATE api_keys SET last_used_at = now() WHERE id = $1', [id]);
}
