import { expect, test } from '@playwright/test';
import { expectDashboard, registerViaUi } from '../support/auth.js';
import { E2E_PORT } from '../playwright.config.js';
import { text } from '../support/texts.js';
import { newCustomer, srtFile } from '../support/voice.js';

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

for (const lang of ['zh', 'en'] as const) {
  test(`on a phone (${lang}) the menu opens from the header and nothing covers the page`, async ({
    page,
  }) => {
    await newCustomer(page, 0);
    // a task to list (pending: its row holds the widest actions)
    const created = await page.request.post('/task/create', {
      headers: { Origin: `http://localhost:${E2E_PORT}` },
      multipart: {
        targetLanguage: 'fr',
        file: srtFile('phone-film.srt', '1\n00:00:01,000 --> 00:00:03,000\nGood morning.\n'),
      },
    });
    expect(created.ok()).toBe(true);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/dashboard?lang=${lang}`);

    // the heading and the task's name are what is drawn at their own places: nothing lies on them
    const heading = page.getByRole('heading', { name: text(lang, 'dashboard.menu.translate') });
    const fileName = page.getByTestId('task-list').getByText('phone-film.srt');
    for (const target of [heading, fileName]) {
      await expect(target).toBeVisible();
      const box = (await target.boundingBox())!;
      const x = Math.round(box.x + 4);
      const y = Math.round(box.y + box.height / 2);
      const onTop = await page.evaluate<string>(`document.elementFromPoint(${x}, ${y})?.textContent ?? ''`);
      expect(onTop).toContain(await target.innerText());
    }

    await page.getByTestId('dashboard-menu-button').click();
    const drawer = page.getByTestId('dashboard-drawer');
    await drawer.getByText(text(lang, 'dashboard.menu.glossaries')).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId('glossary-list')).toBeVisible();
    await expect(page).toHaveURL(/view=glossaries/);
  });
}
