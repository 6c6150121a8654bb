import { API, LIMITS, cleanDisplayName, isAllowedPicture } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import type { ExternalProfile, OidcProvider } from '../../providers/oauth/google.js';
import type { WechatProfile, WechatProvider } from '../../providers/oauth/wechat.js';
import { AppError } from '../../http/errors.js';
import type { RequestMeta, SignedIn } from './accounts.service.js';
import {
  consumeOAuthState,
  findLiveWechatUser,
  googleSubOf,
  insertOAuthState,
  linkWechatIds,
  newOAuthState,
} from './oauth.repository.js';
import { hitRateLimit } from './rate-limit.js';
import { insertSignedUpUser } from './account-life.js';
import { createSession } from './sessions.js';
import { accountUser } from './account-user.js';
import {
  findLiveUserByEmail,
  findLiveUserByExternalId,
  linkExternalId,
  type UserRow,
} from './users.repository.js';

/** Why an external sign-in was refused: `reason` is for the log (never tokens), `kind` for the caller. */
export class SignInRefused extends Error {
  constructor(
    readonly kind: 'state' | 'provider' | 'account' | 'rate_limited' | 'disabled',
    reason: string,
  ) {
    super(reason);
  }
}

/** A loggable reason for a provider failure: message and OAuth error fields, nothing secret. */
export function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err).slice(0, 300);
  const e = err as Error & { code?: unknown; error?: unknown; error_description?: unknown };
  const parts = [e.message];
  if (typeof e.code === 'string') parts.push(`code=${e.code}`);
  if (typeof e.error === 'string') parts.push(`error=${e.error}`);
  if (typeof e.error_description === 'string') parts.push(e.error_description);
  return parts.join(' ').slice(0, 500);
}

export const rateLimitOAuth = (ctx: AppContext, ip: string) =>
  hitRateLimit(ctx.db, `oauth:ip:${ip}`, ctx.rateLimits.oauthPerIp);

/**
 * A display name cleaned as the contract cleans typed names (no bidi or control characters),
 * within the 2–20 character rule (counted as the contract counts, in UTF-16
 * units, without splitting a character), or the fallback when too little is left.
 */
export function displayName(raw: string | null, fallback: string): string {
  const cleaned = cleanDisplayName(raw ?? '');
  let name = '';
  for (const ch of cleaned) {
    if (name.length + ch.length > LIMITS.nameMax) break;
    name += ch;
  }
  name = name.trim();
  return name.length >= LIMITS.nameMin ? name : fallback;
}

/**
 * Providers' avatar URLs as the contract accepts them: https (WeChat still sends http) on the
 * providers' own image hosts; anything else is dropped rather than shown to the user's pages.
 */
export function avatarUrl(url: string | null): string {
  if (!url) return '';
  const https = url.trim().replace(/^http:\/\//i, 'https://');
  return isAllowedPicture(https) && https.startsWith('https://') ? https : '';
}

async function findOrCreateGoogleUser(ctx: AppContext, p: ExternalProfile): Promise<UserRow> {
  const db = ctx.db;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const known = await findLiveUserByExternalId(db, 'google_sub', p.subject);
    if (known) return known;
    // a verified Google email that already has an account signs into it (and links it)
    if (p.email && p.emailVerified) {
      const byEmail = await findLiveUserByEmail(db, p.email);
      if (byEmail) {
        const linked = await googleSubOf(db, byEmail.id);
        if (linked && linked !== p.subject) {
          throw new SignInRefused('account', 'this email is linked to another Google account');
        }
        await linkExternalId(db, byEmail.id, 'google_sub', p.subject);
        continue;
      }
    }
    const created = await insertSignedUpUser(ctx, {
      email: p.email && p.emailVerified ? p.email.toLowerCase() : placeholderEmail('google', p.subject),
      name: displayName(p.name, 'Google user'),
      // no password hash: the account signs in only through its provider (see verifyPassword)
      passwordHash: null,
      pic: avatarUrl(p.picture),
      googleSub: p.subject,
    });
    if (created) return created;
    // lost a race with a parallel sign-in of the same person: look again
  }
  throw new SignInRefused('account', 'could not create or find the Google account');
}

/** users.email is NOT NULL and unique; `.invalid` never receives mail, so it can never register. */
const placeholderEmail = (provider: 'google' | 'wechat', id: string) =>
  `${provider}_${id.replace(/[^\w-]/g, '').slice(0, 64)}@users.invalid`;

