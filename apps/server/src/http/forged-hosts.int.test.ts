import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, type SiteConfig } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { envelope, expectFailure, expectSuccess, multipart, uniqueIp } from '../../test/support/http.js';
import { postOn, type HostedCall } from '../../test/support/hosts.js';
import { until } from '../../test/support/until.js';

/**
 * A deployment at https://subs.example.com (a production profile without Google) that also
 * serves *.example.cn and a trusted origin, and whose catch-all `*` profile offers more (Google
 * sign-in, the sandbox on a demo paymentEnv): what a forged Host used to reach.
 */
const ENV = {
  PUBLIC_URL: 'https://subs.example.com',
  TRUSTED_ORIGINS: 'https://app.example.org',
  PAYMENT_SANDBOX: 'true',
  GOOGLE_CLIENT_ID: 'client',
  GOOGLE_CLIENT_SECRET: 'secret',
  SITE_PROFILES: JSON.stringify([
    { hosts: ['*'], defaultLanguage: 'ja', googleLogin: true, licenceNotice: 'ANY HOST' },
    {
      hosts: ['subs.example.com'],
      defaultLanguage: 'en',
      googleTranslation: false,
      paymentEnv: 'prod',
      licenceNotice: 'PUBLIC HOST',
    },
    { hosts: ['*.example.cn'], defaultLanguage: 'zh', licenceNotice: 'ICP 1' },
  ]),
};

const PUBLIC_SITE = {
  host: 'subs.example.com',
  defaultLanguage: 'en',
  googleLogin: false,
  googleTranslation: false,
  licenceNotice: 'PUBLIC HOST',
  supportEmail: 'service@subs.example.com',
  paymentEnv: 'prod',
  alipayPayment: 'none',
  cardPayment: 'none',
};
const SHOP_SITE = {
  host: 'shop.example.cn',
  defaultLanguage: 'zh',
  googleTranslation: true,
  licenceNotice: 'ICP 1',
  supportEmail: 'service@shop.example.cn',
  alipayPayment: 'sandbox',
  cardPayment: 'sandbox',
};

async function siteFor(t: TestApp, call: HostedCall) {
  return expectSuccess<SiteConfig>(await postOn(t, call, '/site/config'));
}

/** the contact form's mail and stored row go to the same host and address /site/config names */
async function expectContactTo(t: TestApp, call: HostedCall, host: string) {
  const { id } = expectSuccess<{ id: number }>(
    await postOn(t, call, '/contact/submit', {
      name: 'Mei',
      email: 'mei@example.com',
      subject: `Which host? ${uniqueIp()}`,
      message: 'Hello',
    }),
  );
  const [row] = await t.ctx.db.query<{ host: string }>(`SELECT host FROM contact_messages WHERE id = $1`, [
    id,
  ]);
  expect(row!.host).toBe(host);
  const mail = await until(() => t.smtp.mails.find((m) => m.subject.startsWith(`[contact #${id}]`)));
  expect(mail.to).toEqual([`service@${host}`]);
  expect(mail.text).toContain(`Host: ${host}\n`);
}

