import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, uniqueEmail, type TestApp } from '../../test/harness.js';
import { expectFailure, expectSuccess, postFrom, rawPost, uniqueIp } from '../../test/support/http.js';

/** Behind a TLS-terminating reverse proxy (TRUST_PROXY=true). */
describe('behind a trusted proxy', () => {
  let t: TestApp;
  const sendCodePerIp = { limit: 2, windowSeconds: 3600 };
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: 'true' }, rateLimits: { sendCodePerIp } });
  });
  afterAll(() => t.close());

  const viaHttps = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.example' };

  it('marks the session cookie Secure on https', async () => {
    const res = await rawPost(t, '/email/auth', {
      payload: JSON.stringify({ email: ADMIN.email, pass: ADMIN.password }),
      headers: viaHttps,
    });
    expectSuccess(res);
    const cookie = res.cookies.find((c) => c.name === 'user_sessionid');
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('takes the public origin from the forwarded headers for the CSRF check', async () => {
    const login = await rawPost(t, '/email/auth', {
      payload: JSON.stringify({ email: ADMIN.email, pass: ADMIN.password }),
      headers: viaHttps,
    });
    const token = login.cookies.find((c) => c.name === 'user_sessionid')!.value;
    const call = (origin: string) =>
      rawPost(t, '/user/profile', {
        payload: '{}',
        headers: { ...viaHttps, cookie: `user_sessionid=${token}`, origin },
      });
    expectSuccess(await call('https://app.example'));
    expectFailure(await call('http://app.example'), 40301, 403);
    expectFailure(await call('https://evil.example'), 40301, 403);
  });

  it('counts per-IP limits by the forwarded client address', async () => {
    const proxy = uniqueIp();
    const client = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });
    for (let i = 0; i < sendCodePerIp.limit; i += 1) {
      expectSuccess(
        await postFrom(t, proxy, '/user/send_code', { email: uniqueEmail('proxied') }, client(1)),
      );
    }
    expectFailure(
      await postFrom(t, proxy, '/user/send_code', { email: uniqueEmail('proxied') }, client(1)),
      42900,
      429,
    );
    // another client behind the same proxy is not punished for the first one
    expectSuccess(await postFrom(t, proxy, '/user/send_code', { email: uniqueEmail('proxied') }, client(2)));
  });
});
