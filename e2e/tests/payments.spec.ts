import { expect, test } from '@playwright/test';
import { newCustomer } from '../support/voice.js';

test('buy points with the sandbox checkout: balance updated once, order listed as paid', async ({
  page,
  context,
}) => {
  await newCustomer(page, 0);
  await page.goto('/dashboard?view=points&lang=en');
  await expect(page.getByTestId('product-2')).toContainText('500 points');
  await expect(page.getByTestId('product-2')).toContainText('¥45.00');
  await expect(page.getByTestId('product-2')).toContainText('$6.50');

  // SPEC §7: the payment page opens in a new tab
  const [checkout] = await Promise.all([context.waitForEvent('page'), page.getByTestId('buy-2').click()]);
  await expect(checkout.getByTestId('sandbox-test-mode')).toHaveText('TEST MODE');
  await expect(checkout.getByTestId('sandbox-amount')).toHaveText('¥45.00');
  const orderNo = (await checkout.getByTestId('sandbox-order').textContent())!;
  await checkout.getByTestId('sandbox-approve').click();

  // back on the dashboard (Alipay's return), the result dialog confirms, and the address is cleaned
  await expect(checkout.getByTestId('alipay-success')).toContainText(orderNo);
  await expect(checkout).toHaveURL(/\/dashboard$/);
  await expect(checkout.getByTestId('user-points')).toContainText('500');
  await checkout.getByRole('button', { name: 'OK' }).click();
  await checkout.goto('/dashboard?view=orders');
  const row = checkout.getByTestId('orders-table').locator('tr', { hasText: orderNo });
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('¥45.00');

  // /assets shows the order and the way to buy more
  await checkout.goto('/assets');
  await expect(checkout.getByTestId('orders-table')).toContainText(orderNo);
  await expect(checkout.getByTestId('assets-buy')).toBeVisible();

  // the payment-success page finds the same payment
  await checkout.goto(`/payment-success?id=${orderNo}&type=SUCCESS_URL`);
  await expect(checkout.getByTestId('payment-result')).toHaveAttribute('data-phase', 'success');
  await expect(checkout.getByTestId('payment-result')).toContainText('TRADE_SUCCESS');
  await expect(checkout).toHaveURL(/\/payment-success$/);

  // coming back through the same return address again credits nothing more
  await checkout.goto(
    `/dashboard?out_trade_no=${orderNo}&method=alipay.trade.page.pay.return&total_amount=45.00`,
  );
  await expect(checkout.getByTestId('alipay-success')).toBeVisible();
  await expect(checkout.getByTestId('user-points')).toContainText('500');
});

test('pay by card with the sandbox: the card dialog confirms once, a failed return shows at once', async ({
  page,
}) => {
  await newCustomer(page, 0);
  await page.goto('/dashboard?view=points&lang=en');
  await page.getByTestId('pay-method').getByText('Card ($)').click();
  await expect(page.getByTestId('card-sandbox')).toBeVisible();
  await expect(page.getByTestId('price-3')).toHaveText('$14.00');

  // cards go to the checkout in the same tab, and come back to the dashboard's card dialog
  await page.getByTestId('buy-3').click();
  await expect(page.getByTestId('sandbox-amount')).toHaveText('$14.00');
  const orderNo = (await page.getByTestId('sandbox-order').textContent())!;
  await page.getByTestId('sandbox-approve').click();
  await expect(page.getByTestId('card-success')).toContainText(orderNo);
  await expect(page.getByTestId('card-success')).toContainText('SUCCEEDED');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-points')).toContainText('1,200');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('card-result')).toBeHidden();

  await page.goto('/dashboard?view=orders');
  const row = page.getByTestId('orders-table').locator('tr', { hasText: orderNo });
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('$14.00');

  // a fail return shows the failure without asking the server, in Japanese too
  let asked = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/wallex/query_payment')) asked += 1;
  });
  await page.goto(`/dashboard?airwallex_fail=true&id=${orderNo}&lang=ja`);
  await expect(page.getByTestId('card-failed')).toContainText('支払い未完了');
  await expect(page.getByRole('dialog')).toContainText('カード決済の結果');
  expect(asked).toBe(0);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('card-result')).toBeHidden();
  await expect(page.getByTestId('user-points')).toContainText('1,200');
});

test('a declined sandbox payment leads to the payment-failed page and credits nothing', async ({
  page,
  context,
}) => {
  await newCustomer(page, 0);
  await page.goto('/dashboard?view=points');
  const [checkout] = await Promise.all([context.waitForEvent('page'), page.getByTestId('buy-1').click()]);
  const orderNo = (await checkout.getByTestId('sandbox-order').textContent())!;
  await checkout.getByTestId('sandbox-decline').click();
  // the page reads the payment id, shows it, and takes it out of the address (as /payment-success does)
  await expect(checkout.getByRole('heading', { level: 1 })).toHaveText('支付未完成');
  await expect(checkout.getByText(`支付 ID：${orderNo}`)).toBeVisible();
  await expect(checkout).toHaveURL(/\/payment-fail$/);
  await checkout.reload();
  await expect(checkout.getByRole('heading', { level: 1 })).toHaveText('支付未完成');
  await expect(checkout.getByText(orderNo)).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('user-points')).toContainText('0');
});

test('the payment-success page: missing parameters fail at once; an unknown id fails after 3 retries', async ({
  page,
}) => {
  await newCustomer(page, 0);
  await page.goto('/payment-success?id=ST1&lang=en');
  await expect(page.getByTestId('payment-result')).toContainText('Missing payment parameters');
  await page.goto('/payment-success?id=ST-invented-123&type=SUCCESS_URL&lang=en');
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-phase', 'retrying');
  await expect(page.getByTestId('payment-result')).toHaveAttribute('data-phase', 'failed', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('payment-result')).toContainText('Cannot confirm the payment status');
  await expect(page.getByTestId('payment-result')).toContainText('3/3');
  // SPEC §2: re-query is offered only while the count is below 3 (spec-conformance.spec.ts)
  await expect(page.getByTestId('payment-requery')).toHaveCount(0);
});
