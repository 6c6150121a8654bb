import { expect, test, type Page } from '@playwright/test';
import { newCustomer } from '../support/voice.js';
import { englishSrt } from '../support/points.js';

/**
 * SPEC behaviours an item-by-item walk found different (issue 24, items 1–7), each in the
 * language it was seen in and one other.
 */

const srtFile = (name: string, text: string) => ({
  name,
  mimeType: 'application/x-subrip',
  buffer: Buffer.from(text, 'utf8'),
});

async function chooseOption(page: Page, testId: string, search: string, option: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(search);
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
}

/** the back button of the about, contact, terms and privacy pages (antd spaces two CJK characters) */
const backButton = (page: Page) => page.getByRole('button', { name: /(返\s?回|Back)$/ });

test('§2 a non-manager opening /dashboard?view=users is sent to the home view with the message (zh, en)', async ({
  page,
}) => {
  await newCustomer(page, 0);
  for (const [lang, text] of [
    ['zh', '只有管理员用户可以使用此功能'],
    ['en', 'Only administrator users may use this function'],
  ] as const) {
    // typed or bookmarked, not through the menu
    await page.goto(`/dashboard?view=users&lang=${lang}`);
    await expect(page.locator('.ant-message')).toContainText(text);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('srt-card')).toBeVisible();
    await expect(page.getByTestId('manager-only')).toHaveCount(0);
    await expect(page.getByTestId('users-table')).toHaveCount(0);
  }
});

test('§2 back on about/contact/terms/privacy returns to the page the user came from (zh, en)', async ({
  page,
}) => {
  const back = backButton(page);
  const footer = page.locator('footer');
  // the login card's link to the terms, then back
  await page.goto('/login?redirect=%2Fassets');
  await page.locator('main').getByRole('link', { name: '服务条款' }).click();
  await expect(page).toHaveURL(/\/terms$/);
  await back.click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fassets$/);
  // from the footer, through a second info page: each back goes one page back, to its origin
  await footer.getByRole('link', { name: '关于我们' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await footer.getByRole('link', { name: '联系我们' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await back.click();
  await expect(page).toHaveURL(/\/about$/);
  // a reload keeps where the page was opened from
  await page.reload();
  await back.click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fassets$/);
  // opened directly: no origin, home
  await page.goto('/about');
  await back.click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/register?lang=en');
  await footer.getByRole('link', { name: 'Terms', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(back).toHaveText(/Back/);
  await back.click();
  await expect(page).toHaveURL(/\/register\?lang=en$/);
});

test('§2 the privacy page’s back button stays at the top left while the page scrolls (zh, en)', async ({
  page,
}) => {
  for (const [lang, label] of [
    ['zh', /返\s?回/],
    ['en', /Back/],
  ] as const) {
    await page.goto(`/login?lang=${lang}`);
    await page.locator('footer').getByRole('link').last().click();
    await expect(page).toHaveURL(/\/privacy$/);
    const back = backButton(page);
    await expect(back).toHaveText(label);
    const top = (await back.boundingBox())!;
    expect(top.x).toBeLessThan(40);
    expect(top.y).toBeLessThan(120);
    // (as strings: the e2e project is compiled without the DOM's types)
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await expect.poll(() => page.evaluate<number>('window.scrollY')).toBeGreaterThan(600);
    await expect(back).toBeInViewport();
    expect(await back.boundingBox()).toEqual(top);
    // and it still goes back where the user came from
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/login\\?lang=${lang}$`));
  }
});

test('§2/§4 re-query shows only while the count is below 3: /payment-success (zh), the Alipay dialog (en)', async ({
  page,
}) => {
  await newCustomer(page, 0);
  await page.goto('/payment-success?id=ST-never-paid-1&type=SUCCESS_URL');
  const result = page.getByTestId('payment-result');
  await expect(result).toHaveAttribute('data-phase', 'failed', { timeout: 30_000 });
  await expect(result).toContainText('无法确认支付状态');
  await expect(result).toContainText('3/3');
  await expect(page.getByTestId('payment-requery')).toHaveCount(0);
  await expect(result.getByRole('button', { name: /返回首页/ })).toBeVisible();

  await page.goto('/dashboard?out_trade_no=ST-never-paid-2&method=alipay.trade.page.pay.return&lang=en');
  const failed = page.getByTestId('alipay-failed');
  await expect(failed).toContainText('3/3', { timeout: 30_000 });
  await expect(failed).toContainText('Order query failed');
  await expect(page.getByTestId('alipay-requery')).toHaveCount(0);
});

test('§2 a malformed task id in /edit/{id}: "task not found" at once, in the interface’s language (zh, en)', async ({
  page,
}) => {
  await newCustomer(page, 0);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (['/task/lines', '/task/get'].includes(new URL(r.url()).pathname)) asked.push(r.url());
  });
  for (const [lang, text, hint] of [
    ['zh', '任务不存在', /[\u4e00-\u9fff]/],
    ['en', 'The task does not exist', /^[\x20-\x7e]+$/],
  ] as const) {
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-00000000000g', '12345']) {
      await page.goto(`/edit/${id}?lang=${lang}`);
      const missing = page.getByTestId('editor-not-found');
      await expect(missing).toContainText(text);
      await expect(missing).not.toContainText(/Invalid|UUID|user id/);
      await expect(missing.locator('.ant-result-subtitle')).toHaveText(hint);
    }
  }
  // at once: the id cannot name a task, so the server is not asked (nor asked again)
  expect(asked).toEqual([]);
});

test('§5 submitting the empty subtitle dialog says the file is missing with the language errors (zh, en)', async ({
  page,
}) => {
  await newCustomer(page, 0);
  for (const [lang, fileMissing, targetMissing] of [
    ['zh', '请选择字幕文件', '请选择目标语言'],
    ['en', 'Choose a subtitle file', 'Choose the target language'],
  ] as const) {
    await page.goto(`/dashboard?lang=${lang}`);
    await page.getByTestId('srt-card').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('srt-submit').click();
    const errors = dialog.locator('.ant-form-item-explain-error');
    await expect(errors.filter({ hasText: targetMissing })).toBeVisible();
    await expect(errors.filter({ hasText: fileMissing })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('§9 the batch size stored in the browser goes with the start of the translation (zh, en)', async ({
  page,
}) => {
  await newCustomer(page, 100);
  // the page's origin, for its localStorage
  await page.goto('/dashboard');
  const starts: unknown[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/task/start') starts.push(r.postDataJSON());
  });
  for (const [lang, stored, target, language] of [
    ['zh', '3', '法', '法语'],
    ['en', '7', 'German', 'German'],
  ] as const) {
    await page.evaluate(`localStorage.setItem('translation-batch-size', '${stored}')`);
    await page.goto(`/dashboard?lang=${lang}`);
    await page.getByTestId('srt-card').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles(srtFile(`batch-${lang}.srt`, englishSrt(10)));
    await expect(dialog.getByTestId('srt-preview')).toBeVisible();
    await chooseOption(page, 'srt-target', target, language);
    await dialog.getByTestId('srt-submit').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('task-list')).toContainText(`batch-${lang}.srt`);
  }
  expect(starts).toEqual([
    { id: expect.any(String), batchSize: 3 },
    { id: expect.any(String), batchSize: 7 },
  ]);
});