async function findOrCreateWechatUser(ctx: AppContext, p: WechatProfile): Promise<UserRow> {
  const db = ctx.db;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const known = await findLiveWechatUser(db, p.openid, p.unionid);
    if (known) {
      await linkWechatIds(db, known.id, p.openid, p.unionid);
      return known;
    }
    const created = await insertSignedUpUser(ctx, {
      email: placeholderEmail('wechat', p.openid),
      name: displayName(p.nickname, '微信用户'),
      passwordHash: null,
      pic: avatarUrl(p.headimgurl),
      wechatOpenid: p.openid,
      wechatUnionid: p.unionid,
    });
    if (created) return created;
  }
  throw new SignInRefused('account', 'could not create or find the WeChat account');
}

async function newSignedIn(ctx: AppContext, user: UserRow, meta: RequestMeta): Promise<SignedIn> {
  return { user: await accountUser(ctx, user), token: await createSession(ctx.db, user.id, meta) };
}

/** Step 1 of Google: a state row (verifier, nonce, page to return to) and the provider's URL. */
export async function beginGoogle(
  ctx: AppContext,
  google: OidcProvider,
  origin: string,
  returnTo: string,
): Promise<URL> {
  const state = newOAuthState();
  const auth = await google.authorizationUrl(`${origin}${API.googleCallback}`, state);
  await insertOAuthState(ctx.db, 'google', {
    state,
    codeVerifier: auth.codeVerifier,
    nonce: auth.nonce,
    returnTo,
  });
  return auth.url;
}

export interface GoogleFinish {
  /** the page the sign-in started from, null when the state was not ours */
  returnTo: string | null;
  result: SignedIn | SignInRefused;
}

/** Step 2 of Google: the provider sent the browser back to `callbackUrl` (code and state in its query). */
export async function finishGoogle(
  ctx: AppContext,
  callbackUrl: URL,
  enabled: boolean,
  meta: RequestMeta,
): Promise<GoogleFinish> {
  const params = callbackUrl.searchParams;
  const state = params.get('state') ?? '';
  const saved = state && state.length <= 512 ? await consumeOAuthState(ctx.db, 'google', state) : undefined;
  const returnTo = saved?.return_to ?? null;
  const refuse = (kind: SignInRefused['kind'], reason: string) => ({
    returnTo,
    result: new SignInRefused(kind, reason),
  });
  if (!saved) return refuse('state', state ? 'unknown, expired or replayed state' : 'no state');
  const google = ctx.oauth.google;
  if (!google || !enabled) return refuse('disabled', 'Google sign-in is off for this site');
  const providerError = params.get('error');
  if (providerError) return refuse('provider', `provider answered error=${providerError.slice(0, 100)}`);
  if (!params.get('code')) return refuse('provider', 'no code in the callback');
  try {
    await rateLimitOAuth(ctx, meta.ip);
    const profile = await google.exchange(callbackUrl, {
      state,
      codeVerifier: saved.code_verifier ?? '',
      nonce: saved.nonce ?? '',
    });
    return { returnTo, result: await newSignedIn(ctx, await findOrCreateGoogleUser(ctx, profile), meta) };
  } catch (err) {
    if (err instanceof SignInRefused) return { returnTo, result: err };
    if (err instanceof AppError && err.key === 'RATE_LIMITED') return refuse('rate_limited', 'rate limited');
    return refuse('provider', reasonOf(err));
  }
}

/** A state for the WeChat QR widget; WeChat hands it back with the code. */
export function issueWechatState(ctx: AppContext): Promise<string> {
  return insertOAuthState(ctx.db, 'wechat', {});
}

/** The QR scan's code and our state → the person's account and a new session. */
export async function finishWechat(
  ctx: AppContext,
  wechat: WechatProvider,
  input: { code: string; state: string },
  meta: RequestMeta,
): Promise<SignedIn> {
  if (!(await consumeOAuthState(ctx.db, 'wechat', input.state))) {
    throw new SignInRefused('state', 'unknown, expired or replayed state');
  }
  let profile: WechatProfile;
  try {
    profile = await wechat.exchange(input.code);
  } catch (err) {
    throw new SignInRefused('provider', reasonOf(err));
  }
  return newSignedIn(ctx, await findOrCreateWechatUser(ctx, profile), meta);
}
