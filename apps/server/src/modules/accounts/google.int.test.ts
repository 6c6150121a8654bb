import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, sessionCookieOf, TEST_DB, uniqueEmail, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess, OWN_ORIGIN, uniqueIp } from '../../../test/support/http.js';
import { captureLog } from '../../../test/support/log-capture.js';
import { followToCallback, startOidcServer, type OidcServer } from '../../../test/support/oidc-server.js';
import { oidcProvider } from '../../providers/oauth/google.js';

/** light-my-request's Host is localhost:80; as a URL origin that is http://localhost */
const ORIGIN = new URL(OWN_ORIGIN).origin;
const CALLBACK = `${ORIGIN}/google/callback`;
const RETURN_TO = `${ORIGIN}/auth/callback`;
/** a host whose site profile does not offer Google */
const NO_GOOGLE_HOST = 'cn.example';
const TRUSTED = 'https://app.example';

interface Profile {
  id: number;
  email: string;
  name: string;
  picture: string;
}

describe(`Google sign-in through a local OpenID Connect provider (${TEST_DB})`, () => {
  let oidc: OidcServer;
  let t: TestApp;
  const logs = captureLog();

  beforeAll(async () => {
    oidc = await startOidcServer([CALLBACK]);
    t = await startTestApp({
      log: logs.log,
      env: {
        GOOGLE_CLIENT_ID: oidc.clientId,
        GOOGLE_CLIENT_SECRET: oidc.clientSecret,
        GOOGLE_ISSUER: oidc.issuer,
        TRUSTED_ORIGINS: TRUSTED,
        SITE_PROFILES: JSON.stringify([
          { hosts: ['*'], googleLogin: true },
          { hosts: [NO_GOOGLE_HOST], googleLogin: false },
        ]),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await oidc?.close();
  });

  const start = (redirectUri = RETURN_TO, headers: Record<string, string> = {}, ip?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/google/auth?redirect_uri=${encodeURIComponent(redirectUri)}`,
      headers,
      ...(ip ? { remoteAddress: ip } : {}),
    });

  /** The browser's whole journey: our /google/auth → provider → our /google/callback. */
  async function signIn(account: Parameters<OidcServer['signInAs']>[0]) {
    oidc.signInAs(account);
    const begin = await start();
    expect(begin.statusCode).toBe(302);
    const providerUrl = new URL(begin.headers.location as string);
    expect(providerUrl.origin).toBe(oidc.issuer);
    expect(providerUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(providerUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(providerUrl.searchParams.get('scope')).toBe('openid email profile');
    expect(providerUrl.searchParams.get('nonce')).toBeTruthy();
    const back = await followToCallback(providerUrl.toString(), CALLBACK);
    const done = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    return { back, done };
  }

  const profileOf = async (token: string | undefined) =>
    expectSuccess<Profile>(await t.post('/user/profile', {}, { as: token! }));

  it('signs a new Google user in: session cookie, back to the page, profile from the claims', async () => {
    const email = uniqueEmail('google');
    const { back, done } = await signIn({
      sub: `sub-${email}`,
      email,
      email_verified: true,
      name: 'Gina Google',
      picture: 'https://lh3.googleusercontent.com/a/gina=s96-c',
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(RETURN_TO);
    const cookie = done.cookies.find((c) => c.name === 'user_sessionid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await profileOf(sessionCookieOf(done));
    expect(me).toMatchObject({
      email,
      name: 'Gina Google',
      picture: 'https://lh3.googleusercontent.com/a/gina=s96-c',
    });

    // the same Google account signs into the same user next time
    const again = await signIn({ sub: `sub-${email}`, email, email_verified: true, name: 'Gina Google' });
    expect((await profileOf(sessionCookieOf(again.done))).id).toBe(me.id);

    // a picture claim on any other host is not kept: the pages would fetch a URL someone chose
    const elsewhere = uniqueEmail('google');
    const tracked = await signIn({
      sub: `sub-${elsewhere}`,
      email: elsewhere,
      email_verified: true,
      name: 'Tracked Picture',
      picture: 'https://tracker.example/pixel.gif',
    });
    expect((await profileOf(sessionCookieOf(tracked.done))).picture).toBe('');

    // neither the code, the client secret nor the session token reach the log
    const text = logs.text();
    expect(text).toContain('signed in with Google');
    expect(text).not.toContain(back.searchParams.get('code')!);
    expect(text).not.toContain(oidc.clientSecret);
    expect(text).not.toContain(sessionCookieOf(done)!);
  });

  it('keeps no bidi controls or control characters of the name claim', async () => {
    const email = uniqueEmail('google-bidi');
    const { done } = await signIn({
      sub: `sub-${email}`,
      email,
      email_verified: true,
      name: '\u2067Gina\u2069\u202E\u0001 Google\u202C',
    });
    expect((await profileOf(sessionCookieOf(done))).name).toBe('Gina Google');
  });

  it('links a verified Google email to the existing account with that email', async () => {
    const existing = await t.signUp({ name: 'Email First' });
    const { done } = await signIn({
      sub: `sub-link-${existing.email}`,
      email: existing.email,
      email_verified: true,
    });
    const me = await profileOf(sessionCookieOf(done));
    expect(me.id).toBe(existing.id);
    expect(me.name).toBe('Email First');
    // the password keeps working beside Google
    expect(await t.login(existing.email, existing.pass)).toBeTruthy();
  });

  it('does not take over an account through an unverified email', async () => {
    const existing = await t.signUp();
    const { done } = await signIn({
      sub: `sub-unverified-${existing.email}`,
      email: existing.email,
      email_verified: false,
    });
    const me = await profileOf(sessionCookieOf(done));
    expect(me.id).not.toBe(existing.id);
    expect(me).toMatchObject({ email: '', emailVerified: false });
  });

  it('does not revive a closed account: the same Google account then gets a new one', async () => {
    const email = uniqueEmail('closed');
    const account = { sub: `sub-${email}`, email, email_verified: true, name: 'Closing Soon' };
    const first = await signIn(account);
    const token = sessionCookieOf(first.done)!;
    const closedId = (await profileOf(token)).id;
    expectSuccess(await t.post('/user/close_account', {}, { as: token }));
    const second = await signIn(account);
    const me = await profileOf(sessionCookieOf(second.done));
    expect(me.id).not.toBe(closedId);
    expect(me.email).toBe(email);
  });

  it('refuses an unknown, missing, replayed or expired state with a redirect carrying the error', async () => {
    const email = uniqueEmail('replay');
    const { back, done } = await signIn({ sub: `sub-${email}`, email, email_verified: true });
    expect(sessionCookieOf(done)).toBeTruthy();
    const replay = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(replay.statusCode).toBe(302);
    expect(replay.headers.location).toBe(`${ORIGIN}/login?error=google_login_failed`);
    expect(sessionCookieOf(replay)).toBeUndefined();

    const forged = await t.app.inject({ method: 'GET', url: '/google/callback?code=abc&state=forged' });
    expect(forged.headers.location).toBe(`${ORIGIN}/login?error=google_login_failed`);
    const bare = await t.app.inject({ method: 'GET', url: '/google/callback' });
    expect(bare.headers.location).toBe(`${ORIGIN}/login?error=google_login_failed`);

    const begin = await start();
    const state = new URL(begin.headers.location as string).searchParams.get('state')!;
    await t.ctx.db.query(
      `UPDATE oauth_states SET created_at = now() - interval '11 minutes' WHERE state = $1`,
      [state],
    );
    const expired = await t.app.inject({ method: 'GET', url: `/google/callback?code=abc&state=${state}` });
    expect(expired.headers.location).toBe(`${ORIGIN}/login?error=google_login_failed`);
    expect(logs.find('Google sign-in refused').map((e) => e.reason)).toContain(
      'unknown, expired or replayed state',
    );
  });

  it('sends the provider error back to the page without a session', async () => {
    const begin = await start();
    const state = new URL(begin.headers.location as string).searchParams.get('state')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/google/callback?error=access_denied&state=${state}`,
    });
    expect(res.headers.location).toBe(`${RETURN_TO}?error=google_login_failed`);
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('refuses a forged code for a genuine state (the provider rejects it)', async () => {
    const begin = await start();
    const state = new URL(begin.headers.location as string).searchParams.get('state')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/google/callback?code=forged-code&state=${state}&iss=${encodeURIComponent(oidc.issuer)}`,
    });
    expect(res.headers.location).toBe(`${RETURN_TO}?error=google_login_failed`);
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('returns only to its own origin, PUBLIC_URL or a trusted origin (no open redirect)', async () => {
    for (const target of [
      'https://evil.example/auth/callback',
      'https://app.example.evil.example/auth/callback',
      'http://user:pass@localhost/auth/callback',
      'javascript:alert(1)',
      '//evil.example/auth/callback',
      'not a url',
    ]) {
      expectFailure(await start(target), 40000, 400);
    }
    expectFailure(
      await t.app.inject({ method: 'GET', url: '/google/auth' }), // no redirect_uri at all
      40000,
      400,
    );
    for (const target of ['http://localhost:8080/auth/callback', `${TRUSTED}/auth/callback`]) {
      const res = await start(target);
      expect(res.statusCode).toBe(302);
      expect(new URL(res.headers.location as string).origin).toBe(oidc.issuer);
    }
  });

  it('is off on a host whose site profile does not offer Google', async () => {
    const host = { host: NO_GOOGLE_HOST };
    expectFailure(await start(`http://${NO_GOOGLE_HOST}/auth/callback`, host), 50300, 503);
    const config = await t.app.inject({ method: 'POST', url: '/site/config', headers: host, payload: {} });
    expect(expectSuccess<{ googleLogin: boolean }>(config).googleLogin).toBe(false);
    expect(expectSuccess<{ googleLogin: boolean }>(await t.post('/site/config')).googleLogin).toBe(true);

    // a state issued elsewhere does not sign anyone in on that host either
    const begin = await start();
    const state = new URL(begin.headers.location as string).searchParams.get('state')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/google/callback?code=abc&state=${state}`,
      headers: host,
    });
    expect(res.headers.location).toBe(`${RETURN_TO}?error=google_login_failed`);
  });

  it('sends the browser back with an error when the provider cannot be reached', async () => {
    const real = t.ctx.oauth.google;
    t.ctx.oauth.google = oidcProvider({ issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y' });
    try {
      const res = await start();
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`${RETURN_TO}?error=google_login_failed`);
    } finally {
      t.ctx.oauth.google = real;
    }
    expect(logs.find('Google sign-in could not start').length).toBeGreaterThan(0);
  });

  it('limits sign-in starts per client address', async () => {
    const saved = t.ctx.rateLimits;
    t.ctx.rateLimits = { ...saved, oauthPerIp: { limit: 2, windowSeconds: 600 } };
    try {
      const ip = uniqueIp();
      for (let i = 0; i < 2; i += 1) {
        expect(new URL((await start(RETURN_TO, {}, ip)).headers.location as string).origin).toBe(oidc.issuer);
      }
      const limited = await start(RETURN_TO, {}, ip);
      expect(limited.statusCode).toBe(302);
      expect(limited.headers.location).toBe(`${RETURN_TO}?error=rate_limited`);
      expect(new URL((await start(RETURN_TO, {}, uniqueIp())).headers.location as string).origin).toBe(
        oidc.issuer,
      );
    } finally {
      t.ctx.rateLimits = saved;
    }
  });
});

describe(`Google sign-in when not configured (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('answers FEATURE_DISABLED and the site config says Google is off', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/google/auth?redirect_uri=${encodeURIComponent(RETURN_TO)}`,
    });
    expectFailure(res, 50300, 503);
    expect(expectSuccess<{ googleLogin: boolean }>(await t.post('/site/config')).googleLogin).toBe(false);
    const callback = await t.app.inject({ method: 'GET', url: '/google/callback?code=a&state=b' });
    expect(callback.headers.location).toBe(`${ORIGIN}/login?error=google_login_failed`);
  });
});
