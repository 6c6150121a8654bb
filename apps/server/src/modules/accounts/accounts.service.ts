import { randomBytes } from 'node:crypto';
import { pagedList, type PagedList, type AdminUser, type UiLanguage, type User } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { consumeCode, generateCode, storeCode } from './codes.js';
import { deleteRegisterCode } from './codes.repository.js';
import { alreadyRegisteredMail, codeMail } from './mail-templates.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { clearLoginSlowdown, takeLoginTurn } from './login-slowdown.js';
import { clearRateLimit, hitRateLimit, releaseRateLimit } from './rate-limit.js';
import { createSession, deleteSessionByToken, hashToken } from './sessions.js';
import {
  deleteAndAnonymiseUser,
  findLiveUserByEmail,
  insertUser,
  listLiveUsers,
  toAdminUser,
  updateUserProfile,
  type UserRow,
} from './users.repository.js';
import { removeAvatar } from './avatars.js';
import { applyAdminPassword } from './passwords.service.js';
import { insertSignedUpUser } from './account-life.js';
import { accountUser } from './account-user.js';

import type { RequestMeta } from './request-meta.js';

export type { RequestMeta };

export interface SignedIn {
  user: User;
  token: string;
}

/**
 * Password sign-in. Three limits: per client address (every account), per account and address
 * (that address is refused for the account), and per account from anywhere — slowed, not locked,
 * so wrong passwords sent from many addresses cannot keep the owner out; a browser in
 * `knownAccounts` (it signed in to the account before: its device cookie) is never slowed.
 */
export async function login(
  ctx: AppContext,
  email: string,
  pass: string,
  meta: RequestMeta,
  knownAccounts: ReadonlySet<number> = new Set(),
): Promise<SignedIn> {
  const { db, rateLimits } = ctx;
  const ipKey = `login:ip:${meta.ip}`;
  const accountIpKey = `login:email-ip:${email.toLowerCase()}:${meta.ip}`;
  // every attempt is counted before its password is checked, so a burst of parallel guesses
  // cannot all slip past the limit; a success gives its count back (only failures count)
  await hitRateLimit(db, ipKey, rateLimits.loginFailuresPerIp);
  await hitRateLimit(db, accountIpKey, rateLimits.loginFailuresPerAccountAndIp);
  const row = await findLiveUserByEmail(db, email);
  // an unknown email is slowed like an account, so the answers do not tell which exist
  if (!row || !knownAccounts.has(row.id)) {
    const turn = await takeLoginTurn(db, email, rateLimits.loginSlowdownPerAccount);
    if (!turn.allowed) {
      // no password was tried: the attempt does not count against the address
      await releaseRateLimit(db, ipKey);
      await releaseRateLimit(db, accountIpKey);
      throw new AppError('LOGIN_SLOWED_DOWN', undefined, { retryAfter: turn.retryAfterSeconds });
    }
  }
  const valid = await verifyPassword(row?.password_hash, pass);
  if (!row || !valid) throw new AppError('LOGIN_FAILED');
  await clearRateLimit(db, accountIpKey);
  await releaseRateLimit(db, ipKey);
  await clearLoginSlowdown(db, email);
  const token = await createSession(db, row.id, meta);
  return { user: await accountUser(ctx, row), token };
}

export async function sendRegisterCode(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  const { db, rateLimits } = ctx;
  await hitRateLimit(db, `code:ip:${meta.ip}`, rateLimits.sendCodePerIp);
  await hitRateLimit(db, `code:email:${email.toLowerCase()}`, rateLimits.sendCodePerEmail);
  const existing = await findLiveUserByEmail(db, email);
  const code = generateCode();
  // the resend interval applies to both answers, so timing and errors look the same
  if ((await storeCode(db, ctx.secret, email, 'register', existing ? `x${code}` : code)) === 'too_soon') {
    throw new AppError('RESEND_TOO_SOON');
  }
  try {
    await ctx.mailer.send(
      existing ? alreadyRegisteredMail(email, meta.lang) : codeMail(email, code, meta.lang),
    );
  } catch (err) {
    ctx.log.error({ err }, 'sending the verification mail failed');
    // let the user ask again at once instead of waiting out the resend interval
    await deleteRegisterCode(db, email.toLowerCase());
    throw new AppError('SEND_CODE_FAILED');
  }
}

