import { expect, test } from '@playwright/test';
import { expectDashboard, loginViaUi, registerViaUi } from '../support/auth.js';

test('register with the mailed code, sign in, reach the dashboard, sign out', async ({ page }) => {
  const { email, pass } = await registerViaUi(page, { name: 'Mei Ling' });
  // after registration the user is signed in and / leads to the dashboard
  await expectDashboard(page, email);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);

  // signed out: the dashboard is guarded again
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login/);

  await loginViaUi(page, email, pass);
  await expectDashboard(page, email);
  await expect(page.getByTestId('user-block')).toContainText('Mei Ling');
});

test('login shows the server error for a wrong password and stays on the page', async ({ page }) => {
  await loginViaUi(page, 'nobody@example.com', 'wrong-password');
  await expect(page.getByText('邮箱或密码错误')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('login form refuses an invalid email and a short password before calling the server', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByTestId('login-email').fill('not-an-email');
  await page.getByTestId('login-password').fill('123');
  await page.getByTestId('login-submit').click();
  await expect(page.locator('.ant-form-item-explain-error')).toHaveCount(2);
  await expect(page).toHaveURL(/\/login/);
});

test('the guard keeps the origin and returns there after login', async ({ page }) => {
  await page.goto('/assets');
  await expect(page).toHaveURL(/\/login/);
  const { email, pass } = await test.step('make a user', async () => {
    const ctx = await page.context().browser()!.newContext();
    const other = await ctx.newPage();
    const made = await registerViaUi(other);
    await ctx.close();
    return made;
  });
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(pass);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/assets/);
});
