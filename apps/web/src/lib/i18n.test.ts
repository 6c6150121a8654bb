import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import zh from '@subtrans/locales/zh.json';
import en from '@subtrans/locales/en.json';
import ja from '@subtrans/locales/ja.json';
import { chooseLanguage, documentLanguage, initI18n, isUiLanguage, resolveLanguage } from './i18n';
import { RUNTIME_KEYS } from './i18n-keys';

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('language resolution', () => {
  it('prefers ?lang=, then the stored choice, then the host default', () => {
    expect(resolveLanguage({ query: 'ja', stored: 'en', siteDefault: 'zh' })).toBe('ja');
    expect(resolveLanguage({ query: null, stored: 'en', siteDefault: 'zh' })).toBe('en');
    expect(resolveLanguage({ query: null, stored: null, siteDefault: 'en' })).toBe('en');
  });

  it('ignores values that are not interface languages', () => {
    expect(resolveLanguage({ query: 'fr', stored: 'xx', siteDefault: 'zh' })).toBe('zh');
    expect(isUiLanguage('zh-CN')).toBe(false);
    expect(isUiLanguage('ja')).toBe(true);
  });
});

describe('locales', () => {
  const zhKeys = keys(zh).sort();

  it.each([
    ['en', en],
    ['ja', ja],
  ])('%s has exactly the keys of zh', (_name, locale) => {
    expect(keys(locale).sort()).toEqual(zhKeys);
  });

  it('has no empty texts', () => {
    for (const locale of [zh, en, ja]) {
      const flat = keys(locale).map((k) =>
        k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], locale),
      );
      expect(flat.filter((v) => typeof v !== 'string' || v.trim() === '')).toEqual([]);
    }
  });

  it('keeps the interpolation variables of zh in every language', () => {
    const vars = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const key of zhKeys) {
      const get = (l: unknown) =>
        key.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown>)[p], l) as string;
      expect([key, vars(get(en))]).toEqual([key, vars(get(zh))]);
      expect([key, vars(get(ja))]).toEqual([key, vars(get(zh))]);
    }
  });
});

/** The code that shows texts: the web app, and the server's prerender of the public pages. */
function sources(): { file: string; text: string }[] {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webSrc = path.resolve(here, '..');
  const files = readdirSync(webSrc, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(webSrc, f));
  files.push(path.resolve(webSrc, '../../server/src/http/prerender.ts'));
  return files.map((file) => ({ file: path.basename(file), text: readFileSync(file, 'utf8') }));
}

describe('keys used in code', () => {
  const PLURAL = /_(zero|one|two|few|many|other)$/;
  const all = keys(zh);
  // a plural's texts (x_one, x_other) are asked for as x
  const known = new Set([...all, ...all.map((k) => k.replace(PLURAL, ''))]);
  const code = sources();
  const runtime = RUNTIME_KEYS.map((p) => new RegExp(`^${p.replace(/\./g, '\\.').replace(/\*/g, '.+')}$`));

  it('names only keys the texts have', () => {
    const missing: string[] = [];
    for (const { file, text } of code) {
      for (const [, key] of text.matchAll(/\bt\(\s*'([^']+)'/g)) {
        if (!known.has(key!)) missing.push(`${file}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('builds keys at run time only after a pattern of RUNTIME_KEYS', () => {
    const unlisted: string[] = [];
    for (const { file, text } of code) {
      for (const [, template] of text.matchAll(/\bt\(\s*`([^`]*)`/g)) {
        const pattern = template!.replace(/\$\{[^}]*\}/g, '*');
        if (
          pattern.includes('*') ? !(RUNTIME_KEYS as readonly string[]).includes(pattern) : !known.has(pattern)
        )
          unlisted.push(`${file}: ${pattern}`);
      }
    }
    expect(unlisted).toEqual([]);
    // and each pattern still names texts
    expect(RUNTIME_KEYS.filter((_, i) => !all.some((k) => runtime[i]!.test(k)))).toEqual([]);
  });

  it('has no text that no code shows', () => {
    const used = new Set<string>();
    for (const { text } of code) {
      for (const [, literal] of text.matchAll(/['"`]([A-Za-z][\w-]*(?:\.[\w-]+)+)['"`]/g)) used.add(literal!);
    }
    const unused = all.filter(
      (k) => !used.has(k) && !used.has(k.replace(PLURAL, '')) && !runtime.some((r) => r.test(k)),
    );
    expect(unused).toEqual([]);
  });
});

describe('loading the texts', () => {
  it('starts in the language the server wrote into <html lang>, when nothing else was chosen', () => {
    document.documentElement.lang = 'ja';
    expect(documentLanguage()).toBe('ja');
    document.documentElement.lang = 'en';
    expect(documentLanguage()).toBe('en');
    document.documentElement.lang = 'fr';
    expect(documentLanguage()).toBe('zh');
  });

  it('loads one language at start and another only when the interface switches to it', async () => {
    const i18n = await initI18n('en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('common.cancel')).toBe(en.common.cancel);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.hasResourceBundle('zh', 'translation')).toBe(false);
    expect(i18n.hasResourceBundle('ja', 'translation')).toBe(false);

    await chooseLanguage('ja');
    expect(i18n.t('common.cancel')).toBe(ja.common.cancel);
    expect(document.documentElement.lang).toBe('ja');
    expect(i18n.hasResourceBundle('zh', 'translation')).toBe(false);
  });
});