describe(`forged Host headers without TRUST_PROXY (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: ENV });
  });
  afterAll(() => t.close());

  it('answers an unknown Host as PUBLIC_URL’s host: profile, support address, sign-in, payment channels', async () => {
    for (const host of ['evil.example', 'evil.example:8443', 'localhost', 'subs.example.com.evil.example'])
      expect(await siteFor(t, { host, ip: uniqueIp() }), host).toMatchObject(PUBLIC_SITE);
    // X-Forwarded-Host is not read from anyone
    expect(
      await siteFor(t, { host: 'evil.example', headers: { 'x-forwarded-host': 'shop.example.cn' } }),
    ).toMatchObject(PUBLIC_SITE);
  });

  it('answers the hosts it knows as themselves', async () => {
    expect(await siteFor(t, { host: 'subs.example.com' })).toMatchObject(PUBLIC_SITE);
    expect(await siteFor(t, { host: 'shop.example.cn' })).toMatchObject(SHOP_SITE);
    expect(await siteFor(t, { host: 'app.example.org' })).toMatchObject({
      host: 'app.example.org',
      licenceNotice: 'ANY HOST',
      googleLogin: true,
      supportEmail: 'service@app.example.org',
    });
  });

  it('mails the contact form to PUBLIC_URL’s support address for an unknown Host', async () => {
    await expectContactTo(t, { host: 'evil.example', ip: uniqueIp() }, 'subs.example.com');
    await expectContactTo(t, { host: 'shop.example.cn', ip: uniqueIp() }, 'shop.example.cn');
  });

  it('sells through the channels of PUBLIC_URL’s host to an unknown Host (none here: no sandbox)', async () => {
    const u = await t.signUp();
    for (const path of ['/alipay/create_alipay_url', '/wallex/create_payment'])
      expectFailure(await postOn(t, { host: 'evil.example', token: u.token }, path, { id: 1 }), 50310, 503);
    // the host that offers the sandbox still does
    expectSuccess(
      await postOn(t, { host: 'shop.example.cn', token: u.token }, '/alipay/create_alipay_url', { id: 1 }),
    );
  });
});

describe(`forged X-Forwarded-Host behind one proxy given as a hop count (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { ...ENV, TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('believes the proxy, but an unknown forwarded host is still PUBLIC_URL’s host', async () => {
    const proxy = uniqueIp();
    const via = (forwarded: string): HostedCall => ({
      host: 'subs.example.com',
      ip: proxy,
      headers: { 'x-forwarded-host': forwarded, 'x-forwarded-for': uniqueIp() },
    });
    expect(await siteFor(t, via('evil.example'))).toMatchObject(PUBLIC_SITE);
    expect(await siteFor(t, via('shop.example.cn'))).toMatchObject(SHOP_SITE);
    await expectContactTo(t, via('evil.example'), 'subs.example.com');
  });
});

describe(`forged X-Forwarded-Host behind proxies named by address (${TEST_DB})`, () => {
  let t: TestApp;
  const proxy = '10.250.0.1';
  beforeAll(async () => {
    t = await startTestApp({ env: { ...ENV, TRUST_PROXY: '10.250.0.0/16' } });
  });
  afterAll(() => t.close());

  it('from a trusted proxy: believed, and an unknown forwarded host is PUBLIC_URL’s host', async () => {
    const via = (forwarded: string): HostedCall => ({
      host: 'subs.example.com',
      ip: proxy,
      headers: { 'x-forwarded-host': forwarded, 'x-forwarded-for': uniqueIp() },
    });
    expect(await siteFor(t, via('evil.example'))).toMatchObject(PUBLIC_SITE);
    expect(await siteFor(t, via('shop.example.cn'))).toMatchObject(SHOP_SITE);
    await expectContactTo(t, via('evil.example'), 'subs.example.com');
  });

  it('from any other peer: not read at all', async () => {
    const stranger = (host: string): HostedCall => ({
      host,
      ip: '192.0.2.9',
      headers: { 'x-forwarded-host': 'shop.example.cn', 'x-forwarded-for': uniqueIp() },
    });
    expect(await siteFor(t, stranger('subs.example.com'))).toMatchObject(PUBLIC_SITE);
    expect(await siteFor(t, stranger('evil.example'))).toMatchObject(PUBLIC_SITE);
    await expectContactTo(t, stranger('evil.example'), 'subs.example.com');
  });
});

/** /task/create with Google on `host`: its answer's code (ENGINE_NOT_ON_HOST where refused). */
async function googleTaskCode(t: TestApp, host: string, token: string): Promise<number> {
  const { payload, contentType } = multipart([
    { name: 'targetLanguage', data: 'ja' },
    { name: 'translationService', data: 'google' },
    { name: 'file', filename: 'a.srt', data: '1\n00:00:01,000 --> 00:00:02,000\nHello there, friend\n' },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/task/create',
    headers: {
      host,
      'content-type': contentType,
      cookie: `user_sessionid=${token}`,
      origin: `http://${host}`,
    },
    payload,
  });
  return envelope(res).code;
}

/**
 * Issue 41: a host is a DNS name. `Host: shop.example.cn.` (the absolute form, with the root's
 * dot), upper case and a port are the same host, through X-Forwarded-Host too: never the profile
 * of PUBLIC_URL's host or of `*` by a spelling.
 */
describe(`hosts compared as DNS names (${TEST_DB})`, () => {
  let t: TestApp;
  const proxy = '10.251.0.1';
  beforeAll(async () => {
    t = await startTestApp({ env: { ...ENV, TRUST_PROXY: '10.251.0.0/16' } });
  });
  afterAll(() => t.close());

  const spellings = (host: string) => [
    `${host}.`,
    host.toUpperCase(),
    `${host.toUpperCase()}.`,
    `${host}:8443`,
    `${host}.:8443`,
    `${host.replace(/^\w/, (c) => c.toUpperCase())}.:443`,
  ];

  it('answers every spelling of a known host with its own site, never another profile', async () => {
    for (const host of spellings('shop.example.cn'))
      expect(await siteFor(t, { host, ip: uniqueIp() }), host).toMatchObject(SHOP_SITE);
    for (const host of spellings('subs.example.com'))
      expect(await siteFor(t, { host, ip: uniqueIp() }), host).toMatchObject(PUBLIC_SITE);
    // a trusted origin's host, which only the `*` profile names
    expect(await siteFor(t, { host: 'App.Example.org.' })).toMatchObject({
      host: 'app.example.org',
      supportEmail: 'service@app.example.org',
    });
    // not a DNS name of a known host: still PUBLIC_URL's
    for (const host of ['shop.example.cn..', 'shop.example.cn.evil.example.', 'example.cn.'])
      expect(await siteFor(t, { host, ip: uniqueIp() }), host).toMatchObject(PUBLIC_SITE);
  });

  it('reads X-Forwarded-Host from the trusted proxy the same way', async () => {
    for (const forwarded of spellings('shop.example.cn')) {
      const call = {
        host: 'subs.example.com',
        ip: proxy,
        headers: { 'x-forwarded-host': forwarded, 'x-forwarded-for': uniqueIp() },
      };
      expect(await siteFor(t, call), forwarded).toMatchObject(SHOP_SITE);
    }
    await expectContactTo(
      t,
      { host: 'subs.example.com', ip: proxy, headers: { 'x-forwarded-host': 'SHOP.example.cn.' } },
      'shop.example.cn',
    );
  });

  it('takes a cookie call whose Origin spells the request’s host another way as same-origin', async () => {
    const u = await t.signUp({ name: 'Before' });
    const rename = (host: string, origin: string, name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/user/update_profile',
        headers: {
          host,
          origin,
          'content-type': 'application/json',
          cookie: `user_sessionid=${u.token}`,
        },
        payload: JSON.stringify({ name }),
      });
    expectSuccess(await rename('shop.example.cn.', 'http://shop.example.cn', 'Dotted host'));
    expectSuccess(await rename('shop.example.cn', 'http://SHOP.example.cn.', 'Dotted origin'));
    expectSuccess(await rename('evil.example', 'https://Subs.Example.com.', 'Public origin'));
    const [row] = await t.ctx.db.query<{ name: string }>('SELECT name FROM users WHERE id = $1', [u.id]);
    expect(row!.name).toBe('Public origin');
    // another host, or a look-alike, is still refused
    expectFailure(await rename('shop.example.cn', 'http://shop.example.cn.evil.example', 'X'), 40301, 403);
    expectFailure(await rename('shop.example.cn.', 'http://example.cn.', 'X'), 40301, 403);
  });
});

