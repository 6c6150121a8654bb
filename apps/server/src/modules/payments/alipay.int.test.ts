import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlipayOrderStatus } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { orderCredits } from '../../../test/support/payments.js';
import { formBody, startAlipayGateway, type AlipayGateway } from '../../../test/support/alipay-gateway.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { getBalance } from '../billing/ledger.service.js';
import { reconcileOrders } from './payments.service.js';

describe(`Alipay through a local gateway that follows Alipay's contract (${TEST_DB})`, () => {
  let t: TestApp;
  let gw: AlipayGateway;

  beforeAll(async () => {
    gw = await startAlipayGateway();
    t = await startTestApp({
      env: {
        PRODUCTS: JSON.stringify([{ id: 7, points: 300, priceCny: 30, priceUsd: 4.5 }]),
        ALIPAY_APP_ID: gw.appId,
        ALIPAY_PRIVATE_KEY: gw.appPrivateKey,
        // as the Alipay console shows it: bare base64, no PEM armour
        ALIPAY_PUBLIC_KEY: gw.alipayPublicKey.replace(/-----[A-Z ]+-----|\s/g, ''),
        ALIPAY_GATEWAY: gw.url,
        ALIPAY_SELLER_ID: gw.sellerId,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await gw.close();
  });

  const notify = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/alipay/notify',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: formBody(fields),
    });

  const credits = (orderNo: string) => orderCredits(t, orderNo);

  /** a user with an order whose cashier page the buyer opened (so Alipay knows the trade) */
  async function openTrade() {
    const u = await t.signUp();
    const created = expectSuccess<{ url: string; orderId: string }>(
      await t.post('/alipay/create_alipay_url', { id: 7, amount: 0.01 }, { as: u.token }),
    );
    const cashier = await fetch(created.url);
    expect(cashier.status, await cashier.clone().text()).toBe(200);
    return { u, orderNo: created.orderId, url: new URL(created.url) };
  }

  it('signs a page-pay URL the gateway accepts, with the product’s amount, our return and notify URLs', async () => {
    const { orderNo, url } = await openTrade();
    expect(`${url.origin}${url.pathname}`).toBe(gw.url);
    const request = gw.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'alipay.trade.page.pay', verified: true });
    expect(request.params).toMatchObject({
      app_id: gw.appId,
      sign_type: 'RSA2',
      charset: 'utf-8',
      notify_url: 'http://localhost:8080/alipay/notify',
      return_url: `http://localhost:8080/dashboard?out_trade_no=${orderNo}&method=alipay.trade.page.pay.return&total_amount=30.00`,
    });
    expect(JSON.parse(request.params.biz_content!)).toEqual({
      out_trade_no: orderNo,
      product_code: 'FAST_INSTANT_TRADE_PAY',
      total_amount: '30.00',
      subject: '300 points',
    });
    expect(gw.trades.get(orderNo)).toMatchObject({ totalAmount: '30.00', status: 'WAIT_BUYER_PAY' });
  });

  it('credits a paid notification once though it is delivered 5 times at once, answering exactly `success`', async () => {
    const { u, orderNo } = await openTrade();
    gw.setStatus(orderNo, 'TRADE_SUCCESS');
    const fields = gw.notification(orderNo);
    const answers = await Promise.all(Array.from({ length: 5 }, () => notify(fields)));
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.body).toBe('success');
    }
    expect(await getBalance(t.ctx.db, u.id)).toBe(300);
    expect(await credits(orderNo)).toBe(1);
    // TRADE_FINISHED comes later for the same trade: still one credit
    gw.setStatus(orderNo, 'TRADE_FINISHED');
    expect((await notify(gw.notification(orderNo))).body).toBe('success');
    expect(await credits(orderNo)).toBe(1);
    const status = expectSuccess<AlipayOrderStatus>(
      await t.post('/alipay/query_order', { outTradeNo: orderNo }, { as: u.token }),
    );
    expect(status).toMatchObject({ status: 'TRADE_SUCCESS', tradeNo: gw.trades.get(orderNo)!.tradeNo });
  });

  it('credits nothing for a forged or altered signature, another app or seller, or a wrong amount', async () => {
    const { u, orderNo } = await openTrade();
    gw.setStatus(orderNo, 'TRADE_SUCCESS');
    const genuine = gw.notification(orderNo);

    const forged = await notify(gw.notification(orderNo, { signWith: gw.forgerKey() }));
    expect([forged.statusCode, forged.body]).toEqual([400, 'fail']);
    const altered = await notify({ ...genuine, total_amount: '0.01' });
    expect(altered.body).toBe('fail');
    const unsigned = { ...genuine };
    delete unsigned.sign;
    expect((await notify(unsigned)).body).toBe('fail');
    expect((await notify(gw.notification(orderNo, { override: { app_id: '2021999999999999' } }))).body).toBe(
      'fail',
    );
    expect(
      (await notify(gw.notification(orderNo, { override: { seller_id: '2088999999999999' } }))).body,
    ).toBe('fail');
    // signed by Alipay but for another amount than the order's: not acknowledged, not credited
    expect((await notify(gw.notification(orderNo, { override: { total_amount: '3.00' } }))).body).toBe(
      'fail',
    );
    // malformed bodies are refused, not crashed on
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/alipay/notify',
      headers: { 'content-type': 'application/json' },
      payload: '{"sign":',
    });
    expect(garbage.statusCode).toBeGreaterThanOrEqual(400);
    expect(await getBalance(t.ctx.db, u.id)).toBe(0);
    expect(await credits(orderNo)).toBe(0);

    // the genuine one still works afterwards
    expect((await notify(genuine)).body).toBe('success');
    expect(await getBalance(t.ctx.db, u.id)).toBe(300);
  });

  it('acknowledges WAIT_BUYER_PAY and TRADE_CLOSED without crediting', async () => {
    const { u, orderNo } = await openTrade();
    expect((await notify(gw.notification(orderNo))).body).toBe('success');
    gw.setStatus(orderNo, 'TRADE_CLOSED');
    expect((await notify(gw.notification(orderNo))).body).toBe('success');
    expect(await getBalance(t.ctx.db, u.id)).toBe(0);
    const status = expectSuccess<AlipayOrderStatus>(
      await t.post('/alipay/query_order', { outTradeNo: orderNo }, { as: u.token }),
    );
    expect(status.status).toBe('TRADE_CLOSED');
  });

  it('a lost notification: the query asks alipay.trade.query and credits; reconciliation racing a notification credits once', async () => {
    const { u, orderNo } = await openTrade();
    const waiting = expectSuccess<AlipayOrderStatus>(
      await t.post('/alipay/query_order', { outTradeNo: orderNo }, { as: u.token }),
    );
    expect(waiting).toMatchObject({ status: 'WAIT_BUYER_PAY', totalAmount: '30.00' });
    expect(gw.requests.at(-1)).toMatchObject({ method: 'alipay.trade.query', verified: true });
    gw.setStatus(orderNo, 'TRADE_SUCCESS');
    const paid = expectSuccess<AlipayOrderStatus>(
      await t.post('/alipay/query_order', { outTradeNo: orderNo }, { as: u.token }),
    );
    expect(paid.status).toBe('TRADE_SUCCESS');
    expect(await getBalance(t.ctx.db, u.id)).toBe(300);

    // an order whose buyer never opened the cashier is unknown to Alipay: still waiting
    const second = expectSuccess<{ orderId: string }>(
      await t.post('/alipay/create_alipay_url', { id: 7 }, { as: u.token }),
    );
    expect(
      expectSuccess<AlipayOrderStatus>(
        await t.post('/alipay/query_order', { outTradeNo: second.orderId }, { as: u.token }),
      ).status,
    ).toBe('WAIT_BUYER_PAY');

    const third = await openTrade();
    gw.setStatus(third.orderNo, 'TRADE_SUCCESS');
    await t.ctx.db.query(`UPDATE orders SET created_at = now() - interval '10 minutes' WHERE order_no = $1`, [
      third.orderNo,
    ]);
    const [reconciled, notified] = await Promise.all([
      reconcileOrders(t.ctx),
      notify(gw.notification(third.orderNo)),
    ]);
    expect(notified.body).toBe('success');
    expect(reconciled).toBeLessThanOrEqual(1);
    expect(await credits(third.orderNo)).toBe(1);
    expect(await getBalance(t.ctx.db, third.u.id)).toBe(300);
  });

  it('refuses an answer whose signature does not verify, and credits nothing', async () => {
    const { u, orderNo } = await openTrade();
    gw.setStatus(orderNo, 'TRADE_SUCCESS');
    gw.tamperAnswers(true);
    try {
      const res = await t.post('/alipay/query_order', { outTradeNo: orderNo }, { as: u.token });
      expectFailure(res, 50205, 502);
      expect(await getBalance(t.ctx.db, u.id)).toBe(0);
    } finally {
      gw.tamperAnswers(false);
    }
    expect(
      expectSuccess<AlipayOrderStatus>(
        await t.post('/alipay/query_order', { outTradeNo: orderNo }, { as: u.token }),
      ).status,
    ).toBe('TRADE_SUCCESS');
    expect(await getBalance(t.ctx.db, u.id)).toBe(300);
  });

  it('a stranger cannot ask about another user’s order', async () => {
    const { orderNo } = await openTrade();
    const stranger = await t.signUp();
    expectFailure(
      await t.post('/alipay/query_order', { outTradeNo: orderNo }, { as: stranger.token }),
      40405,
      404,
    );
  });
});

describe('Alipay configuration', () => {
  it('refuses half a configuration or an unreadable key at start, with a readable error', async () => {
    const { parseEnv } = await import('../../config/env.js');
    expect(() => parseEnv({ ALIPAY_APP_ID: '2021' })).toThrow(/must be set together/);
    expect(() =>
      parseEnv({ ALIPAY_APP_ID: '2021', ALIPAY_PRIVATE_KEY: 'not-a-key', ALIPAY_PUBLIC_KEY: 'nope' }),
    ).toThrow(/ALIPAY_PRIVATE_KEY is not a PKCS8 RSA private key/);
  });
});
