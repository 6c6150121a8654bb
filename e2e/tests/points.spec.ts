import { expect, test } from '@playwright/test';
import { expectDashboard, loginViaUi, registerViaUi } from '../support/auth.js';
import { E2E_ADMIN } from '../support/paths.js';

test('a manager grants points; the user sees the balance, the lot and the reason on /assets', async ({
  page,
  browser,
}) => {
  const { email } = await registerViaUi(page, { name: 'Point Person' });
  await expectDashboard(page, email);
  await expect(page.getByTestId('user-points')).toContainText('积分: 0');

  const ctx = await browser.newContext();
  const manager = await ctx.newPage();
  await loginViaUi(manager, E2E_ADMIN.email, E2E_ADMIN.password);
  await expectDashboard(manager, E2E_ADMIN.email);
  await manager.goto('/dashboard?view=users');
  const row = manager.getByTestId('users-table').locator('tr', { hasText: email });
  await row.locator('[data-testid^="grant-points-"]').click();
  await manager.getByTestId('grant-amount').fill('120');
  await manager.getByTestId('grant-note').fill('welcome gift');
  await manager.getByTestId('grant-submit').click();
  await expect(row.locator('[data-testid^="user-points-"]')).toHaveText('120');
  await ctx.close();

  await page.reload();
  await expect(page.getByTestId('user-points')).toContainText('积分: 120');
  await page.getByTestId('user-points').click();
  await expect(page).toHaveURL(/\/assets$/);
  await expect(page.getByTestId('assets-balance')).toHaveText('120');
  await expect(page.getByTestId('ledger-table')).toContainText('管理员调整：welcome gift');

  await page.goto('/assets?lang=en');
  await expect(page.getByTestId('ledger-table')).toContainText('Adjusted by an administrator: welcome gift');
  await expect(page.getByRole('heading', { name: 'Point lots' })).toBeVisible();
});
