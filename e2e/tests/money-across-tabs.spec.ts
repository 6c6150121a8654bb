import { expect, test } from '@playwright/test';
import { textsOf } from '../support/texts.js';
import { newCustomer } from '../support/voice.js';

/**
 * Issue 34, item 5: the sandbox checkout opens in a second tab; once the payment is confirmed
 * there, the first tab shows the new balance, and no trial notice, without a reload.
 */
test('a payment in the checkout tab refreshes the balance and ends the trial notice in the first tab', async ({
  page,
  context,
}) => {
  const t = textsOf('en');
  // 30 points, all of them a sign-up trial: the e2e server grants no sign-up points (each test
  // grants its own), so the trial is what the profile says, as account-life.spec.ts does
  await newCustomer(page, 30);
  await page.route('**/user/profile', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { trialPoints: number } | null };
    if (body.data) body.data.trialPoints = 30;
    await route.fulfill({ response, json: body });
  });
  await page.goto('/dashboard?view=points&lang=en');
  await expect(page.getByTestId('user-points')).toHaveText(`${t('dashboard.points')}: 30`);
  await expect(page.getByTestId('trial-notice')).toContainText(t('account.trial.title', { points: 30 }));

  // the checkout opens in a new tab, and comes back there to the dashboard's result dialog
  const [checkout] = await Promise.all([context.waitForEvent('page'), page.getByTestId('buy-2').click()]);
  await expect(checkout.getByTestId('sandbox-amount')).toHaveText('¥45.00');
  const orderNo = (await checkout.getByTestId('sandbox-order').textContent())!;
  await checkout.getByTestId('sandbox-approve').click();
  await expect(checkout.getByTestId('alipay-success')).toContainText(orderNo);
  await expect(checkout.getByTestId('user-points')).toContainText('530');

  // the first tab, never reloaded nor brought to the front
  await expect(page.getByTestId('user-points')).toHaveText(`${t('dashboard.points')}: 530`);
  await expect(page.getByTestId('trial-notice')).toHaveCount(0);
  await page.getByTestId('dashboard-menu').getByText(t('dashboard.menu.orders')).click();
  const row = page.getByTestId('orders-table').locator('tr', { hasText: orderNo });
  await expect(row).toContainText(t('orders.paid'));
});
