import type { User } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import type { RequestMeta } from './request-meta.js';
import { consumeCode, generateCode, storeCode } from './codes.js';
import { deleteCode } from './codes.repository.js';
import { setEmailIfFree } from './credentials.repository.js';
import { emailCodeMail } from './mail-templates.js';
import { countCodeMail } from './passwords.service.js';
import { hitRateLimit } from './rate-limit.js';
import { findLiveUserById, isPlaceholderEmail, type UserRow } from './users.repository.js';
import { accountUser } from './account-user.js';

/**
 * The code row of an address being added to one account: keyed by both, so another account asking
 * for the same address neither replaces this code nor uses up its tries by guessing.
 */
const codeKey = (userId: number, email: string) => `${email.toLowerCase()}#user-${userId}`;

/** Only an account whose address is a placeholder (WeChat, unverified Google) adds one here. */
function refuseRealEmail(user: UserRow): void {
  if (!isPlaceholderEmail(user.email)) throw new AppError('EMAIL_ALREADY_SET');
}

/**
 * Mails a code to the address the signed-in user wants to add. Whether another account holds the
 * address is not told here, where anyone could ask about any address, but by set_email, to whoever
 * proved with the code that they read that mailbox.
 */
export async function sendEmailCode(
  ctx: AppContext,
  user: UserRow,
  email: string,
  meta: RequestMeta,
): Promise<void> {
  refuseRealEmail(user);
  await hitRateLimit(ctx.db, `code:user:${user.id}`, ctx.rateLimits.sendCodePerEmail);
  await countCodeMail(ctx, email, meta.ip);
  const key = codeKey(user.id, email);
  const code = generateCode();
  if ((await storeCode(ctx.db, ctx.secret, key, 'email', code)) === 'too_soon') {
    throw new AppError('RESEND_TOO_SOON');
  }
  try {
    await ctx.mailer.send(emailCodeMail(email, code, meta.lang));
  } catch (err) {
    ctx.log.error({ err }, 'sending the email verification mail failed');
    // let the user ask again at once instead of waiting out the resend interval
    await deleteCode(ctx.db, key, 'email');
    throw new AppError('SEND_CODE_FAILED');
  }
}

const isUniqueViolation = (err: unknown) => (err as { code?: unknown } | null)?.code === '23505';

/**
 * Verifies the code and makes the address the account's email: it receives mail from then on, and
 * (through "forgot password") can get a password to sign in with. Answers the updated user.
 */
export async function setEmail(
  ctx: AppContext,
  user: UserRow,
  input: { email: string; code: string },
): Promise<User> {
  refuseRealEmail(user);
  const key = codeKey(user.id, input.email);
  // the wrong-guess counter must survive the failure, so the check commits on its own
  const check = await ctx.db.tx((q) => consumeCode(q, ctx.secret, key, 'email', input.code));
  if (check === 'locked') throw new AppError('CODE_LOCKED');
  if (check === 'invalid') throw new AppError('CODE_INVALID');
  let set: boolean;
  try {
    set = await setEmailIfFree(ctx.db, user.id, input.email);
  } catch (err) {
    // another account took the address at the same moment (the unique index refused this one)
    if (!isUniqueViolation(err)) throw err;
    set = false;
  }
  ctx.sessionCache.forgetUser(user.id);
  const row = await findLiveUserById(ctx.db, user.id);
  if (!row) throw new AppError('UNAUTHENTICATED');
  if (!set) throw new AppError('EMAIL_TAKEN');
  return accountUser(ctx, row);
}
