import { expect, test } from '@playwright/test';
import { expectDashboard } from '../support/auth.js';
import { newCustomer } from '../support/voice.js';

test('the auth callback fails with the cross-domain cookie hint when no session arrives', async ({
  page,
}) => {
  await page.goto('/auth/callback');
  // The spinner phase ("progress", then "waiting") lasts about 3 s; a loaded machine may only
  // catch the second half of it, so either phase counts.
  await expect(
    page.locator('[data-testid="callback-progress"], [data-testid="callback-waiting"]'),
  ).toBeVisible();
  await expect(page.getByTestId('callback-failed')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText('跨域 Cookie', { exact: false })).toBeVisible();
  await page.getByTestId('callback-retry').click();
  await expect(page).toHaveURL(/\/login$/);
});

test('the auth callback reports a provider error at once', async ({ page }) => {
  await page.goto('/auth/callback?error=google_login_failed&lang=en');
  await expect(page.getByTestId('callback-failed')).toContainText('The external sign-in did not complete');
  await page.getByTestId('callback-home').click();
  await expect(page).toHaveURL(/\/$/);
});

test('the auth callback finds the session, shows success and enters the app', async ({ page }) => {
  const { email } = await newCustomer(page, 0);
  await page.goto('/auth/callback');
  await expect(page.getByTestId('callback-success')).toBeVisible({ timeout: 10_000 });
  await expectDashboard(page, email);
});

test('the login page says when an external sign-in failed', async ({ page }) => {
  await page.goto('/login?error=google_login_failed&lang=en');
  await expect(page.getByTestId('external-login-error')).toContainText('The external sign-in failed');
  await page.goto('/login?error=rate_limited&lang=ja');
  await expect(page.getByTestId('external-login-error')).toContainText('試行回数が多すぎます');
});
