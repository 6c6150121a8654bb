import { createHmac } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { inSavepoint } from '../../db/savepoint.js';
import type { SignupIdentity } from '../accounts/account-life.js';
import { grantTrial, trialPointsLeft } from '../billing/account-ledger.service.js';
import { recordNewIdentities } from './trial-identities.repository.js';

const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * One mailbox, one trial: lowercase and trimmed; a `+tag` is dropped on every domain (most mail
 * services deliver it to the same mailbox, and only a trial is at stake when one does not); Gmail
 * also ignores dots and answers to googlemail.com.
 */
export function normaliseEmail(email: string): string {
  const clean = email.trim().toLowerCase();
  const at = clean.lastIndexOf('@');
  if (at <= 0) return clean;
  let local = clean.slice(0, at);
  let domain = clean.slice(at + 1);
  local = local.split('+')[0] || local;
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/** Keyed hashes (HMAC-SHA256 with the server secret) of every identity the sign-up came with. */
export function identityHashes(secret: string, identity: SignupIdentity): string[] {
  const parts: [string, string | null][] = [
    ['email', identity.email ? normaliseEmail(identity.email) : null],
    ['google', identity.googleSub],
    ['wechat-openid', identity.wechatOpenid],
    ['wechat-unionid', identity.wechatUnionid],
  ];
  return parts
    .filter((p): p is [string, string] => Boolean(p[1]))
    .map(([kind, value]) => createHmac('sha256', secret).update(`trial\n${kind}\n${value}`).digest('hex'));
}

/**
 * A new account's trial points (SIGNUP_POINTS), in the transaction that made the account, once
 * per identity: granted only when none of its identities had a trial before (their hashes outlive
 * the account). A failure costs the trial, never the sign-up: it is logged and undone alone.
 */
export async function grantTrialPoints(
  ctx: AppContext,
  q: Queryable,
  userId: number,
  identity: SignupIdentity,
): Promise<void> {
  const points = ctx.env.SIGNUP_POINTS;
  if (points === 0) return;
  const hashes = identityHashes(ctx.secret, identity);
  if (hashes.length === 0) return;
  let granted = false;
  const failed = await inSavepoint(q, 'trial_points', async () => {
    if (!(await recordNewIdentities(q, hashes))) return;
    await grantTrial(q, userId, points);
    granted = true;
  });
  if (failed) ctx.log.error({ err: failed.error, user: userId }, 'granting trial points failed');
  else if (granted) ctx.log.info({ user: userId, points }, 'trial points granted');
}

/** the name trialPointsOf keeps its figure under beside the user's sessions */
const TRIAL_POINTS = 'trialPoints';

/**
 * The account's trial points left, as the profile shows them on every call. Kept beside the user's
 * sessions where that is exact (on PGlite: session-cache.ts), since there each query is paid on the
 * server's one thread: until a trial lot changes (migration 0028 notifies) or the first expires.
 */
export async function trialPointsOf(ctx: AppContext, userId: number): Promise<number> {
  const cache = ctx.sessionCache;
  const kept = cache.userValue(userId, TRIAL_POINTS);
  if (typeof kept === 'number') return kept;
  const mark = cache.mark();
  const { total, firstExpiryMs } = await trialPointsLeft(ctx.db, userId);
  cache.storeUserValue(mark, userId, TRIAL_POINTS, total, firstExpiryMs ?? Number.POSITIVE_INFINITY);
  return total;
}
