import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';

test('the contact form: §5 rules, success only once the message is stored, then reset', async ({ page }) => {
  await page.goto('/contact?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByTestId('support-email')).toHaveText(/@/);
  await expect(page.getByTestId('contact-faq').locator('.ant-collapse-item')).toHaveCount(4);

  await page.getByTestId('contact-send').click();
  await expect(page.getByText('Enter your name')).toBeVisible();
  await expect(page.getByText('Enter your email address')).toBeVisible();
  await page.getByTestId('contact-email').fill('not-an-email');
  await expect(page.getByText('Enter a valid email address')).toBeVisible();

  // the server is slow to store it: no success until it has
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/contact/submit', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId('contact-name').fill('Mei');
  await page.getByTestId('contact-email').fill('mei@example.com');
  await page.getByTestId('contact-subject').fill('Bilingual export');
  await page.getByTestId('contact-message').fill('Can the original go below the translation?');
  await page.getByTestId('contact-send').click();
  await expect(page.getByTestId('contact-send')).toHaveClass(/ant-btn-loading/);
  await expect(page.getByTestId('contact-sent')).toHaveCount(0);
  release();
  await expect(page.getByTestId('contact-sent')).toBeVisible();
  await expect(page.getByTestId('contact-name')).toHaveValue('');

  // a refusal keeps what was typed
  await page.unroute('**/contact/submit');
  await page.route('**/contact/submit', (route) =>
    route.fulfill({ json: { code: 42900, msg: 'Too many requests; try again later', data: null } }),
  );
  await page.getByTestId('contact-name').fill('Mei');
  await page.getByTestId('contact-email').fill('mei@example.com');
  await page.getByTestId('contact-subject').fill('Again');
  await page.getByTestId('contact-message').fill('Second message');
  await page.getByTestId('contact-send').click();
  await expect(page.getByText('Too many requests; try again later')).toBeVisible();
  await expect(page.getByTestId('contact-message')).toHaveValue('Second message');
});

for (const [lang, htmlLang] of [
  ['zh', 'zh-CN'],
  ['en', 'en'],
  ['ja', 'ja'],
] as const) {
  test(`terms, privacy and about in ${lang}: one h1, the numbers of §2, the host's contact details`, async ({
    page,
  }) => {
    await page.goto(`/terms?lang=${lang}`);
    await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const terms = (await page.locator('article').textContent())!;
    for (const n of ['13', '30', '12', '5']) expect(terms).toContain(n);
    expect(terms).toMatch(/1\s?(year|年)/);

    await page.goto(`/privacy?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    const privacy = (await page.locator('article').textContent())!;
    expect(privacy).toContain('localhost');
    expect(privacy).toMatch(/[\w.-]+@[\w.-]+/);
    expect(privacy).not.toContain('{{');
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(9);

    await page.goto(`/about?lang=${lang}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await page.getByRole('button', { name: /Back|返回|戻る/ }).click();
    await expect(page).toHaveURL(/\/(\?.*)?$/);
  });
}

test('robots.txt and sitemap.xml list the public pages', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(await robots.text()).toContain('/sitemap.xml');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/srt-translation</loc>');
  expect(sitemap).toContain('hreflang="ja"');
});

test('the public pages arrive prerendered: title, h1 and hreflang without JavaScript', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/srt-translation?lang=en');
  await expect(page).toHaveTitle('SRT subtitle translation online | SubTrans');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Translate SRT subtitles online');
  await expect(page.locator('link[rel="alternate"][hreflang="ja"]')).toHaveAttribute(
    'href',
    /\/srt-translation\?lang=ja$/,
  );
  await page.goto('/terms?lang=ja');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await context.close();
});

test('the home page: computed figures, six features, get started leads to login; SEO routes keep their heading', async ({
  page,
}) => {
  const texts: string[] = [];
  page.on('response', (r) => {
    const m = /\/assets\/(zh|en|ja)-[\w-]+\.js$/.exec(r.url());
    if (m) texts.push(m[1]!);
  });
  await page.goto('/home?lang=en');
  await expect(page.getByTestId('home-stats')).toContainText('subtitle languages');
  await expect(page.getByTestId('home-stats')).not.toContainText('95%');
  await expect(page.locator('[data-testid^="feature-"]')).toHaveCount(6);
  // drawn without Ant Design (no antd element, none of its injected styles), one language loaded
  await expect(page.locator('[class*="ant-"]')).toHaveCount(0);
  await expect(page.locator('style[data-css-hash], style[data-rc-order]')).toHaveCount(0);
  expect(texts).toEqual(['en']);
  await page.goto('/guide?lang=zh');
  await expect(page.getByTestId('home-title')).toHaveText('优质字幕指南');
  await expect(page).toHaveTitle(/^指南 \| /);
  // the first antd page loads antd on the way
  await page.getByTestId('get-started').first().click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('login-submit')).toHaveClass(/ant-btn/);
});

test('host-dependent parts: the licence notice, support email, postal address and configured figures', async ({
  page,
}) => {
  // the default host: no notice, the fallback support address (localhost), computed figures only
  await page.goto('/about?lang=en');
  await expect(page.getByRole('contentinfo')).not.toContainText('ICP');
  await page.goto('/home?lang=en');
  await expect(page.getByTestId('home-stats')).not.toContainText('files translated');

  // the second host's profile
  const other = `http://127.0.0.1:${E2E_PORT}`;
  await page.goto(`${other}/about?lang=en`);
  await expect(page.getByRole('contentinfo')).toContainText('ICP 00000000-1 (test licence notice)');
  await page.goto(`${other}/contact?lang=en`);
  await expect(page.getByTestId('support-email')).toHaveText('help@second-host.test');
  await page.goto(`${other}/privacy?lang=en`);
  await expect(page.locator('article')).toContainText('help@second-host.test');
  await expect(page.locator('article')).toContainText('1 Test Road, Test City');
  await expect(page.locator('article')).toContainText('127.0.0.1');
  await page.goto(`${other}/home?lang=en`);
  await expect(page.getByTestId('home-stats')).toContainText('12,345');
  await expect(page.getByTestId('home-stats')).toContainText('files translated (configured)');
});
