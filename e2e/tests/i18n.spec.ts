import { expect, test } from '@playwright/test';

test('switching the language changes the texts, <html lang> and the title, and is remembered', async ({
  page,
}) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  const zhTitle = await page.title();
  const zhButton = await page.getByTestId('login-submit').innerText();

  await page.getByTestId('lang-switcher').selectOption({ label: 'English' });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('login-submit')).not.toHaveText(zhButton);
  expect(await page.title()).not.toBe(zhTitle);
  const enButton = await page.getByTestId('login-submit').innerText();

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('login-submit')).toHaveText(enButton);

  await page.goto('/login?lang=ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByTestId('login-submit')).not.toHaveText(enButton);
});

test('every page declares hreflang alternates for the three languages', async ({ page }) => {
  await page.goto('/login?lang=en');
  for (const lang of ['zh', 'en', 'ja']) {
    await expect(page.locator(`link[rel="alternate"][hreflang="${lang}"]`)).toHaveAttribute(
      'href',
      new RegExp(`/login\\?lang=${lang}$`),
    );
  }
});
