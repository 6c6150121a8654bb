import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { sessionCookieOf, startTestApp, TEST_DB, uniqueEmail, type TestApp } from '../../../test/harness.js';
import { envelope, expectFailure, expectSuccess, postFrom, uniqueIp } from '../../../test/support/http.js';

/**
 * Wrong passwords sent from anywhere slow an account's password sign-in down, never lock it; a
 * browser that signed in to the account before (its device cookie) is never slowed; the limit
 * per account and address still holds. Small settings keep the waits short.
 */
describe(`password sign-in under attack (${TEST_DB})`, () => {
  const limits = {
    loginFailuresPerIp: { limit: 1000, windowSeconds: 900 },
    loginFailuresPerAccountAndIp: { limit: 4, windowSeconds: 900 },
    loginSlowdownPerAccount: {
      freeFailures: 3,
      firstDelaySeconds: 2,
      maxDelaySeconds: 4,
      windowSeconds: 900,
    },
  };
  const FREE = limits.loginSlowdownPerAccount.freeFailures;
  const CAP = limits.loginSlowdownPerAccount.maxDelaySeconds;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: limits });
  });
  afterAll(() => t.close());

  const attempt = (ip: string, email: string, pass: string, device?: string) =>
    postFrom(t, ip, '/email/auth', { email, pass }, device ? { cookie: `login_device=${device}` } : {});
  const deviceOf = (res: LightMyRequestResponse) => res.cookies.find((c) => c.name === 'login_device');
  const codeOf = (res: LightMyRequestResponse) => envelope(res).code;
  /** the account's next attempt allowed now, as if its wait had passed */
  const skipWait = (email: string) =>
    t.ctx.db.query(`UPDATE login_slowdown SET next_attempt_at = now() WHERE email = $1`, [
      email.toLowerCase(),
    ]);
  const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

  /** An account, and the device cookie of the browser that signed in to it. */
  async function owner() {
    const { email, pass, id } = await t.signUp();
    const home = uniqueIp();
    const res = await attempt(home, email, pass);
    expectSuccess(res);
    const cookie = deviceOf(res);
    expect(cookie?.value).toBeTruthy();
    return { email, pass, id, home, device: cookie!.value };
  }

  /** Wrong passwords from `n` addresses of their own, one after the other; their answer codes. */
  async function attackInTurn(email: string, n: number): Promise<number[]> {
    const codes: number[] = [];
    for (let i = 0; i < n; i += 1) codes.push(codeOf(await attempt(uniqueIp(), email, `guess-${i}`)));
    return codes;
  }

  it('sets the device cookie at sign-in: HttpOnly, strict, only for the sign-in call, for a year', async () => {
    const { email, pass } = await t.signUp();
    const res = await attempt(uniqueIp(), email, pass);
    expect(deviceOf(res)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/email/auth',
      maxAge: 365 * 24 * 3600,
    });
    // registering is a sign-in too
    const registered = uniqueEmail('device');
    expectSuccess(await postFrom(t, uniqueIp(), '/user/send_code', { email: registered }));
    const code = await t.smtp.codeFor(registered);
    const reg = await postFrom(t, uniqueIp(), '/user/register', {
      email: registered,
      name: 'New Device',
      pass: 'secret-pass-2',
      code,
    });
    expect(deviceOf(reg)?.value).toMatch(/^\d+\.\d+\.[\w-]{32}$/);
  });

  it('cannot keep the owner out of a browser that signed in before, whatever an attacker sends', async () => {
    const me = await owner();
    const inTurn = await attackInTurn(me.email, 8);
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(uniqueIp(), me.email, `burst-${i}`)),
    );
    expect(inTurn.slice(0, FREE)).toEqual(Array<number>(FREE).fill(40101));
    expect(inTurn.slice(FREE)).toEqual(Array<number>(8 - FREE).fill(42903));
    expect(burst.map(codeOf)).toEqual(Array<number>(20).fill(42903));
    // an unknown browser is slowed even with the right password ...
    expectFailure(await attempt(uniqueIp(), me.email, me.pass), 42903, 429);
    // ... the owner's browser is not: a typo is just a typo, and the password signs in at once,
    // at home or from another address
    expectFailure(await attempt(me.home, me.email, 'my-typo', me.device), 40101, 401);
    const back = await attempt(uniqueIp(), me.email, me.pass, me.device);
    expect(sessionCookieOf(back)).toBeTruthy();
    expect(expectSuccess<{ id: number }>(back).id).toBe(me.id);
  });

  it('slows an unknown browser by at most the cap: the wait grows per failure, then stays', async () => {
    const me = await owner();
    expect(await attackInTurn(me.email, FREE)).toEqual(Array<number>(FREE).fill(40101));
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const slowed = await attempt(uniqueIp(), me.email, 'still-guessing');
      const answer = expectFailure(slowed, 42903, 429);
      const wait = Number(slowed.headers['retry-after']);
      expect(answer.data).toEqual({ retryAfter: wait });
      waits.push(wait);
      await skipWait(me.email);
      expectFailure(await attempt(uniqueIp(), me.email, 'still-guessing'), 40101, 401);
    }
    expect(waits).toEqual([2, 4, 4, 4]);

    // the owner on a new browser is told how long to wait, in their language, and then gets in
    const refused = await attempt(uniqueIp(), me.email, me.pass);
    expect(expectFailure(refused, 42903, 429).msg).toMatch(/^该账号的登录失败次数过多，请在 [1-4] 秒后重试$/);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeLessThanOrEqual(CAP);
    await sleep(wait);
    expectSuccess(await attempt(uniqueIp(), me.email, me.pass));
    // and a success ends the slowdown for everyone
    expectFailure(await attempt(uniqueIp(), me.email, 'one-more-guess'), 40101, 401);
  });

  it('lets a concurrent burst from many addresses try only the free attempts', async () => {
    const me = await owner();
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(uniqueIp(), me.email, `parallel-${i}`)),
    );
    const codes = burst.map(codeOf);
    expect(codes.filter((c) => c === 40101)).toHaveLength(FREE);
    expect(codes.filter((c) => c === 42903)).toHaveLength(30 - FREE);
    const [row] = await t.ctx.db.query<{ failures: number }>(
      'SELECT failures FROM login_slowdown WHERE email = $1',
      [me.email.toLowerCase()],
    );
    expect(row?.failures).toBe(FREE);
  });

  it('still refuses an address after its failures for the account, known browser or not', async () => {
    const me = await owner();
    const ip = uniqueIp();
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt(ip, me.email, `guess-${i}`, me.device)),
    );
    expect(burst.map(codeOf).filter((c) => c === 40101)).toHaveLength(
      limits.loginFailuresPerAccountAndIp.limit,
    );
    expect(burst.map(codeOf).filter((c) => c === 42900)).toHaveLength(
      12 - limits.loginFailuresPerAccountAndIp.limit,
    );
    // the right password too, from that address: it is refused for this account
    const res = await attempt(ip, me.email, me.pass, me.device);
    expectFailure(res, 42900, 429);
    expect(sessionCookieOf(res)).toBeUndefined();
    // the owner elsewhere, and another account from that address, are not
    expectSuccess(await attempt(uniqueIp(), me.email, me.pass, me.device));
    const other = await t.signUp();
    expectSuccess(await attempt(ip, other.email, other.pass));
  });

  it('does not count a slowed attempt against the address, since no password was tried', async () => {
    const me = await owner();
    await attackInTurn(me.email, FREE);
    const ip = uniqueIp();
    for (let i = 0; i < limits.loginFailuresPerAccountAndIp.limit + 3; i += 1) {
      expectFailure(await attempt(ip, me.email, me.pass), 42903, 429);
    }
    await skipWait(me.email);
    expectSuccess(await attempt(ip, me.email, me.pass));
  });

  it('trusts a device cookie only for its own account, and only as we signed it', async () => {
    const a = await owner();
    const b = await owner();
    await attackInTurn(b.email, FREE);
    // a's cookie does not vouch for b, nor does a copy whose account was changed to b's
    expectFailure(await attempt(uniqueIp(), b.email, b.pass, a.device), 42903, 429);
    const forged = a.device.replace(/^\d+\./, `${b.id}.`);
    expectFailure(await attempt(uniqueIp(), b.email, b.pass, forged), 42903, 429);
    expectFailure(
      await attempt(uniqueIp(), b.email, b.pass, `${b.id}.${Date.now()}.${'x'.repeat(32)}`),
      42903,
      429,
    );
    // one browser may be known to several accounts: b signs in where a did, both stay known
    const both = await attempt(uniqueIp(), b.email, b.pass, `${b.device}`);
    expectSuccess(both);
    await attackInTurn(a.email, FREE);
    await attackInTurn(b.email, FREE);
    const merged = await attempt(uniqueIp(), a.email, a.pass, `${a.device}~${deviceOf(both)!.value}`);
    expectSuccess(merged);
    const cookie = deviceOf(merged)!.value;
    expect(
      cookie
        .split('~')
        .map((e) => Number(e.split('.')[0]))
        .sort(),
    ).toEqual([a.id, b.id].sort());
    expectSuccess(await attempt(uniqueIp(), b.email, b.pass, cookie));
  });

  it('slows an email that has no account the same way, so the answers tell nothing', async () => {
    const nobody = uniqueEmail('nobody');
    expect(await attackInTurn(nobody, FREE + 1)).toEqual([...Array<number>(FREE).fill(40101), 42903]);
  });
});