describe(`PUBLIC_URL and site profiles written in another spelling (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    const profiles = JSON.parse(ENV.SITE_PROFILES) as { hosts: string[] }[];
    profiles[1]!.hosts = ['Subs.Example.COM.'];
    profiles[2]!.hosts = ['*.Example.CN.'];
    t = await startTestApp({
      env: {
        ...ENV,
        PUBLIC_URL: 'https://SUBS.example.com.',
        TRUSTED_ORIGINS: 'https://App.Example.org.:443',
        SITE_PROFILES: JSON.stringify(profiles),
      },
    });
  });
  afterAll(() => t.close());

  it('knows the same hosts and profiles as the lower-case, relative spelling', async () => {
    expect(await siteFor(t, { host: 'subs.example.com' })).toMatchObject(PUBLIC_SITE);
    expect(await siteFor(t, { host: 'shop.example.cn' })).toMatchObject(SHOP_SITE);
    expect(await siteFor(t, { host: 'evil.example', ip: uniqueIp() })).toMatchObject(PUBLIC_SITE);
    expect(await siteFor(t, { host: 'app.example.org' })).toMatchObject({ host: 'app.example.org' });
    expect(t.ctx.publicOrigin).toBe('https://subs.example.com');
  });

  it('refuses Google where PUBLIC_URL’s profile refuses it, however either is spelt', async () => {
    const u = await t.signUp();
    for (const host of ['subs.example.com', 'SUBS.example.com.', 'evil.example'])
      expect(await googleTaskCode(t, host, u.token), host).toBe(ErrorCodes.ENGINE_NOT_ON_HOST.code);
    expect(await googleTaskCode(t, 'shop.example.cn.', u.token)).toBe(20000);
  });
});
