import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteConfig } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { startAlipayGateway, type AlipayGateway } from '../../../test/support/alipay-gateway.js';
import { startAirwallexServer, type AirwallexServer } from '../../../test/support/airwallex-server.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { getOn, postOn, type HostedCall } from '../../../test/support/hosts.js';
import { orderCredits } from '../../../test/support/payments.js';
import { createContext } from '../../bootstrap.js';
import { ConfigError } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { describePayments } from '../../providers/payments/channels.js';
import { getBalance } from '../billing/ledger.service.js';
import { createOrder } from './payments.service.js';

const alipayEnv = (gw: AlipayGateway) => ({
  ALIPAY_APP_ID: gw.appId,
  ALIPAY_PRIVATE_KEY: gw.appPrivateKey,
  ALIPAY_PUBLIC_KEY: gw.alipayPublicKey,
  ALIPAY_GATEWAY: gw.url,
  ALIPAY_SELLER_ID: gw.sellerId,
});
const airwallexEnv = (awx: AirwallexServer) => ({
  AIRWALLEX_CLIENT_ID: awx.clientId,
  AIRWALLEX_API_KEY: awx.apiKey,
  AIRWALLEX_BASE_URL: awx.url,
  AIRWALLEX_WEBHOOK_SECRET: awx.webhookSecret,
});

const siteOn = async (t: TestApp, host: string, headers: Record<string, string> = {}) =>
  expectSuccess<SiteConfig>(await postOn(t, { host, headers }, '/site/config'));

/** the payment channels a host is offered */
async function channels(t: TestApp, host: string) {
  const site = await siteOn(t, host);
  return { alipay: site.alipayPayment, card: site.cardPayment };
}

/**
 * An unpaid order whose checkout the sandbox keeps, as one made while the sandbox was on: the
 * way in for anyone who would approve it once the sandbox is off.
 */
async function sandboxOrder(t: TestApp, userId: number, channel: 1 | 2) {
  const order = await createOrder(t.ctx.db, userId, 3, channel, 'sandbox');
  await t.ctx.db.query(
    `INSERT INTO sandbox_payments (order_no, amount, currency, status) VALUES ($1, $2, $3, 'pending')`,
    [order.order_no, order.amount, order.currency],
  );
  return order.order_no;
}

/**
 * With the sandbox off: its checkout page and its approve button are refused (FEATURE_DISABLED)
 * on every host, the real one and forged ones, and the buyer's balance stays 0.
 */
async function expectSandboxClosed(t: TestApp, realHost: string) {
  const u = await t.signUp();
  const orders = [await sandboxOrder(t, u.id, 1), await sandboxOrder(t, u.id, 2)];
  const forged: HostedCall[] = [
    { host: realHost, token: u.token },
    { host: 'evil.example', token: u.token },
    { host: realHost, token: u.token, headers: { 'x-forwarded-host': 'evil.example' } },
  ];
  for (const call of forged) {
    for (const orderNo of orders) {
      expectFailure(await getOn(t, call, `/sandbox/checkout/${orderNo}`), 50300, 503);
      for (let i = 0; i < 3; i += 1)
        expectFailure(await postOn(t, call, `/sandbox/checkout/${orderNo}/approve`, {}, true), 50300, 503);
    }
  }
  expect(await getBalance(t.ctx.db, u.id)).toBe(0);
  for (const orderNo of orders) expect(await orderCredits(t, orderNo)).toBe(0);
  expect(t.ctx.payments.sandbox).toBeNull();
  expect(describePayments(t.ctx).join('\n')).toMatch(/Sandbox checkout: off/);
}

describe(`PAYMENT_SANDBOX=auto with no provider, on a loopback PUBLIC_URL (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: 'http://localhost:8080' } });
  });
  afterAll(() => t.close());

  it('turns the sandbox on for both channels, and the banner says so', async () => {
    expect(await channels(t, 'localhost')).toEqual({ alipay: 'sandbox', card: 'sandbox' });
    const u = await t.signUp();
    const { orderId } = expectSuccess<{ orderId: string }>(
      await postOn(t, { host: 'localhost', token: u.token }, '/alipay/create_alipay_url', { id: 1 }),
    );
    const page = await getOn(t, { host: 'localhost', token: u.token }, `/sandbox/checkout/${orderId}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('TEST MODE');
    expect(describePayments(t.ctx)).toEqual([
      '  Payments: ¥ channel: the sandbox (test mode); card channel: the sandbox (test mode)',
      '  Sandbox checkout: ON (PAYMENT_SANDBOX=auto): it credits points without payment, never use it where money is real',
    ]);
  });
});