export async function register(
  ctx: AppContext,
  input: { email: string; name: string; pass: string; code: string },
  meta: RequestMeta,
): Promise<SignedIn> {
  await hitRateLimit(ctx.db, `register:ip:${meta.ip}`, ctx.rateLimits.registerPerIp);
  const passwordHash = await hashPassword(input.pass);
  // the wrong-guess counter must survive the failure, so the check commits on its own
  const check = await ctx.db.tx((q) => consumeCode(q, ctx.secret, input.email, 'register', input.code));
  if (check === 'locked') throw new AppError('CODE_LOCKED');
  if (check === 'invalid') throw new AppError('CODE_INVALID');
  const row = await insertSignedUpUser(ctx, {
    email: input.email,
    name: input.name,
    passwordHash,
    language: meta.lang,
  });
  if (!row) throw new AppError('EMAIL_TAKEN');
  const token = await createSession(ctx.db, row.id, meta);
  return { user: await accountUser(ctx, row), token };
}

// changes to users and sessions are forgotten by the session cache of this server at once (the
// database notifies every server too, a moment later)

export async function logout(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token) return;
  await deleteSessionByToken(ctx.db, token);
  ctx.sessionCache.forgetToken(hashToken(token));
}

export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  patch: { name?: string | undefined; pic?: string | undefined; language?: UiLanguage | undefined },
) {
  const row = await updateUserProfile(ctx.db, user.id, patch);
  ctx.sessionCache.forgetUser(user.id);
  if (!row) throw new AppError('UNAUTHENTICATED');
  if (patch.pic !== undefined && user.pic && user.pic !== row.pic) await removeAvatar(ctx, user.pic, user.id);
  return { name: row.name, picture: row.pic, language: row.language };
}

export async function listUsers(ctx: AppContext, page: number, size: number): Promise<PagedList<AdminUser>> {
  const { rows, total } = await listLiveUsers(ctx.db, page, size);
  return pagedList(rows.map(toAdminUser), page, size, total);
}

export async function createUser(
  ctx: AppContext,
  input: {
    email: string;
    name: string;
    pass: string;
    pic?: string | undefined;
    manager?: boolean | undefined;
  },
): Promise<AdminUser> {
  const row = await insertUser(ctx.db, {
    email: input.email,
    name: input.name,
    passwordHash: await hashPassword(input.pass),
    pic: input.pic ?? '',
    isManager: input.manager ?? false,
  });
  if (!row) throw new AppError('EMAIL_TAKEN');
  return toAdminUser(row);
}

export async function deleteUser(ctx: AppContext, actor: UserRow, id: number): Promise<void> {
  if (actor.id === id) throw new AppError('CANNOT_DELETE_SELF');
  await closeAccount(ctx, id);
}

/**
 * Closes an account (the user's own /user/close_account and a manager's /user/delete_user): the
 * row is anonymised and its sessions end, and in the same transaction its running tasks stop,
 * their holds are released and its points forfeited (modules/account-life); the storage's part
 * (uploads in progress, the avatar) follows the commit. Content goes 30 days later (retention).
 */
export async function closeAccount(ctx: AppContext, id: number): Promise<void> {
  const after = await ctx.db.tx(async (q) => {
    const old = await deleteAndAnonymiseUser(q, id);
    return old && ctx.accountLife.closing(ctx, q, { id, pic: old.pic });
  });
  ctx.sessionCache.forgetUser(id);
  if (!after) throw new AppError('USER_NOT_FOUND');
  await after();
}

/**
 * The first manager comes from ADMIN_EMAIL / ADMIN_PASSWORD. Without ADMIN_PASSWORD a password
 * is generated once and returned so main.ts can print it; later starts keep it. A changed
 * ADMIN_PASSWORD replaces the password and ends the manager's sessions (applyAdminPassword).
 */
export async function ensureFirstManager(
  ctx: AppContext,
): Promise<{ email: string; generatedPassword: string | null; created: boolean }> {
  const email = ctx.env.ADMIN_EMAIL.toLowerCase();
  const configured = ctx.env.ADMIN_PASSWORD;
  const existing = await findLiveUserByEmail(ctx.db, email);
  if (existing) {
    await applyAdminPassword(ctx, existing, configured);
    return { email, generatedPassword: null, created: false };
  }
  const password = configured ?? randomBytes(9).toString('base64url');
  const row = await insertUser(ctx.db, {
    email,
    name: 'Admin',
    passwordHash: await hashPassword(password),
    isManager: true,
  });
  if (!row) return { email, generatedPassword: null, created: false }; // another process won the race
  return { email, generatedPassword: configured ? null : password, created: true };
}
