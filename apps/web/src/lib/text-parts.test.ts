import { describe, expect, it } from 'vitest';
import zh from '@subtrans/locales/zh.json';
import en from '@subtrans/locales/en.json';
import ja from '@subtrans/locales/ja.json';
import zhHome from '@subtrans/locales/zh.json?texts=home';
import zhRest from '@subtrans/locales/zh.json?texts=rest';
import { HOME_TEXTS, textPart } from './text-parts';

function leaves(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}
const at = (obj: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], obj);

describe('the texts in two parts (the home page’s, and the rest)', () => {
  it.each([
    ['zh', zh],
    ['en', en],
    ['ja', ja],
  ])('cuts %s into parts that hold every text once', (_lang, texts) => {
    const home = leaves(textPart(texts, 'home'));
    const rest = leaves(textPart(texts, 'rest'));
    expect(home.filter((k) => rest.includes(k))).toEqual([]);
    expect([...home, ...rest].sort()).toEqual(leaves(texts).sort());
    for (const key of HOME_TEXTS) expect(at(textPart(texts, 'home'), key), key).toEqual(at(texts, key));
    // the home page's part is the smaller: the editor, the dashboard and the rest stay out of it
    expect(JSON.stringify(textPart(texts, 'home')).length).toBeLessThan(JSON.stringify(texts).length / 2);
  });

  it('builds the same parts as the chunks the app loads', () => {
    expect(zhHome).toEqual(textPart(zh, 'home'));
    expect(zhRest).toEqual(textPart(zh, 'rest'));
    expect(at(zhHome, 'account.notice.accountClosed')).toBe(zh.account.notice.accountClosed);
    expect(at(zhHome, 'tasks')).toBeUndefined();
  });
});