describe(`PAYMENT_SANDBOX=auto with no provider, on a public PUBLIC_URL (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL: 'https://subs.example.com' } });
  });
  afterAll(() => t.close());

  it('keeps the sandbox off: no channel is offered, and both are refused with what to do', async () => {
    expect(await channels(t, 'subs.example.com')).toEqual({ alipay: 'none', card: 'none' });
    expect(await channels(t, 'evil.example')).toEqual({ alipay: 'none', card: 'none' });
    const u = await t.signUp();
    const call = { host: 'subs.example.com', token: u.token };
    const refused = expectFailure(await postOn(t, call, '/alipay/create_alipay_url', { id: 1 }), 50310, 503);
    expect(refused.msg).toBe('本站暂不支持此付款方式，请选择其他付款方式；如没有可用的方式，请联系本站客服');
    expectFailure(await postOn(t, call, '/wallex/create_payment', { id: 1 }), 50310, 503);
    expectFailure(
      await postOn(t, { ...call, host: 'evil.example' }, '/wallex/create_payment', { id: 1 }),
      50310,
      503,
    );
  });

  it('refuses the sandbox checkout and its approval, whatever the Host: the balance stays 0', async () => {
    await expectSandboxClosed(t, 'subs.example.com');
  });
});

describe(`PAYMENT_SANDBOX=auto with Alipay configured (${TEST_DB})`, () => {
  let t: TestApp;
  let gw: AlipayGateway;
  beforeAll(async () => {
    gw = await startAlipayGateway();
    t = await startTestApp({ env: alipayEnv(gw) });
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  it('pays ¥ through Alipay and offers no card payment: the card channel is never routed to the sandbox', async () => {
    expect(await channels(t, 'localhost')).toEqual({ alipay: 'alipay', card: 'none' });
    expect(await channels(t, 'evil.example')).toEqual({ alipay: 'alipay', card: 'none' });
    const u = await t.signUp();
    const made = expectSuccess<{ url: string }>(
      await postOn(t, { host: 'localhost', token: u.token }, '/alipay/create_alipay_url', { id: 1 }),
    );
    expect(made.url.startsWith(gw.url)).toBe(true);
    for (const call of [
      { host: 'localhost', token: u.token },
      { host: 'evil.example', token: u.token },
      { host: 'localhost', token: u.token, headers: { 'x-forwarded-host': 'evil.example' } },
    ])
      expectFailure(await postOn(t, call, '/wallex/create_payment', { id: 3 }), 50310, 503);
    expect(await getBalance(t.ctx.db, u.id)).toBe(0);
    expect(describePayments(t.ctx)[0]).toBe(
      '  Payments: ¥ channel: Alipay; card channel: unavailable (no provider configured)',
    );
  });

  it('refuses the sandbox checkout and its approval, whatever the Host: the balance stays 0', async () => {
    await expectSandboxClosed(t, 'localhost');
  });
});

describe(`PAYMENT_SANDBOX=auto with Airwallex configured (${TEST_DB})`, () => {
  let t: TestApp;
  let awx: AirwallexServer;
  beforeAll(async () => {
    awx = await startAirwallexServer();
    t = await startTestApp({ env: airwallexEnv(awx) });
  });
  afterAll(async () => {
    await t.close();
    await awx.close();
  });

  it('pays cards through Airwallex and offers no ¥ payment', async () => {
    expect(await channels(t, 'localhost')).toEqual({ alipay: 'none', card: 'airwallex' });
    const u = await t.signUp();
    expectFailure(
      await postOn(t, { host: 'evil.example', token: u.token }, '/alipay/create_alipay_url', { id: 1 }),
      50310,
      503,
    );
    const pay = expectSuccess<{ id: string }>(
      await postOn(t, { host: 'localhost', token: u.token }, '/wallex/create_payment', { id: 1 }),
    );
    expect(pay.id).toMatch(/^int_/);
    await expectSandboxClosed(t, 'localhost');
  });
});

describe(`PAYMENT_SANDBOX=true with no provider, on a public PUBLIC_URL (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { PAYMENT_SANDBOX: 'true', PUBLIC_URL: 'https://demo.example.com' } });
  });
  afterAll(() => t.close());

  it('turns the sandbox on for both channels, and the banner says so', async () => {
    expect(await channels(t, 'demo.example.com')).toEqual({ alipay: 'sandbox', card: 'sandbox' });
    const u = await t.signUp();
    const call = { host: 'demo.example.com', token: u.token };
    const { orderId } = expectSuccess<{ orderId: string }>(
      await postOn(t, call, '/alipay/create_alipay_url', { id: 1 }),
    );
    expect((await postOn(t, call, `/sandbox/checkout/${orderId}/approve`, {}, true)).statusCode).toBe(303);
    expect(await getBalance(t.ctx.db, u.id)).toBe(100);
    expect(describePayments(t.ctx)[1]).toMatch(/Sandbox checkout: ON \(PAYMENT_SANDBOX=true\)/);
  });
});

describe(`PAYMENT_SANDBOX=true beside a real provider (${TEST_DB})`, () => {
  let gw: AlipayGateway;
  beforeAll(async () => {
    gw = await startAlipayGateway();
  });
  afterAll(() => gw.close());

  it('does not start, and says why', async () => {
    // a database that ends the test if the start goes on far enough to use it
    const untouchable = new Proxy({} as Db, {
      get: () => {
        throw new Error('the server went on starting');
      },
    });
    const start = createContext({ PAYMENT_SANDBOX: 'true', ...alipayEnv(gw) }, { db: untouchable });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(/PAYMENT_SANDBOX=true beside a real payment provider \(Alipay/);
  });
});

describe(`PAYMENT_SANDBOX=false with no provider, on a loopback PUBLIC_URL (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { PAYMENT_SANDBOX: 'false' } });
  });
  afterAll(() => t.close());

  it('offers no channel, refuses both, and refuses the sandbox checkout and its approval', async () => {
    expect(await channels(t, 'localhost')).toEqual({ alipay: 'none', card: 'none' });
    const u = await t.signUp();
    expectFailure(
      await postOn(t, { host: 'localhost', token: u.token }, '/alipay/create_alipay_url', { id: 1 }),
      50310,
      503,
    );
    expectFailure(
      await postOn(t, { host: 'localhost', token: u.token }, '/wallex/create_payment', { id: 1 }),
      50310,
      503,
    );
    await expectSandboxClosed(t, 'localhost');
  });
});
