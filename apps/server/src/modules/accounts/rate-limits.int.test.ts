import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueEmail, type TestApp } from '../../../test/harness.js';
import {
  countUsersByEmail,
  envelope,
  expectFailure,
  expectSuccess,
  postFrom,
  uniqueIp,
} from '../../../test/support/http.js';

/**
 * Brute-force limits, with small limits so the tests stay fast. Each test sends from an address
 * of its own, so the per-IP counters of one test never reach another.
 */
describe('rate limits on codes, registration and login', () => {
  let t: TestApp;
  const limits = {
    sendCodePerEmail: { limit: 3, windowSeconds: 3600 },
    sendCodePerIp: { limit: 4, windowSeconds: 3600 },
    registerPerIp: { limit: 3, windowSeconds: 900 },
    loginFailuresPerIp: { limit: 4, windowSeconds: 900 },
    loginFailuresPerAccountAndIp: { limit: 3, windowSeconds: 900 },
    loginSlowdownPerAccount: {
      freeFailures: 3,
      firstDelaySeconds: 1,
      maxDelaySeconds: 2,
      windowSeconds: 900,
    },
  };
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: limits });
  });
  afterAll(() => t.close());

  const ageCode = (email: string) =>
    t.ctx.db.query(
      `UPDATE verification_codes SET created_at = now() - interval '61 seconds' WHERE email = $1`,
      [email.toLowerCase()],
    );

  /** Signs a user up from a client of its own, leaving every other counter alone. */
  const signUp = async () => {
    const ip = uniqueIp();
    const email = uniqueEmail('limited');
    const pass = 'secret-pass-1';
    expectSuccess(await postFrom(t, ip, '/user/send_code', { email }));
    const code = await t.smtp.codeFor(email);
    expectSuccess(await postFrom(t, ip, '/user/register', { email, name: 'Limited', pass, code }));
    return { email, pass };
  };

  it('limits the codes sent to one address, whichever client asks', async () => {
    const email = uniqueEmail('per-email');
    for (let i = 0; i < limits.sendCodePerEmail.limit; i += 1) {
      // a different client each time: the limit follows the address
      expectSuccess(await postFrom(t, uniqueIp(), '/user/send_code', { email }));
      await ageCode(email);
    }
    const mailsBefore = t.smtp.mails.filter((m) => m.to.includes(email)).length;
    expectFailure(await postFrom(t, uniqueIp(), '/user/send_code', { email }), 42900, 429);
    expect(t.smtp.mails.filter((m) => m.to.includes(email)).length).toBe(mailsBefore);
    // another address is not affected
    expectSuccess(await postFrom(t, uniqueIp(), '/user/send_code', { email: uniqueEmail('other') }));
  });

  it('limits the codes one client can ask for, across addresses', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < limits.sendCodePerIp.limit; i += 1) {
      expectSuccess(await postFrom(t, ip, '/user/send_code', { email: uniqueEmail('per-ip') }));
    }
    const refused = uniqueEmail('per-ip-refused');
    expectFailure(await postFrom(t, ip, '/user/send_code', { email: refused }), 42900, 429);
    expect(t.smtp.mails.some((m) => m.to.includes(refused))).toBe(false);
    // another client still can
    expectSuccess(await postFrom(t, uniqueIp(), '/user/send_code', { email: refused }));
  });

  it('does not let a client escape its limit with a made-up X-Forwarded-For (no proxy configured)', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < limits.sendCodePerIp.limit; i += 1) {
      const headers = { 'x-forwarded-for': `203.0.113.${i + 1}` };
      expectSuccess(await postFrom(t, ip, '/user/send_code', { email: uniqueEmail('xff') }, headers));
    }
    const headers = { 'x-forwarded-for': '198.51.100.77' };
    expectFailure(
      await postFrom(t, ip, '/user/send_code', { email: uniqueEmail('xff') }, headers),
      42900,
      429,
    );
  });

  it('limits registration attempts per client, so codes cannot be guessed across addresses', async () => {
    const ip = uniqueIp();
    const email = uniqueEmail('reg-ip');
    expectSuccess(await postFrom(t, uniqueIp(), '/user/send_code', { email }));
    const code = await t.smtp.codeFor(email);
    const guess = (addr: string) =>
      postFrom(t, ip, '/user/register', {
        email: addr,
        name: 'Guesser',
        pass: 'secret-pass',
        code: '000000',
      });
    for (let i = 0; i < limits.registerPerIp.limit; i += 1) {
      expect(envelope(await guess(uniqueEmail('guess'))).code).toBe(42200);
    }
    // even the right code is refused from this client now
    const res = await postFrom(t, ip, '/user/register', { email, name: 'Right', pass: 'secret-pass', code });
    expectFailure(res, 42900, 429);
    expect(await countUsersByEmail(t, email)).toBe(0);
    // and works from another client
    expectSuccess(
      await postFrom(t, uniqueIp(), '/user/register', { email, name: 'Right', pass: 'secret-pass', code }),
    );
  });

  it('limits failed logins per client across addresses', async () => {
    const ip = uniqueIp();
    const { email, pass } = await signUp();
    for (let i = 0; i < limits.loginFailuresPerIp.limit; i += 1) {
      // different (unknown) addresses, so the per-email limit is never reached
      expectFailure(
        await postFrom(t, ip, '/email/auth', { email: uniqueEmail('nobody'), pass: 'wrong-pass' }),
        40101,
        401,
      );
    }
    expectFailure(await postFrom(t, ip, '/email/auth', { email, pass }), 42900, 429);
    expectSuccess(await postFrom(t, uniqueIp(), '/email/auth', { email, pass }));
  });

  it('does not count successful logins against the client', async () => {
    const ip = uniqueIp();
    const { email, pass } = await signUp();
    for (let i = 0; i < limits.loginFailuresPerIp.limit * 2; i += 1) {
      expectSuccess(await postFrom(t, ip, '/email/auth', { email, pass }));
    }
    // the failures still count in full afterwards
    for (let i = 0; i < limits.loginFailuresPerIp.limit; i += 1) {
      expectFailure(
        await postFrom(t, ip, '/email/auth', { email: uniqueEmail('nobody'), pass: 'wrong-pass' }),
        40101,
        401,
      );
    }
    expectFailure(await postFrom(t, ip, '/email/auth', { email, pass }), 42900, 429);
  });

  it('slows failed logins per account across clients, but does not lock the account', async () => {
    const { email, pass } = await signUp();
    for (let i = 0; i < limits.loginSlowdownPerAccount.freeFailures; i += 1) {
      expectFailure(await postFrom(t, uniqueIp(), '/email/auth', { email, pass: 'wrong-pass' }), 40101, 401);
    }
    const res = await postFrom(t, uniqueIp(), '/email/auth', { email, pass });
    expectFailure(res, 42903, 429);
    expect(res.cookies.find((c) => c.name === 'user_sessionid')).toBeUndefined();
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(limits.loginSlowdownPerAccount.maxDelaySeconds);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    expectSuccess(await postFrom(t, uniqueIp(), '/email/auth', { email, pass }));
  });
});
