import { expect, test } from '@playwright/test';
import { expectDashboard, loginViaUi, registerViaUi } from '../support/auth.js';
import { uniqueEmail } from '../support/mailbox.js';
import { E2E_ADMIN } from '../support/paths.js';

test('a manager creates a user, the user can sign in, the manager deletes them', async ({
  page,
  browser,
}) => {
  await loginViaUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expectDashboard(page, E2E_ADMIN.email);
  await page.goto('/dashboard?view=users');
  const table = page.getByTestId('users-table');
  await expect(table).toBeVisible();

  const email = uniqueEmail('created');
  await page.getByTestId('create-user').click();
  await page.getByTestId('create-email').fill(email);
  await page.getByTestId('create-name').fill('Created One');
  await page.getByTestId('create-password').fill('created-pass');
  await page.getByTestId('create-confirm').fill('created-pass');
  await page.getByTestId('create-user-submit').click();
  const row = table.locator('tr', { hasText: email });
  await expect(row).toBeVisible();

  // the new account works
  const ctx = await browser.newContext();
  const other = await ctx.newPage();
  await loginViaUi(other, email, 'created-pass');
  await expectDashboard(other, email);
  await ctx.close();

  await row.locator('[data-testid^="delete-user-"]').click();
  await page.locator('.ant-popconfirm').getByRole('button').last().click();
  await expect(table.locator('tr', { hasText: email })).toHaveCount(0);

  // deleted: sign-in refused
  const ctx2 = await browser.newContext();
  const third = await ctx2.newPage();
  await loginViaUi(third, email, 'created-pass');
  await expect(third).toHaveURL(/\/login/);
  await ctx2.close();
});

test('the create-user form enforces the SPEC rules', async ({ page }) => {
  await loginViaUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expectDashboard(page, E2E_ADMIN.email);
  await page.goto('/dashboard?view=users');
  await page.getByTestId('create-user').click();
  await page.getByTestId('create-email').fill('bad');
  await page.getByTestId('create-name').fill('x');
  await page.getByTestId('create-password').fill('12345');
  await page.getByTestId('create-confirm').fill('different');
  await page.getByTestId('create-user-submit').click();
  await expect(page.locator('.ant-modal .ant-form-item-explain-error')).toHaveCount(4);
});

test('a non-manager is refused user management', async ({ page }) => {
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  await page.goto('/dashboard?view=users');
  await expect(page.getByText('只有管理员用户可以使用此功能').first()).toBeVisible();
  await expect(page.getByTestId('users-table')).toHaveCount(0);
});
