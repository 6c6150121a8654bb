import { expect, test } from '@playwright/test';
import { expectDashboard, registerViaUi } from '../support/auth.js';

test('edit profile changes the name everywhere; the dashboard follows the language switch', async ({
  page,
}) => {
  const { email } = await registerViaUi(page, { name: 'Before Name' });
  await expectDashboard(page, email);
  await expect(page.getByTestId('welcome')).toHaveText('欢迎，Before Name');

  await page.getByTestId('user-menu').click();
  await page.getByTestId('edit-profile').click();
  await page.getByTestId('profile-name').fill('x');
  await page.getByTestId('profile-submit').click();
  await expect(page.locator('.ant-modal .ant-form-item-explain-error')).toHaveText(
    '昵称长度为 2 到 20 个字符',
  );
  await page.getByTestId('profile-name').fill('After Name');
  await page.getByTestId('profile-submit').click();
  await expect(page.getByTestId('user-block')).toContainText('After Name');

  // survives a reload: it was saved on the server
  await page.reload();
  await expect(page.getByTestId('user-block')).toContainText('After Name');

  await page.getByTestId('lang-switcher').selectOption({ label: '日本語' });
  await expect(page.getByTestId('welcome')).toHaveText('ようこそ、After Name さん');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByTestId('dashboard-menu')).toContainText('ユーザー管理');
});

test('the dashboard shows a network error while offline', async ({ page, context }) => {
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  await context.setOffline(true);
  await expect(page.getByRole('alert').filter({ hasText: '网络不可用' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: '网络不可用' })).toHaveCount(0);
});

test('a non-manager clicking user management gets the warning and stays', async ({ page }) => {
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  await page.getByTestId('dashboard-menu').getByText('用户管理').click();
  await expect(page.getByText('只有管理员用户可以使用此功能')).toBeVisible();
  await expect(page).not.toHaveURL(/view=users/);
});
