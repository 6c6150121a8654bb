import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client.js';
import type { UserRow } from './users.repository.js';

export type OAuthProviderName = 'google' | 'wechat';

/** States live 10 minutes and are used once (housekeeping removes leftovers after an hour). */
export const STATE_TTL_MINUTES = 10;

export const newOAuthState = () => randomBytes(24).toString('base64url');

export interface StateFields {
  state?: string;
  codeVerifier?: string;
  nonce?: string;
  returnTo?: string;
}

export async function insertOAuthState(
  q: Queryable,
  provider: OAuthProviderName,
  fields: StateFields,
): Promise<string> {
  const state = fields.state ?? newOAuthState();
  await q.query(
    `INSERT INTO oauth_states (state, provider, code_verifier, nonce, return_to) VALUES ($1, $2, $3, $4, $5)`,
    [state, provider, fields.codeVerifier ?? null, fields.nonce ?? null, fields.returnTo ?? null],
  );
  return state;
}

export interface ConsumedState {
  code_verifier: string | null;
  nonce: string | null;
  return_to: string | null;
}

/** Takes a state out (single use); undefined when unknown, expired, replayed or for another provider. */
export async function consumeOAuthState(
  q: Queryable,
  provider: OAuthProviderName,
  state: string,
): Promise<ConsumedState | undefined> {
  const rows = await q.query<ConsumedState>(
    `DELETE FROM oauth_states
      WHERE state = $1 AND provider = $2 AND created_at > now() - make_interval(mins => $3)
      RETURNING code_verifier, nonce, return_to`,
    [state, provider, STATE_TTL_MINUTES],
  );
  return rows[0];
}

const COLUMNS = 'id, email, name, pic, password_hash, is_manager, language, created_at';

/** The live account of a WeChat person: by unionid first (stable across apps), then by openid. */
export async function findLiveWechatUser(
  q: Queryable,
  openid: string,
  unionid: string | null,
): Promise<UserRow | undefined> {
  const rows = await q.query<UserRow>(
    `SELECT ${COLUMNS} FROM users
      WHERE deleted_at IS NULL AND (($2::text IS NOT NULL AND wechat_unionid = $2) OR wechat_openid = $1)
      ORDER BY (wechat_unionid IS NOT DISTINCT FROM $2) DESC, id
      LIMIT 1`,
    [openid, unionid],
  );
  return rows[0];
}

/**
 * Records the ids WeChat gave this time: the openid (unless another live account holds it) and
 * the unionid when the account had none yet.
 */
export async function linkWechatIds(
  q: Queryable,
  userId: number,
  openid: string,
  unionid: string | null,
): Promise<void> {
  await q.query(
    `UPDATE users SET
       wechat_openid = CASE WHEN EXISTS (
           SELECT 1 FROM users o WHERE o.wechat_openid = $2 AND o.id <> $1 AND o.deleted_at IS NULL)
         THEN wechat_openid ELSE $2 END,
       wechat_unionid = COALESCE(wechat_unionid, $3::text),
       updated_at = now()
     WHERE id = $1 AND deleted_at IS NULL
       AND (wechat_openid IS DISTINCT FROM $2 OR (wechat_unionid IS NULL AND $3::text IS NOT NULL))`,
    [userId, openid, unionid],
  );
}

export async function googleSubOf(q: Queryable, userId: number): Promise<string | null> {
  const rows = await q.query<{ google_sub: string | null }>(`SELECT google_sub FROM users WHERE id = $1`, [
    userId,
  ]);
  return rows[0]?.google_sub ?? null;
}

/** Housekeeping: states older than an hour were never used. */
export async function deleteOldOAuthStates(q: Queryable): Promise<void> {
  await q.query(`DELETE FROM oauth_states WHERE created_at < now() - interval '1 hour'`);
}
