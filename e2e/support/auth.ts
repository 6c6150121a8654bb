import { expect, type Page } from '@playwright/test';
import { codeFromMail, uniqueEmail } from './mailbox.js';

/** Registers through the real page: send-code, the code read from the SMTP sink, submit. */
export async function registerViaUi(page: Page, opts: { name?: string; pass?: string } = {}) {
  const email = uniqueEmail();
  const pass = opts.pass ?? 'e2e-secret-1';
  await page.goto('/register');
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-name').fill(opts.name ?? 'E2E User');
  await page.getByTestId('register-password').fill(pass);
  await page.getByTestId('register-send-code').click();
  const code = await codeFromMail(email);
  await page.getByTestId('register-code').fill(code);
  await page.getByTestId('register-submit').click();
  return { email, pass };
}

export async function loginViaUi(page: Page, email: string, pass: string) {
  await page.goto('/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(pass);
  await page.getByTestId('login-submit').click();
}

export async function expectDashboard(page: Page, email: string) {
  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByTestId('user-block')).toContainText(email);
}
