import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieOf, startTestApp, uniqueEmail, type TestApp } from '../../../test/harness.js';
import { DEFAULT_RATE_LIMITS } from '../../context.js';
import { expectFailure, expectSuccess, postFrom, sha256Hex, uniqueIp } from '../../../test/support/http.js';

describe('login with email and password', () => {
  let t: TestApp;
  // the real default limits, but the per-account slowdown (login-slowdown.int.test.ts) far off, so
  // these tests meet the limit per account and address; each test has a client address of its own
  beforeAll(async () => {
    t = await startTestApp({
      rateLimits: {
        loginSlowdownPerAccount: { ...DEFAULT_RATE_LIMITS.loginSlowdownPerAccount, freeFailures: 1000 },
      },
    });
  });
  afterAll(() => t.close());

  const failuresPerAccountAndIp = DEFAULT_RATE_LIMITS.loginFailuresPerAccountAndIp.limit;

  it('signs in with the right password and answers the SPEC user', async () => {
    const { email, pass, id } = await t.signUp({ name: 'Carol' });
    const res = await t.post('/email/auth', { email, pass });
    const user = expectSuccess<Record<string, unknown>>(res);
    expect(user).toMatchObject({ id, email, name: 'Carol', pic: '', admin: false });
    const token = sessionCookieOf(res)!;
    const cookie = res.cookies.find((c) => c.name === 'user_sessionid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const rows = await t.ctx.db.query('SELECT 1 FROM sessions WHERE token_hash = $1 AND user_id = $2', [
      sha256Hex(token),
      id,
    ]);
    expect(rows).toHaveLength(1);
    expect(user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(user)).not.toMatch(/argon2/);
  });

  it('answers a wrong password and an unknown email identically', async () => {
    const { email } = await t.signUp();
    const ip = uniqueIp();
    const wrong = await postFrom(t, ip, '/email/auth', { email, pass: 'not-the-password' });
    const unknown = await postFrom(t, ip, '/email/auth', { email: uniqueEmail(), pass: 'not-the-password' });
    expectFailure(wrong, 40101, 401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.json()).toEqual(wrong.json());
    expect(sessionCookieOf(wrong)).toBeUndefined();
    expect(sessionCookieOf(unknown)).toBeUndefined();
  });

  it(`locks an account on an address after ${failuresPerAccountAndIp} failures, even for the right password`, async () => {
    const { email, pass, id } = await t.signUp();
    const ip = uniqueIp();
    for (let i = 0; i < failuresPerAccountAndIp; i += 1) {
      expectFailure(await postFrom(t, ip, '/email/auth', { email, pass: 'wrong-password' }), 40101, 401);
    }
    const res = await postFrom(t, ip, '/email/auth', { email, pass });
    expectFailure(res, 42900, 429);
    expect(sessionCookieOf(res)).toBeUndefined();
    const sessions = await t.ctx.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [id]);
    expect(sessions).toHaveLength(1); // only the sign-up's
    // the lock is on the account and the address: the owner signs in from another client, and
    // another user from this one
    expectSuccess(await postFrom(t, uniqueIp(), '/email/auth', { email, pass }));
    const other = await t.signUp();
    expectSuccess(await postFrom(t, ip, '/email/auth', { email: other.email, pass: other.pass }));
  });

  it('holds a concurrent burst of guesses to the same limit', async () => {
    const { email, pass } = await t.signUp();
    const ip = uniqueIp();
    const burst = await Promise.all(
      Array.from({ length: failuresPerAccountAndIp * 3 }, (_, i) =>
        postFrom(t, ip, '/email/auth', { email, pass: `wrong-password-${i}` }),
      ),
    );
    const checked = burst.filter((r) => r.json<{ code: number }>().code === 40101).length;
    const limited = burst.filter((r) => r.json<{ code: number }>().code === 42900).length;
    // every guess beyond the limit is refused without its password being tried
    expect(checked).toBe(failuresPerAccountAndIp);
    expect(limited).toBe(failuresPerAccountAndIp * 2);
    expectFailure(await postFrom(t, ip, '/email/auth', { email, pass }), 42900, 429);
  });

  it('clears the failure count after a successful login', async () => {
    const { email, pass } = await t.signUp();
    const ip = uniqueIp();
    for (let i = 0; i < failuresPerAccountAndIp - 1; i += 1) {
      expectFailure(await postFrom(t, ip, '/email/auth', { email, pass: 'wrong-password' }), 40101, 401);
    }
    expectSuccess(await postFrom(t, ip, '/email/auth', { email, pass }));
    // without the reset these would reach the limit
    for (let i = 0; i < failuresPerAccountAndIp - 1; i += 1) {
      expectFailure(await postFrom(t, ip, '/email/auth', { email, pass: 'wrong-password' }), 40101, 401);
    }
    expectSuccess(await postFrom(t, ip, '/email/auth', { email, pass }));
  });

  it('treats the email case-insensitively', async () => {
    const { email, pass, id } = await t.signUp();
    for (const variant of [email.toUpperCase(), `  ${email.replace(/^./, (c) => c.toUpperCase())} `]) {
      const user = expectSuccess<{ id: number; email: string }>(
        await t.post('/email/auth', { email: variant, pass }),
      );
      expect(user).toMatchObject({ id, email });
    }
  });

  it('is case-sensitive for the password', async () => {
    const { email } = await t.signUp({ pass: 'Secret-Pass-1' });
    expectFailure(await t.post('/email/auth', { email, pass: 'secret-pass-1' }), 40101, 401);
    expectSuccess(await t.post('/email/auth', { email, pass: 'Secret-Pass-1' }));
  });

  it('hands out a new token on every login, each one valid', async () => {
    const { email, pass, token: fromSignUp } = await t.signUp();
    const a = sessionCookieOf(await t.post('/email/auth', { email, pass }));
    const b = sessionCookieOf(await t.post('/email/auth', { email, pass }));
    expect(a).toBeDefined();
    expect(b).toBeDefined();
    expect(new Set([a, b, fromSignUp]).size).toBe(3);
    for (const token of [a!, b!, fromSignUp]) {
      expectSuccess(await t.post('/user/profile', {}, { as: token }));
    }
  });

  it('does not reuse a session token sent along with the login (no fixation)', async () => {
    const { email, pass } = await t.signUp();
    const attacker = await t.signUp();
    const res = await t.post('/email/auth', { email, pass }, { as: attacker.token });
    expectSuccess(res);
    const token = sessionCookieOf(res);
    expect(token).toBeDefined();
    expect(token).not.toBe(attacker.token);
    // the attacker's session still belongs to the attacker
    const profile = expectSuccess<{ email: string }>(
      await t.post('/user/profile', {}, { as: attacker.token }),
    );
    expect(profile.email).toBe(attacker.email);
  });
});
