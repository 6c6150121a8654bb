import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CardPayment, CardPaymentStatus, SiteConfig } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { orderCredits } from '../../../test/support/payments.js';
import { startAirwallexServer, type AirwallexServer } from '../../../test/support/airwallex-server.js';
import { expectFailure, expectSuccess, OWN_ORIGIN } from '../../../test/support/http.js';
import { getBalance } from '../billing/ledger.service.js';
import { reconcileOrders } from './payments.service.js';

describe(`card payments through a local server that follows Airwallex's API (${TEST_DB})`, () => {
  let t: TestApp;
  let awx: AirwallexServer;

  beforeAll(async () => {
    awx = await startAirwallexServer();
    t = await startTestApp({
      env: {
        PRODUCTS: JSON.stringify([{ id: 7, points: 300, priceCny: 30, priceUsd: 4.5 }]),
        AIRWALLEX_CLIENT_ID: awx.clientId,
        AIRWALLEX_API_KEY: awx.apiKey,
        AIRWALLEX_BASE_URL: awx.url,
        AIRWALLEX_WEBHOOK_SECRET: awx.webhookSecret,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await awx.close();
  });

  const deliver = (hook: { body: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/wallex/webhook', headers: hook.headers, payload: hook.body });

  const credits = (orderNo: string) => orderCredits(t, orderNo);

  async function newPayment() {
    const u = await t.signUp();
    const pay = expectSuccess<CardPayment>(
      await t.post('/wallex/create_payment', { id: 7, amount: 0.01 }, { as: u.token }),
    );
    return { u, pay };
  }

  it('creates a PaymentIntent from the product (amount in major units, our order as merchant_order_id)', async () => {
    const { pay } = await newPayment();
    expect(pay).toMatchObject({ currency: 'USD', checkoutUrl: null });
    expect(pay.id).toMatch(/^int_/);
    const intent = awx.intents.get(pay.id)!;
    expect(intent).toMatchObject({
      amount: 4.5,
      currency: 'USD',
      merchant_order_id: pay.orderId,
      client_secret: pay.clientSecret,
      return_url: `http://localhost:8080/dashboard?airwallex_success=true&id=${pay.orderId}`,
    });
    // the site tells the browser to load the SDK (never a secret)
    const site = expectSuccess<SiteConfig>(await t.post('/site/config', {}));
    expect(site).toMatchObject({
      cardPayment: 'airwallex',
      cardSdkUrl: 'https://static.airwallex.com/components/sdk/v1/index.js',
    });
    expect(JSON.stringify(site)).not.toContain(awx.apiKey);
    const page = await t.app.inject({ method: 'GET', url: '/dashboard' });
    expect(page.headers['content-security-policy']).toContain('https://static.airwallex.com');
  });

  it('logs in once and reuses the token; logs in again when it stops working', async () => {
    const before = awx.logins();
    await newPayment();
    await newPayment();
    expect(awx.logins() - before).toBeLessThanOrEqual(1);
    awx.expireTokens();
    await newPayment();
    expect(awx.logins() - before).toBeGreaterThanOrEqual(1);
  });

  it('a webhook delivered 5 times at once credits once; a late requires_payment_method never downgrades it', async () => {
    const { u, pay } = await newPayment();
    awx.setStatus(pay.id, 'SUCCEEDED');
    const hook = awx.webhook(pay.id, 'payment_intent.succeeded');
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(hook)));
    for (const a of answers) expect(a.statusCode).toBe(200);
    expect(await getBalance(t.ctx.db, u.id)).toBe(300);
    expect(await credits(pay.orderId)).toBe(1);

    awx.setStatus(pay.id, 'REQUIRES_PAYMENT_METHOD');
    const late = await deliver(
      awx.webhook(pay.id, 'payment_intent.requires_payment_method', {
        object: { status: 'REQUIRES_PAYMENT_METHOD' },
      }),
    );
    expect(late.statusCode).toBe(200);
    expect(
      expectSuccess<CardPaymentStatus>(
        await t.post('/wallex/query_payment', { payId: pay.id }, { as: u.token }),
      ),
    ).toEqual({ status: 'SUCCEEDED', orderID: pay.orderId });
    expect(await credits(pay.orderId)).toBe(1);
  });

  it('credits nothing for a forged signature, a stale timestamp, another order’s intent or a wrong amount', async () => {
    const { u, pay } = await newPayment();
    awx.setStatus(pay.id, 'SUCCEEDED');
    expect(
      (await deliver(awx.webhook(pay.id, 'payment_intent.succeeded', { secret: 'not-the-secret' })))
        .statusCode,
    ).toBe(401);
    expect(
      (await deliver(awx.webhook(pay.id, 'payment_intent.succeeded', { at: Date.now() - 60 * 60_000 })))
        .statusCode,
    ).toBe(401);
    const genuine = awx.webhook(pay.id, 'payment_intent.succeeded');
    expect(
      (await deliver({ ...genuine, body: genuine.body.replace('"amount":4.5', '"amount":450') })).statusCode,
    ).toBe(401);
    // signed, but the amount is not the order's
    expect(
      (await deliver(awx.webhook(pay.id, 'payment_intent.succeeded', { object: { amount: 0.5 } })))
        .statusCode,
    ).toBe(400);
    // signed, but an intent that is not this order's
    const other = await newPayment();
    awx.setStatus(other.pay.id, 'SUCCEEDED');
    expect(
      (
        await deliver(
          awx.webhook(other.pay.id, 'payment_intent.succeeded', {
            object: { merchant_order_id: pay.orderId },
          }),
        )
      ).statusCode,
    ).toBe(400);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/wallex/webhook',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":',
    });
    expect(garbage.statusCode).toBe(401);
    expect(await getBalance(t.ctx.db, u.id)).toBe(0);
    expect(await credits(pay.orderId)).toBe(0);
  });

  it('a lost webhook: query_payment and reconciliation ask the intent and credit once, racing the webhook', async () => {
    const { u, pay } = await newPayment();
    expect(
      expectSuccess<CardPaymentStatus>(
        await t.post('/wallex/query_payment', { payId: pay.id }, { as: u.token }),
      ),
    ).toEqual({ status: 'REQUIRES_PAYMENT_METHOD', orderID: pay.orderId });
    awx.setStatus(pay.id, 'SUCCEEDED');
    // the result page asks by the intent id, as the success URL carries it
    expect(expectSuccess(await t.post('/payment/query', { id: pay.id }, { as: u.token }))).toEqual({
      id: pay.id,
      orderId: pay.orderId,
      status: 'SUCCEEDED',
    });
    expect(await getBalance(t.ctx.db, u.id)).toBe(300);

    const second = await newPayment();
    awx.setStatus(second.pay.id, 'SUCCEEDED');
    await t.ctx.db.query(`UPDATE orders SET created_at = now() - interval '10 minutes' WHERE order_no = $1`, [
      second.pay.orderId,
    ]);
    const [reconciled, hooked] = await Promise.all([
      reconcileOrders(t.ctx),
      deliver(awx.webhook(second.pay.id, 'payment_intent.succeeded')),
    ]);
    expect(hooked.statusCode).toBe(200);
    expect(reconciled).toBeLessThanOrEqual(1);
    expect(await credits(second.pay.orderId)).toBe(1);
    expect(await getBalance(t.ctx.db, second.u.id)).toBe(300);
  });

  it('the provider failing gives a clear error and leaves nothing half-done; strangers see nothing', async () => {
    const u = await t.signUp();
    awx.failNext(500);
    expectFailure(await t.post('/wallex/create_payment', { id: 7 }, { as: u.token }), 50205, 502);
    // the order was made, the intent was not: nothing to pay, nothing credited
    const orders = await t.ctx.db.query<{ provider_ref: string | null }>(
      `SELECT provider_ref FROM orders WHERE user_id = $1`,
      [u.id],
    );
    expect(orders).toEqual([{ provider_ref: null }]);
    const { u: owner, pay } = await newPayment();
    awx.setStatus(pay.id, 'SUCCEEDED');
    awx.failNext(503);
    expectFailure(await t.post('/wallex/query_payment', { payId: pay.id }, { as: owner.token }), 50205, 502);
    expect(await getBalance(t.ctx.db, owner.id)).toBe(0);
    const stranger = await t.signUp();
    expectFailure(
      await t.post('/wallex/query_payment', { payId: pay.id }, { as: stranger.token }),
      40405,
      404,
    );
    expectFailure(await t.post('/payment/query', { id: pay.id }, { as: stranger.token }), 40405, 404);
    // once the provider answers again, the payment is found and credited
    expect(
      expectSuccess<CardPaymentStatus>(
        await t.post('/wallex/query_payment', { payId: pay.id }, { as: owner.token }),
      ).status,
    ).toBe('SUCCEEDED');
    expect(await getBalance(t.ctx.db, owner.id)).toBe(300);
  });

  it('visiting the success URL with invented parameters credits nothing', async () => {
    const { u, pay } = await newPayment();
    const visit = await t.app.inject({
      method: 'GET',
      url: `/dashboard?airwallex_success=true&id=${pay.id}`,
      headers: { cookie: `user_sessionid=${u.token}`, origin: OWN_ORIGIN },
    });
    expect(visit.statusCode).toBeLessThan(500);
    expect(
      expectSuccess<CardPaymentStatus>(
        await t.post('/wallex/query_payment', { payId: pay.id }, { as: u.token }),
      ).status,
    ).toBe('REQUIRES_PAYMENT_METHOD');
    expectFailure(
      await t.post('/wallex/query_payment', { payId: 'int_invented' }, { as: u.token }),
      40405,
      404,
    );
    expect(await getBalance(t.ctx.db, u.id)).toBe(0);
  });
});

describe(`card payments with the sandbox (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('the sandbox checkout returns to the card URLs and credits through the same path', async () => {
    const u = await t.signUp();
    const pay = expectSuccess<CardPayment>(
      await t.post('/wallex/create_payment', { id: 1 }, { as: u.token }),
    );
    expect(pay).toMatchObject({ id: pay.orderId, currency: 'USD', clientSecret: '' });
    expect(pay.checkoutUrl).toBe(`http://localhost:8080/sandbox/checkout/${pay.orderId}`);
    const site = expectSuccess<SiteConfig>(await t.post('/site/config', {}));
    expect(site).toMatchObject({ cardPayment: 'sandbox', cardSdkUrl: null });
    const approve = await t.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${pay.orderId}/approve`,
      headers: {
        cookie: `user_sessionid=${u.token}`,
        origin: OWN_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(approve.headers.location).toBe(
      `http://localhost:8080/dashboard?airwallex_success=true&id=${pay.orderId}`,
    );
    expect(
      expectSuccess<CardPaymentStatus>(
        await t.post('/wallex/query_payment', { payId: pay.orderId }, { as: u.token }),
      ),
    ).toEqual({ status: 'SUCCEEDED', orderID: pay.orderId });
    expect(await getBalance(t.ctx.db, u.id)).toBe(100);
    // no Airwallex here: its webhook does not exist
    expect((await t.app.inject({ method: 'POST', url: '/wallex/webhook', payload: {} })).statusCode).toBe(
      404,
    );
  });
});
