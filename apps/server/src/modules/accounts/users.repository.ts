import type { Queryable } from '../../db/client.js';
import type { AdminUser, User } from '@subtrans/contract';

export interface UserRow {
  id: number;
  email: string;
  name: string;
  pic: string;
  password_hash: string | null;
  is_manager: boolean;
  language: 'zh' | 'en' | 'ja' | null;
  created_at: Date;
  /** available points, only where a query asks for it */
  point?: number;
  /** what is left of the sign-up trial grant, only where a query asks for it */
  trial_points?: number;
}

/** Accounts made by Google or WeChat without a verified email hold a placeholder no mail reaches. */
export const isPlaceholderEmail = (email: string) => email.endsWith('.invalid');

const COLUMNS = 'id, email, name, pic, password_hash, is_manager, language, created_at';

export function toUser(row: UserRow): User {
  const placeholder = isPlaceholderEmail(row.email);
  return {
    id: row.id,
    email: placeholder ? '' : row.email,
    name: row.name,
    pic: row.pic,
    picture: row.pic,
    admin: row.is_manager,
    manager: row.is_manager,
    language: row.language,
    createdAt: new Date(row.created_at).toISOString(),
    hasPassword: row.password_hash !== null,
    emailVerified: !placeholder,
    trialPoints: row.trial_points ?? 0,
  };
}

export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    picture: row.pic,
    manager: row.is_manager,
    createdAt: new Date(row.created_at).toISOString(),
    ...(row.point === undefined ? {} : { point: row.point }),
  };
}

export async function findLiveUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const rows = await q.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL`,
    [email],
  );
  return rows[0];
}

export async function findLiveUserById(q: Queryable, id: number): Promise<UserRow | undefined> {
  const rows = await q.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1 AND deleted_at IS NULL`, [
    id,
  ]);
  return rows[0];
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string | null;
  pic?: string;
  isManager?: boolean;
  language?: string | null;
  googleSub?: string | null;
  wechatOpenid?: string | null;
  wechatUnionid?: string | null;
}

/** Inserts a user; answers undefined when the email (or external id) is already taken. */
export async function insertUser(q: Queryable, u: NewUser): Promise<UserRow | undefined> {
  const rows = await q.query<UserRow>(
    `INSERT INTO users (email, name, password_hash, pic, is_manager, language, google_sub, wechat_openid, wechat_unionid)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT DO NOTHING
     RETURNING ${COLUMNS}`,
    [
      u.email,
      u.name,
      u.passwordHash,
      u.pic ?? '',
      u.isManager ?? false,
      u.language ?? null,
      u.googleSub ?? null,
      u.wechatOpenid ?? null,
      u.wechatUnionid ?? null,
    ],
  );
  return rows[0];
}

export async function updateUserProfile(
  q: Queryable,
  id: number,
  patch: { name?: string | undefined; pic?: string | undefined; language?: string | undefined },
): Promise<UserRow | undefined> {
  const rows = await q.query<UserRow>(
    `UPDATE users SET
       name = COALESCE($2, name),
       pic = COALESCE($3, pic),
       language = COALESCE($4, language),
       updated_at = now()
     WHERE id = $1 AND deleted_at IS NULL
     RETURNING ${COLUMNS}`,
    [id, patch.name ?? null, patch.pic ?? null, patch.language ?? null],
  );
  return rows[0];
}

export async function listLiveUsers(q: Queryable, page: number, size: number) {
  const [countRow] = await q.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users WHERE deleted_at IS NULL',
  );
  const rows = await q.query<UserRow>(
    `SELECT ${COLUMNS},
            (SELECT COALESCE(SUM(l.remaining), 0) FROM point_lots l
              WHERE l.user_id = users.id AND l.spendable AND l.expires_at > now())::bigint AS point
       FROM users WHERE deleted_at IS NULL ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [size, (page - 1) * size],
  );
  return { rows, total: countRow?.n ?? 0 };
}

/**
 * Closes an account: personal data is anonymised at once (terms allow up to 30 days), the row
 * stays so ledger and payment records keep their reference, and the email is free again.
 * Answers the old avatar URL (to remove the file) or undefined when no live user matched.
 */
export async function deleteAndAnonymiseUser(q: Queryable, id: number): Promise<{ pic: string } | undefined> {
  const rows = await q.query<{ pic: string }>(
    `UPDATE users u SET
       email = 'deleted-' || u.id || '@deleted.invalid',
       name = '', pic = '', password_hash = NULL, google_sub = NULL, wechat_openid = NULL, wechat_unionid = NULL,
       deleted_at = now(), anonymised_at = now(), updated_at = now()
     FROM (SELECT id, pic FROM users WHERE id = $1 AND deleted_at IS NULL FOR UPDATE) old
     WHERE u.id = old.id
     RETURNING old.pic AS pic`,
    [id],
  );
  if (!rows[0]) return undefined;
  await q.query('DELETE FROM sessions WHERE user_id = $1', [id]);
  await q.query('DELETE FROM api_keys WHERE user_id = $1', [id]);
  return rows[0];
}

export async function findLiveUserByExternalId(
  q: Queryable,
  column: 'google_sub' | 'wechat_openid',
  value: string,
): Promise<UserRow | undefined> {
  const rows = await q.query<UserRow>(
    `SELECT ${COLUMNS} FROM users WHERE ${column} = $1 AND deleted_at IS NULL`,
    [value],
  );
  return rows[0];
}

export async function linkExternalId(
  q: Queryable,
  id: number,
  column: 'google_sub' | 'wechat_openid',
  value: string,
): Promise<void> {
  await q.query(`UPDATE users SET ${column} = $2, updated_at = now() WHERE id = $1`, [id, value]);
}
