import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPreloader } from './preload.js';

// the shape Vite writes to dist/.vite/manifest.json
const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_react.js'],
    css: ['assets/index-1.css'],
  },
  '_react.js': { file: 'assets/react-1.js' },
  'src/app/antd-layout.tsx': {
    file: 'assets/antd-layout-1.js',
    imports: ['_react.js', '_antd.js'],
    css: ['assets/antd-layout-1.css'],
  },
  '_antd.js': { file: 'assets/antd-1.js', imports: ['_react.js'] },
  'src/features/editor/routes/editor-page.tsx': {
    file: 'assets/editor-page-1.js',
    imports: ['_antd.js', '_time.js'],
    css: ['assets/editor-page-1.css'],
  },
  '_time.js': { file: 'assets/time-1.js' },
  'src/features/review/routes/review-page.tsx': {
    file: 'assets/review-page-1.js',
    imports: ['_react.js', '_time.js'],
    css: ['assets/review-page-1.css'],
  },
  'src/app/dashboard/dashboard-page.tsx': {
    file: 'assets/dashboard-page-1.js',
    imports: ['_antd.js'],
  },
  '../../packages/locales/src/en.json?texts=home': { file: 'assets/en-1.js' },
  '../../packages/locales/src/en.json?texts=rest': { file: 'assets/en-2.js' },
  '../../packages/locales/src/zh.json?texts=home': { file: 'assets/zh-1.js' },
  '../../packages/locales/src/zh.json?texts=rest': { file: 'assets/zh-2.js' },
};

const dirs: string[] = [];
function distWith(manifest: object | null) {
  const dist = mkdtempSync(path.join(tmpdir(), 'preload-'));
  dirs.push(dist);
  if (manifest) {
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  }
  return dist;
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const hrefs = (html: string, rel: string) =>
  [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((m) => m[1]);

describe('the links a page’s HTML names for it', () => {
  const preload = createPreloader(distWith(MANIFEST));

  it('an editor link: the antd layout’s and the editor’s code and styles, the texts of its language, then its task', () => {
    const id = '0B0E5A3C-1111-4222-8333-444455556666';
    const html = preload(`/edit/${id}`, 'en');
    // the task last: the files, each quick, are not kept waiting behind the server's longest answer
    expect(html.split('\n').at(-1)).toMatch(/as="fetch"/);
    expect(hrefs(html, 'preload')).toEqual([
      '/assets/antd-layout-1.css',
      '/assets/editor-page-1.css',
      `/task/lines?id=${id.toLowerCase()}`,
    ]);
    // what the entry already brings is not named again; shared chunks once
    expect(hrefs(html, 'modulepreload')).toEqual([
      '/assets/antd-layout-1.js',
      '/assets/antd-1.js',
      '/assets/editor-page-1.js',
      '/assets/time-1.js',
      '/assets/en-1.js',
      '/assets/en-2.js',
    ]);
    // every link is fetched as the app's own requests are (else the browser fetches twice)
    for (const link of html.split('\n')) expect(link).toMatch(/ crossorigin /);
  });

  it('other signed-in and antd pages get their layout (and page) code, in the page’s language', () => {
    expect(hrefs(preload('/dashboard', 'zh'), 'modulepreload')).toEqual([
      '/assets/antd-layout-1.js',
      '/assets/antd-1.js',
      '/assets/dashboard-page-1.js',
      '/assets/zh-1.js',
      '/assets/zh-2.js',
    ]);
    expect(hrefs(preload('/login', 'en'), 'modulepreload')).toEqual([
      '/assets/antd-layout-1.js',
      '/assets/antd-1.js',
      '/assets/en-1.js',
      '/assets/en-2.js',
    ]);
    expect(preload('/login', 'en')).not.toMatch(/task\/get/);
  });

  it('a review link: its page’s code and style, the texts pages without antd draw, no antd', () => {
    for (const p of ['/review', '/review/']) {
      const html = preload(p, 'en');
      expect(hrefs(html, 'preload')).toEqual(['/assets/review-page-1.css']);
      expect(hrefs(html, 'modulepreload')).toEqual([
        '/assets/review-page-1.js',
        '/assets/time-1.js',
        '/assets/en-1.js',
      ]);
    }
    expect(preload('/reviews', 'en')).toBe('');
  });

  it('names nothing for pages drawn without antd, unknown addresses, or an editor address that is no task', () => {
    for (const p of ['/', '/home', '/srt-translation', '/no-such-page', '/edit/1/2'])
      expect([p, preload(p, 'en')]).toEqual([p, '']);
    expect(preload('/edit/not-a-task', 'en')).not.toMatch(/task\/get/);
  });

  it('names nothing without a build manifest', () => {
    expect(createPreloader(distWith(null))('/dashboard', 'en')).toBe('');
  });
});
