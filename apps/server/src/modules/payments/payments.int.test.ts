import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlipayOrderStatus, Order, PagedList, Product } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { orderCredits } from '../../../test/support/payments.js';
import { expectFailure, expectSuccess, OWN_ORIGIN } from '../../../test/support/http.js';
import { getBalance } from '../billing/ledger.service.js';
import { confirmPaid, reconcileOrders } from './payments.service.js';

describe(`buying points with the sandbox provider (${TEST_DB})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({
      env: { PRODUCTS: JSON.stringify([{ id: 7, points: 300, priceCny: 30, priceUsd: 4.5 }]) },
    });
  });
  afterAll(() => t.close());

  const page = (method: 'GET' | 'POST', url: string, token: string) =>
    t.app.inject({
      method,
      url,
      headers: {
        cookie: `user_sessionid=${token}`,
        origin: OWN_ORIGIN,
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(method === 'POST' ? { payload: '' } : {}),
    });

  const credits = (orderNo: string) => orderCredits(t, orderNo);

  it('lists the configured products with ¥ and $ prices on both SPEC calls', async () => {
    for (const path of ['/product/list', '/product/trans_list']) {
      expect(expectSuccess<Product[]>(await t.post(path, {}))).toEqual([
        { id: 7, points: 300, originalPrice: 30, dollarPrice: 4.5 },
      ]);
    }
  });

  it('creates an order from the product, pays it on the sandbox checkout, credits once, lists it paid', async () => {
    const u = await t.signUp();
    expectFailure(await t.post('/alipay/create_alipay_url', { id: 99 }, { as: u.token }), 40404, 404);
    // the client cannot choose the amount or points: they come from the product
    const created = expectSuccess<{ url: string; orderId: string }>(
      await t.post('/alipay/create_alipay_url', { id: 7, amount: 0.01, points: 999999 }, { as: u.token }),
    );
    expect(created.url).toBe(`http://localhost:8080/sandbox/checkout/${created.orderId}`);
    const checkout = await page('GET', `/sandbox/checkout/${created.orderId}`, u.token);
    expect(checkout.statusCode).toBe(200);
    expect(checkout.body).toContain('TEST MODE');
    expect(checkout.body).toContain('¥30.00');
    const waiting = expectSuccess<AlipayOrderStatus>(
      await t.post('/alipay/query_order', { outTradeNo: created.orderId }, { as: u.token }),
    );
    expect(waiting).toMatchObject({ status: 'WAIT_BUYER_PAY', totalAmount: '30.00' });
    expect(await getBalance(t.ctx.db, u.id)).toBe(0);

    // approved five times at once (a replayed notification): one credit
    const approvals = await Promise.all(
      Array.from({ length: 5 }, () => page('POST', `/sandbox/checkout/${created.orderId}/approve`, u.token)),
    );
    for (const a of approvals) {
      expect(a.statusCode).toBe(303);
      expect(a.headers.location).toBe(
        `http://localhost:8080/dashboard?out_trade_no=${created.orderId}&method=alipay.trade.page.pay.return&total_amount=30.00`,
      );
    }
    expect(await getBalance(t.ctx.db, u.id)).toBe(300);
    expect(await credits(created.orderId)).toBe(1);
    const paid = expectSuccess<AlipayOrderStatus>(
      await t.post('/alipay/query_order', { outTradeNo: created.orderId }, { as: u.token }),
    );
    expect(paid).toMatchObject({
      status: 'TRADE_SUCCESS',
      outTradeNo: created.orderId,
      totalAmount: '30.00',
    });
    expect(await credits(created.orderId)).toBe(1);

    // the result pages ask the same question by payment id
    expect(expectSuccess(await t.post('/payment/query', { id: created.orderId }, { as: u.token }))).toEqual({
      id: created.orderId,
      orderId: created.orderId,
      status: 'TRADE_SUCCESS',
    });
    expectFailure(await t.post('/payment/query', { id: 'ST-invented' }, { as: u.token }), 40405, 404);

    const orders = expectSuccess<PagedList<Order>>(
      await t.post('/order/query_order_list', {}, { as: u.token }),
    );
    expect(orders.totalCount).toBe(1);
    expect(orders.list[0]).toMatchObject({
      orderId: created.orderId,
      status: 2,
      channel: 1,
      price: 30,
      points: 300,
    });
  });

  it('credits nothing for a declined payment, a stranger, or an amount that does not match', async () => {
    const u = await t.signUp();
    const created = expectSuccess<{ orderId: string }>(
      await t.post('/alipay/create_alipay_url', { id: 7 }, { as: u.token }),
    );
    const stranger = await t.signUp();
    expect((await page('GET', `/sandbox/checkout/${created.orderId}`, stranger.token)).statusCode).toBe(404);
    expect(
      (await page('POST', `/sandbox/checkout/${created.orderId}/approve`, stranger.token)).statusCode,
    ).toBe(404);
    expectFailure(
      await t.post('/alipay/query_order', { outTradeNo: created.orderId }, { as: stranger.token }),
      40405,
      404,
    );

    const declined = await page('POST', `/sandbox/checkout/${created.orderId}/decline`, u.token);
    expect(declined.statusCode).toBe(303);
    expect(declined.headers.location).toBe(`http://localhost:8080/payment-fail?id=${created.orderId}`);
    // a decided payment does not change any more
    await page('POST', `/sandbox/checkout/${created.orderId}/approve`, u.token);
    const status = expectSuccess<AlipayOrderStatus>(
      await t.post('/alipay/query_order', { outTradeNo: created.orderId }, { as: u.token }),
    );
    expect(status.status).toBe('TRADE_CLOSED');
    expect(await getBalance(t.ctx.db, u.id)).toBe(0);

    // a provider reporting another amount for an order credits nothing
    const other = expectSuccess<{ orderId: string }>(
      await t.post('/alipay/create_alipay_url', { id: 7 }, { as: u.token }),
    );
    await t.ctx.db.query(`UPDATE sandbox_payments SET amount = 0.01 WHERE order_no = $1`, [other.orderId]);
    await page('POST', `/sandbox/checkout/${other.orderId}/approve`, u.token);
    expect(await getBalance(t.ctx.db, u.id)).toBe(0);
    expect(await credits(other.orderId)).toBe(0);
  });
});

