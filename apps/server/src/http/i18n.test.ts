import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage } from './i18n.js';

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
