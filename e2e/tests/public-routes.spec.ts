import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { PUBLIC_PAGES } from '@subtrans/contract';

const LANGS = [
  ['zh', 'zh-CN'],
  ['en', 'en'],
  ['ja', 'ja'],
] as const;

for (const [lang, htmlLang] of LANGS) {
  test(`every public route in ${lang}: <html lang>, its own title, one h1, hreflang alternates`, async ({
    page,
  }) => {
    const titles = new Set<string>();
    for (const route of PUBLIC_PAGES) {
      await page.goto(`${route}?lang=${lang}`);
      await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
      await expect(page).toHaveTitle(/ \| SubTrans/);
      titles.add(await page.title());
      for (const l of ['zh', 'en', 'ja'])
        await expect(page.locator(`link[rel="alternate"][hreflang="${l}"]`)).toHaveAttribute(
          'href',
          new RegExp(`${route === '/' ? '/' : route}\\?lang=${l}$`),
        );
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`\\?lang=${lang}$`),
      );
    }
    // each route has a title of its own (the home page and /home excepted: they are one page)
    expect(titles.size).toBe(PUBLIC_PAGES.length);
  });
}

const AXE_PAGES = [
  '/',
  '/srt-translation',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/login',
  '/register',
];

for (const [lang] of LANGS) {
  test(`no serious accessibility violations on the public pages (${lang})`, async ({ page }) => {
    for (const route of AXE_PAGES) {
      await page.goto(`${route}?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const result = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const serious = result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${route}: ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
      expect(serious).toEqual([]);
    }
  });
}

test('public pages load without the signed-in app’s code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/terms?lang=en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(scripts.some((s) => /dashboard-page|editor-page|assets-page/.test(s))).toBe(false);
});

test('scripts come compressed at build time and are kept by the browser for a year', async ({ request }) => {
  const html = await (await request.get('/?lang=en')).text();
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const plain = await request.get(script!, { headers: { 'accept-encoding': 'identity' } });
  const body = await plain.body();
  for (const [encoding, asked] of [
    ['br', 'br, gzip'],
    ['gzip', 'gzip'],
  ] as const) {
    const res = await request.get(script!, { headers: { 'accept-encoding': asked } });
    expect(res.headers()['content-encoding']).toBe(encoding);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers()['vary']).toMatch(/accept-encoding/i);
    // the same script once decoded (Playwright decodes the body)
    expect((await res.body()).equals(body)).toBe(true);
  }
  expect(plain.headers()['content-encoding']).toBeUndefined();
  expect(plain.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  // files outside /assets/ keep their name when they change: asked again each time
  expect((await request.get('/favicon.svg')).headers()['cache-control']).toBe('public, max-age=0');
});
