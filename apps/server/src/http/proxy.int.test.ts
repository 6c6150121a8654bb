import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, uniqueEmail, type TestApp } from '../../test/harness.js';
import { expectFailure, expectSuccess, postFrom, rawPost, uniqueIp } from '../../test/support/http.js';

const sendCodePerIp = { limit: 2, windowSeconds: 3600 };
const sendCode = (t: TestApp, peer: string, forwardedFor?: string) =>
  postFrom(
    t,
    peer,
    '/user/send_code',
    { email: uniqueEmail('proxied') },
    forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  );

/** Behind a TLS-terminating reverse proxy named by its addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8). */
describe('behind a trusted proxy named by address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1,10.0.0.0/8' }, rateLimits: { sendCodePerIp } });
  });
  afterAll(() => t.close());

  // light-my-request's peer is 127.0.0.1: the proxy
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
    for (let i = 0; i < sendCodePerIp.limit; i += 1) expectSuccess(await sendCode(t, proxy, '203.0.113.1'));
    expectFailure(await sendCode(t, proxy, '203.0.113.1'), 42900, 429);
    // another client behind the same proxy is not punished for the first one
    expectSuccess(await sendCode(t, proxy, '203.0.113.2'));
  });

  it('keys the limit on the first untrusted address: a forged leftmost X-Forwarded-For changes nothing', async () => {
    const proxy = uniqueIp();
    // the client wrote the first entry; our proxy appended the address it saw (203.0.113.3)
    for (let i = 0; i < sendCodePerIp.limit; i += 1)
      expectSuccess(await sendCode(t, proxy, `198.51.100.${i + 1}, 203.0.113.3`));
    expectFailure(await sendCode(t, proxy, '198.51.100.99, 203.0.113.3'), 42900, 429);
    // an inner proxy of ours (10.x) between them is skipped, not taken for the client
    expectFailure(await sendCode(t, proxy, '198.51.100.98, 203.0.113.3, 10.9.9.9'), 42900, 429);
  });

  it('believes no forwarded header from a peer that is not one of the proxies', async () => {
    const stranger = '192.0.2.77';
    for (let i = 0; i < sendCodePerIp.limit; i += 1)
      expectSuccess(await sendCode(t, stranger, `198.51.100.${i + 10}`));
    expectFailure(await sendCode(t, stranger, '198.51.100.50'), 42900, 429);
    const res = await postFrom(
      t,
      stranger,
      '/email/auth',
      { email: ADMIN.email, pass: ADMIN.password },
      { 'x-forwarded-proto': 'https' },
    );
    expect(res.cookies.find((c) => c.name === 'user_sessionid')?.secure).toBeFalsy();
  });
});

/** Behind a known number of proxies (TRUST_PROXY=1): the client is what the last proxy saw. */
describe('behind one proxy given as a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1' }, rateLimits: { sendCodePerIp } });
  });
  afterAll(() => t.close());

  it('keys the limit on the address the proxy appended, whatever the client wrote before it', async () => {
    const proxy = uniqueIp();
    for (let i = 0; i < sendCodePerIp.limit; i += 1)
      expectSuccess(await sendCode(t, proxy, `198.51.100.${i + 1}, 203.0.113.7`));
    expectFailure(await sendCode(t, proxy, '198.51.100.77, 203.0.113.7'), 42900, 429);
    expectSuccess(await sendCode(t, proxy, '198.51.100.77, 203.0.113.8'));
  });
});
