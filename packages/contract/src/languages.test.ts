import { describe, expect, it, vi } from 'vitest';
import { MEDIA_LANGUAGES, SUBTITLE_LANGUAGES, languageName, languageOptions } from './languages.js';

describe('language lists', () => {
  it('hold SPEC §3’s 29 subtitle and 55 audio/video languages, without duplicates', () => {
    expect(SUBTITLE_LANGUAGES).toHaveLength(29);
    expect(new Set(SUBTITLE_LANGUAGES).size).toBe(29);
    expect(new Set(MEDIA_LANGUAGES).size).toBe(MEDIA_LANGUAGES.length);
  });

  // first in the file: languageName keeps an Intl.DisplayNames once it has built one
  it('name every listed language without building Intl.DisplayNames (slow to load in a browser)', () => {
    vi.stubGlobal('Intl', {
      ...Intl,
      DisplayNames: class {
        constructor() {
          throw new Error('Intl.DisplayNames was built');
        }
      },
    });
    try {
      for (const ui of ['zh', 'en', 'ja'] as const)
        for (const code of [...SUBTITLE_LANGUAGES, ...MEDIA_LANGUAGES])
          expect(languageName(code, ui), `${code} in ${ui}`).not.toBe(code);
    } finally {
      vi.unstubAllGlobals();
    }
    // a code outside the lists still gets the platform's name
    expect(languageName('eu', 'en')).toBe('Basque');
  });

  it('name every language in the three interface languages', () => {
    for (const ui of ['zh', 'en', 'ja'] as const) {
      for (const code of [...SUBTITLE_LANGUAGES, ...MEDIA_LANGUAGES]) {
        const name = languageName(code, ui);
        expect(name.length, `${code} in ${ui}`).toBeGreaterThan(1);
        expect(name, `${code} in ${ui}`).not.toBe(code);
      }
    }
    expect(languageName('zh-CN', 'zh')).toBe('简体中文');
    expect(languageName('fr', 'en')).toBe('French');
    expect(languageName('fr', 'ja')).toBe('フランス語');
    expect(languageName('ko', 'zh')).toBe('韩语');
  });

  it('makes options searchable by code and name', () => {
    const options = languageOptions(['ja'], 'en');
    expect(options).toEqual([{ value: 'ja', label: 'Japanese', search: 'ja Japanese' }]);
  });
});
