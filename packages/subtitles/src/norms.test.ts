import { describe, expect, it } from 'vitest';
import { DEFAULT_NORMS, NORMS, normsFor, parseNormOverrides } from './norms.js';

const TARGETS = [
  'zh-CN',
  'zh-HK',
  'en',
  'ja',
  'ko',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'ru',
  'ar',
  'hi',
  'th',
  'vi',
  'id',
  'ms',
  'tl',
  'nl',
  'sv',
  'no',
  'da',
  'fi',
  'pl',
  'tr',
  'he',
  'uk',
  'cs',
];

describe('reading norms per target language (Netflix TTSG defaults)', () => {
  it('has norms for every target language of SPEC §3', () => {
    expect(Object.keys(NORMS).sort()).toEqual([...TARGETS].sort());
    for (const lang of TARGETS) {
      const n = NORMS[lang as keyof typeof NORMS];
      expect(n.lines).toBe(2);
      expect(n.minDurationMs).toBe(833);
      expect(n.maxDurationMs).toBe(7000);
    }
  });

  it('gives every language the same durations (the task list counts timing faults in SQL with them)', () => {
    for (const norms of Object.values(NORMS)) {
      expect([norms.minDurationMs, norms.maxDurationMs]).toEqual([
        DEFAULT_NORMS.minDurationMs,
        DEFAULT_NORMS.maxDurationMs,
      ]);
    }
  });

  it('gives Latin-script languages 42 characters a line at 17 a second, counted one by one', () => {
    for (const lang of ['en', 'es', 'fr', 'de', 'pt', 'vi', 'tr']) {
      expect(normsFor(lang)).toMatchObject({ cpl: 42, cps: 17, counting: 'chars' });
    }
  });

  it('gives Chinese 16 and Japanese 13 full-width characters a line, half-width counting half', () => {
    expect(normsFor('zh-CN')).toMatchObject({ cpl: 16, cps: 9, counting: 'fullwidth' });
    expect(normsFor('zh-HK')).toMatchObject({ cpl: 16, cps: 9, counting: 'fullwidth' });
    expect(normsFor('ja')).toMatchObject({ cpl: 13, cps: 4, counting: 'fullwidth' });
    expect(normsFor('ko')).toMatchObject({ cpl: 16, cps: 12, counting: 'fullwidth' });
    expect(normsFor('th')).toMatchObject({ cpl: 35, counting: 'chars' });
  });

  it('falls back to the base language, then to the default, for codes not in the table', () => {
    expect(normsFor('pt-BR')).toEqual(normsFor('pt'));
    expect(normsFor('zh')).toEqual(normsFor('zh-CN'));
    expect(normsFor('zh-TW')).toEqual(normsFor('zh-HK'));
    expect(normsFor('xx')).toEqual(DEFAULT_NORMS);
  });

  it("merges a user's overrides, keeping the language's counting", () => {
    expect(normsFor('ja', { cpl: 15, cps: 5.5 })).toEqual({ ...NORMS.ja, cpl: 15, cps: 5.5 });
    expect(normsFor('en', { lines: 3, counting: 'fullwidth' })).toEqual({ ...NORMS.en, lines: 3 });
  });

  it('ignores overrides out of bounds or of the wrong type, and a minimum not below the maximum', () => {
    expect(normsFor('en', { cpl: 2, cps: '20', lines: 1.5, maxDurationMs: Number.NaN })).toEqual(NORMS.en);
    expect(normsFor('en', null)).toEqual(NORMS.en);
    expect(normsFor('en', 'nonsense')).toEqual(NORMS.en);
    expect(normsFor('en', { minDurationMs: 8000, maxDurationMs: 6000 })).toEqual(NORMS.en);
    expect(normsFor('en', { minDurationMs: 1000, maxDurationMs: 6000 })).toEqual({
      ...NORMS.en,
      minDurationMs: 1000,
      maxDurationMs: 6000,
    });
  });

  it('answers only valid overrides for storage', () => {
    expect(parseNormOverrides({ cpl: 37, cps: 250, extra: 1, lines: 2 })).toEqual({ cpl: 37, lines: 2 });
    expect(parseNormOverrides(undefined)).toEqual({});
  });
});