describe(`reconciliation (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('credits an order the provider was paid for but whose notification was lost, once, even racing a notification', async () => {
    const u = await t.signUp();
    const paid = expectSuccess<{ orderId: string }>(
      await t.post('/alipay/create_alipay_url', { id: 1 }, { as: u.token }),
    );
    const unpaid = expectSuccess<{ orderId: string }>(
      await t.post('/alipay/create_alipay_url', { id: 2 }, { as: u.token }),
    );
    // the provider took the money; our server never heard
    const payment = await t.ctx.payments.sandbox!.decide(paid.orderId, 'paid');
    // too recent: left to the notification
    expect(await reconcileOrders(t.ctx)).toBe(0);
    await t.ctx.db.query(`UPDATE orders SET created_at = now() - interval '10 minutes'`);
    const [a, b] = await Promise.all([reconcileOrders(t.ctx), confirmPaid(t.ctx, paid.orderId, payment!)]);
    expect(a + (b === 'credited' ? 1 : 0)).toBe(1);
    expect(await getBalance(t.ctx.db, u.id)).toBe(100);
    expect(await reconcileOrders(t.ctx)).toBe(0);
    const orders = expectSuccess<PagedList<Order>>(
      await t.post('/order/query_order_list', {}, { as: u.token }),
    );
    expect(Object.fromEntries(orders.list.map((o) => [o.orderId, o.status]))).toEqual({
      [paid.orderId]: 2,
      [unpaid.orderId]: 1,
    });
  });
});

describe(`the sandbox on a production host (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { SITE_PROFILES: JSON.stringify([{ hosts: ['*'], paymentEnv: 'prod' }]) },
    });
  });
  afterAll(() => t.close());

  it('cannot be used: creating a checkout is refused, the channel being unavailable there', async () => {
    const u = await t.signUp();
    expectFailure(await t.post('/alipay/create_alipay_url', { id: 1 }, { as: u.token }), 50310, 503);
    expectFailure(await t.post('/wallex/create_payment', { id: 1 }, { as: u.token }), 50310, 503);
    expect(expectSuccess<Product[]>(await t.post('/product/list', {}))).toHaveLength(3);
  });
});
