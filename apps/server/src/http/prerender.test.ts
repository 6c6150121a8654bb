import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES, UI_LANGUAGES } from '@subtrans/contract';
import { createPrerenderer } from './prerender.js';

const INDEX = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/index.html'),
  'utf8',
);
const render = await createPrerenderer();
const ORIGIN = 'https://subtrans.example';

describe('prerendered public pages (what a crawler without JavaScript reads)', () => {
  it('gives an SEO route its own title, description, heading, canonical and hreflang, in its language', () => {
    const html = render(INDEX, '/srt-translation', 'ja', ORIGIN);
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('<title>SRT 字幕のオンライン翻訳 | SubTrans</title>');
    expect(html).toMatch(/<meta name="description" content="SRT 字幕ファイルを AI で[^"]+" \/>/);
    expect(html).toContain('<h1>SRT 字幕をオンラインで翻訳</h1>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/srt-translation?lang=ja" />`);
    for (const l of ['zh', 'en', 'ja'])
      expect(html).toContain(
        `<link rel="alternate" hreflang="${l}" href="${ORIGIN}/srt-translation?lang=${l}" />`,
      );
    expect(html).toContain(`hreflang="x-default" href="${ORIGIN}/srt-translation"`);
    // the app's script still loads
    expect(html).toContain('<script type="module"');
  });

  it('renders the home page, the info pages and a trailing slash, in each language', () => {
    expect(render(INDEX, '/', 'en', ORIGIN)).toContain('<h1>AI subtitle translation in one step</h1>');
    expect(render(INDEX, '/home', 'zh', ORIGIN)).toContain('<html lang="zh-CN">');
    expect(render(INDEX, '/terms/', 'en', ORIGIN)).toContain('<title>Terms of service | SubTrans</title>');
    expect(render(INDEX, '/privacy', 'ja', ORIGIN)).toMatch(/<h1>[^<]+<\/h1>/);
  });

  it('gives pages that are not public only their language', () => {
    expect(render(INDEX, '/dashboard', 'en', ORIGIN)).toBe(
      INDEX.replace('<html lang="zh-CN">', '<html lang="en">'),
    );
    expect(render(INDEX, '/edit/123', 'ja', ORIGIN)).toBe(
      INDEX.replace('<html lang="zh-CN">', '<html lang="ja">'),
    );
  });

  it("keeps a review link's page out of search engines, nothing else of it in the HTML", () => {
    const html = render(INDEX, '/review', 'en', ORIGIN);
    expect(html).toBe(
      INDEX.replace('<html lang="zh-CN">', '<html lang="en">').replace(
        '</head>',
        '  <meta name="robots" content="noindex, nofollow" />\n  </head>',
      ),
    );
    expect(render(INDEX, '/review/', 'zh', ORIGIN)).toContain(
      '<meta name="robots" content="noindex, nofollow" />',
    );
  });

  it('gives every public page a title, a description and a heading in every language', () => {
    for (const page of PUBLIC_PAGES) {
      for (const lang of UI_LANGUAGES) {
        const html = render(INDEX, page, lang, ORIGIN);
        expect([page, lang, html]).not.toEqual([page, lang, expect.stringContaining('<title> | ')]);
        expect([page, lang, html]).not.toEqual([page, lang, expect.stringContaining('content=""')]);
        expect([page, lang, html]).not.toEqual([page, lang, expect.stringContaining('<h1></h1>')]);
      }
    }
  });

  it('does not start without the texts of every language', async () => {
    await expect(
      createPrerenderer(() => Promise.reject(new Error('The interface texts for "ja" cannot be loaded'))),
    ).rejects.toThrow(/"ja"/);
  });
});
