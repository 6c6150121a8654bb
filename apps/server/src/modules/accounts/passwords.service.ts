import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import type { RequestMeta } from './request-meta.js';
import { consumeCode, generateCode, storeCode } from './codes.js';
import { deleteSessionsOfUser, makeManager, setPasswordHash } from './credentials.repository.js';
import { clearLoginSlowdown } from './login-slowdown.js';
import { resetCodeMail } from './mail-templates.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { clearRateLimit, hitRateLimit, releaseRateLimit } from './rate-limit.js';
import { findLiveUserByEmail, isPlaceholderEmail, type UserRow } from './users.repository.js';

/**
 * Counts one code mail towards the limits every code shares (register, reset, email): per client
 * address and per address mailed, so switching calls does not mail anyone more often.
 */
export async function countCodeMail(ctx: AppContext, email: string, ip: string): Promise<void> {
  await hitRateLimit(ctx.db, `code:ip:${ip}`, ctx.rateLimits.sendCodePerIp);
  await hitRateLimit(ctx.db, `code:email:${email.toLowerCase()}`, ctx.rateLimits.sendCodePerEmail);
}

/**
 * "Forgot password": a code by mail to the address of a live account. The answer never tells
 * whether one exists: an unknown address gets a code row too (one no input can match, so the
 * 60 s resend rule answers alike) and the mail is sent after answering, for every address, so the
 * answer takes the same time. An unknown address gets no mail at all: the call would otherwise
 * mail strangers who never signed up, on anyone's request.
 */
export async function sendResetCode(ctx: AppContext, email: string, meta: RequestMeta): Promise<void> {
  await countCodeMail(ctx, email, meta.ip);
  const user = await findLiveUserByEmail(ctx.db, email);
  // a placeholder (WeChat, unverified Google) receives no mail: it has no password to reset
  const known = user && !isPlaceholderEmail(user.email) ? user : undefined;
  const code = generateCode();
  if ((await storeCode(ctx.db, ctx.secret, email, 'reset', known ? code : `x${code}`)) === 'too_soon') {
    throw new AppError('RESEND_TOO_SOON');
  }
  if (!known) return;
  void ctx.mailer.send(resetCodeMail(known.email, code, meta.lang)).catch((err: unknown) => {
    // the user asks again after the resend interval; an error here would tell the address exists
    ctx.log.error({ err }, 'sending the password reset mail failed');
  });
}

/**
 * Sets the password of the account the code was mailed to (an account made by Google or WeChat
 * gets its first one) and ends every session of the user: whoever knew the old password, or held
 * a session, is out. The caller signs in afresh.
 */
export async function resetPassword(
  ctx: AppContext,
  input: { email: string; code: string; pass: string },
  meta: RequestMeta,
): Promise<void> {
  await hitRateLimit(ctx.db, `reset:ip:${meta.ip}`, ctx.rateLimits.registerPerIp);
  const passwordHash = await hashPassword(input.pass);
  // the wrong-guess counter must survive the failure, so the check commits on its own
  const check = await ctx.db.tx((q) => consumeCode(q, ctx.secret, input.email, 'reset', input.code));
  if (check === 'locked') throw new AppError('CODE_LOCKED');
  if (check === 'invalid') throw new AppError('CODE_INVALID');
  const user = await findLiveUserByEmail(ctx.db, input.email);
  // closed since the code was mailed: the code no longer opens anything
  if (!user) throw new AppError('CODE_INVALID');
  await ctx.db.tx(async (q) => {
    await setPasswordHash(q, user.id, passwordHash);
    await deleteSessionsOfUser(q, user.id);
  });
  ctx.sessionCache.forgetUser(user.id);
  // the owner proved the address: sign-ins to it are no longer slowed by others' failures
  await clearLoginSlowdown(ctx.db, user.email);
}

/**
 * Checks the signed-in user's current password. Wrong answers are counted per user, so a stolen
 * session cannot be used to guess the password; a right one gives its count back.
 */
export async function checkCurrentPassword(ctx: AppContext, user: UserRow, pass: string): Promise<void> {
  if (!user.password_hash) throw new AppError('NO_PASSWORD_YET');
  const key = `password-check:user:${user.id}`;
  await hitRateLimit(ctx.db, key, ctx.rateLimits.passwordChecksPerUser);
  if (!(await verifyPassword(user.password_hash, pass))) throw new AppError('CURRENT_PASSWORD_WRONG');
  await releaseRateLimit(ctx.db, key);
}

/** A new password for a signed-in user: every other session ends, the caller's is kept. */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  currentSessionId: number,
  input: { pass: string; newPass: string },
): Promise<void> {
  await checkCurrentPassword(ctx, user, input.pass);
  const passwordHash = await hashPassword(input.newPass);
  await ctx.db.tx(async (q) => {
    if (!(await setPasswordHash(q, user.id, passwordHash))) throw new AppError('UNAUTHENTICATED');
    await deleteSessionsOfUser(q, user.id, currentSessionId);
  });
  ctx.sessionCache.forgetUser(user.id);
  await clearRateLimit(ctx.db, `password-check:user:${user.id}`);
}

/** "Sign out everywhere": every session of the user ends, the caller's too. */
export async function logoutEverywhere(ctx: AppContext, userId: number): Promise<void> {
  await deleteSessionsOfUser(ctx.db, userId);
  ctx.sessionCache.forgetUser(userId);
}

/**
 * ADMIN_PASSWORD at start, for a manager account that exists: when it no longer verifies against
 * the stored hash, it becomes the password and the manager's sessions end (whoever knew the old
 * one is out); when it verifies, nothing is written, so a restart ends no session.
 */
export async function applyAdminPassword(
  ctx: AppContext,
  manager: UserRow,
  configured: string | undefined,
): Promise<{ changed: boolean }> {
  await makeManager(ctx.db, manager.id);
  if (!configured || (await verifyPassword(manager.password_hash, configured))) return { changed: false };
  const passwordHash = await hashPassword(configured);
  await ctx.db.tx(async (q) => {
    await setPasswordHash(q, manager.id, passwordHash);
    await deleteSessionsOfUser(q, manager.id);
  });
  ctx.sessionCache.forgetUser(manager.id);
  return { changed: true };
}
