import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectDashboard, loginViaUi, registerViaUi } from '../support/auth.js';
import { codeFromMail, mailsTo } from '../support/mailbox.js';

/**
 * Issue 23, the account's life in the browser: forgot password, change password, sign out
 * everywhere, close the account, the trial notice. Each flow runs in one language (the texts
 * of all three are checked once, on the forgot password page); a second browser context stands
 * for the user's other device.
 */

type Lang = 'zh' | 'en' | 'ja';

/** a browser context in `lang` (the ?lang= choice is remembered) */
async function deviceIn(browser: Browser, lang: Lang): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`/login?lang=${lang}`);
  return page;
}

/** another device signed in to the same account */
async function secondDevice(browser: Browser, lang: Lang, email: string, pass: string) {
  const page = await deviceIn(browser, lang);
  await loginViaUi(page, email, pass);
  await expectDashboard(page, email);
  return page;
}

/** the device's session has ended: the dashboard sends it to sign-in */
async function expectSignedOut(page: Page) {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=/);
}

const openMenu = async (page: Page, item: string) => {
  await page.getByTestId('user-menu').click();
  await page.getByTestId(item).click();
};

test('the forgot password page speaks each language', async ({ page }) => {
  for (const [lang, title] of [
    ['zh', '重置密码'],
    ['en', 'Reset your password'],
    ['ja', 'パスワードの再設定'],
  ] as const) {
    await page.goto(`/login?lang=${lang}`);
    await page.getByTestId('forgot-password-link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  }
});

test('forgot password (zh): a mailed code sets a new password and signs out the other device', async ({
  page,
  browser,
}) => {
  const { email, pass } = await registerViaUi(page);
  await expectDashboard(page, email);
  const other = await deviceIn(browser, 'zh');

  await other.getByTestId('login-email').fill(email);
  await other.getByTestId('forgot-password-link').click();
  await expect(other.getByTestId('forgot-email')).toHaveValue(email);
  const before = mailsTo(email).length;
  await other.getByTestId('forgot-send-first').click();
  await expect(other.getByTestId('forgot-sent')).toContainText(email);
  await expect(other.getByTestId('forgot-send-code')).toBeDisabled(); // the 60 s countdown
  const code = await codeFromMail(email, 10_000, before);
  await other.getByTestId('forgot-code').fill(code);
  await other.getByTestId('forgot-password').fill('reset-pass-2');
  await other.getByTestId('forgot-confirm').fill('reset-pass-2');
  await other.getByTestId('forgot-submit').click();

  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByTestId('flash-notice')).toContainText('密码已重置');
  await expect(other.getByTestId('login-email')).toHaveValue(email);
  await other.getByTestId('login-password').fill(pass);
  await other.getByTestId('login-submit').click();
  await expect(other.getByRole('alert').filter({ hasText: '邮箱或密码错误' })).toBeVisible();
  await other.getByTestId('login-password').fill('reset-pass-2');
  await other.getByTestId('login-submit').click();
  await expectDashboard(other, email);

  await expectSignedOut(page);
});

test('change password and sign out everywhere (en)', async ({ page, browser }) => {
  await page.goto('/login?lang=en');
  const { email, pass } = await registerViaUi(page);
  await expectDashboard(page, email);
  const other = await secondDevice(browser, 'en', email, pass);

  await openMenu(page, 'change-password');
  await page.getByTestId('change-password-current').fill(pass);
  await page.getByTestId('change-password-new').fill('changed-pass-3');
  await page.getByTestId('change-password-confirm').fill('changed-pass-3');
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByText('Password changed. Your other devices were signed out.')).toBeVisible();
  await expectSignedOut(other);
  // this device kept its session
  await page.reload();
  await expectDashboard(page, email);

  await loginViaUi(other, email, 'changed-pass-3');
  await expectDashboard(other, email);
  await openMenu(page, 'logout-all');
  await page.getByTestId('logout-all-confirm').click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('flash-notice')).toHaveText('You were signed out on every device.');
  await expectSignedOut(other);
  await expectSignedOut(page);
});

test('close my account (ja), after the trial notice of a new account', async ({ page }) => {
  await page.goto('/login?lang=ja');
  // the E2E server grants no sign-up points (SIGNUP_POINTS=0): the profile says 30 are left
  await page.route('**/user/profile', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { trialPoints: number } | null };
    if (body.data) body.data.trialPoints = 30;
    await route.fulfill({ response, json: body });
  });
  const { email, pass } = await registerViaUi(page);
  await expectDashboard(page, email);
  await page.reload(); // the profile as the server gives it
  await expect(page.getByTestId('trial-notice')).toContainText('字幕約 3 分');

  await openMenu(page, 'close-account');
  await expect(page.getByTestId('close-account-consequences')).toContainText(
    '残っているポイントは失効します',
  );
  await page.getByTestId('close-account-password').fill('wrong-pass');
  await page.getByTestId('close-account-submit').click();
  await expect(page.getByText('現在のパスワードが正しくありません')).toBeVisible();
  await page.getByTestId('close-account-password').fill(pass);
  await page.getByTestId('close-account-submit').click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('flash-notice')).toContainText('アカウントを削除しました');
  await loginViaUi(page, email, pass);
  await expect(
    page.getByRole('alert').filter({ hasText: 'メールアドレスまたはパスワードが正しくありません' }),
  ).toBeVisible();
});
