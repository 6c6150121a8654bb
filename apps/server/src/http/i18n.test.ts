import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { languageFromAcceptLanguage, localiseIssue } from './i18n.js';

describe('languageFromAcceptLanguage', () => {
  it('picks the highest-ranked supported language', () => {
    expect(languageFromAcceptLanguage('fr-FR,ja;q=0.8,en;q=0.9')).toBe('en');
    expect(languageFromAcceptLanguage('zh-CN,zh;q=0.9')).toBe('zh');
    expect(languageFromAcceptLanguage('ja')).toBe('ja');
  });
  it('returns undefined when nothing matches', () => {
    expect(languageFromAcceptLanguage('fr, de')).toBeUndefined();
    expect(languageFromAcceptLanguage(undefined)).toBeUndefined();
  });
});

describe('localiseIssue', () => {
  it('words a too-short string in each language', () => {
    const r = z.object({ pass: z.string().min(6) }).safeParse({ pass: 'x' });
    expect(r.success).toBe(false);
    if (r.success) return;
    const issue = r.error.issues[0]!;
    expect(localiseIssue(issue, 'en')).toMatch(/6/);
    expect(localiseIssue(issue, 'zh')).toMatch(/6/);
    expect(localiseIssue(issue, 'zh')).not.toBe(localiseIssue(issue, 'en'));
    expect(localiseIssue(issue, 'ja')).not.toBe(localiseIssue(issue, 'en'));
  });
});
