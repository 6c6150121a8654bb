import { describe, expect, it } from 'vitest';
import {
  createFlagCache,
  createFlagIndex,
  flagAll,
  flagsOf,
  lineWidth,
  linesToReview,
  DEFAULT_RULES,
  readingSpeed,
  type CheckedSegment,
  type QualityRules,
} from './quality';
import { normsFor } from '@subtrans/subtitles/norms';

const NETFLIX_RULES = DEFAULT_RULES;
/** the default norms with some limits changed (what the server answers for a user's overrides) */
const parseRules = (over: Partial<QualityRules>): QualityRules => ({ ...DEFAULT_RULES, ...over });

const seg = (over: Partial<CheckedSegment> = {}): CheckedSegment => ({
  id: 1,
  startMs: 0,
  endMs: 3000,
  originalText: 'Hello there',
  translatedText: 'Bonjour',
  ...over,
});

describe('quality flags (the Latin defaults: Netflix timed-text)', () => {
  it('counts wide characters twice and ignores tags', () => {
    expect(lineWidth('abc')).toBe(3);
    expect(lineWidth('你好')).toBe(4);
    expect(lineWidth('こんにちは')).toBe(10);
    expect(lineWidth('<i>abc</i>{\\an8}')).toBe(3);
  });

  it('measures reading speed without line breaks or tags', () => {
    expect(readingSpeed('<i>abcd</i>\nefgh', 2000)).toBe(4);
  });

  it('accepts a line within every norm', () => {
    expect(flagsOf([seg()], 0)).toEqual([]);
  });

  it('flags lines too long (42 characters), more than 2 lines, reading too fast', () => {
    expect(flagsOf([seg({ translatedText: 'x'.repeat(42), endMs: 6000 })], 0)).toEqual([]);
    expect(flagsOf([seg({ translatedText: 'x'.repeat(43), endMs: 6000 })], 0)).toEqual(['cpl']);
    expect(flagsOf([seg({ translatedText: 'a\nb\nc' })], 0)).toEqual(['lines']);
    // 52 characters in 3 s > 17 cps
    expect(flagsOf([seg({ translatedText: 'a'.repeat(26) + '\n' + 'b'.repeat(26) })], 0)).toEqual(['cps']);
  });

  it("counts as the target language's norm counts: 16 a line in Chinese, 13 in Japanese, half-width as half", () => {
    const zh = normsFor('zh-CN');
    const ja = normsFor('ja');
    const long = (text: string) => [seg({ translatedText: text, endMs: 7000 })];
    expect(flagsOf(long('字'.repeat(16)), 0, zh)).toEqual([]);
    expect(flagsOf(long('字'.repeat(17)), 0, zh)).toEqual(['cpl']);
    expect(flagsOf(long('字'.repeat(13)), 0, ja)).toEqual([]);
    // 12 full-width and 2 half-width characters: 13
    expect(flagsOf(long('字'.repeat(12) + 'ab'), 0, ja)).toEqual([]);
    expect(flagsOf(long('字'.repeat(12) + 'abc'), 0, ja)).toEqual(['cpl']);
    // 9 characters a second in Chinese: 20 characters in 2 s read too fast, 18 do not
    const timed = (n: number) => [
      seg({ translatedText: '字'.repeat(n / 2) + '\n' + '字'.repeat(n / 2), endMs: 2000 }),
    ];
    expect(flagsOf(timed(18), 0, zh)).toEqual([]);
    expect(flagsOf(timed(20), 0, zh)).toEqual(['cps']);
  });

  it('flags durations out of 5/6 s … 7 s, overlaps, empty and untranslated lines', () => {
    expect(flagsOf([seg({ endMs: 800 })], 0)).toContain('short');
    expect(flagsOf([seg({ endMs: 7001 })], 0)).toEqual(['long']);
    expect(flagsOf([seg({ endMs: 3000 }), seg({ id: 2, startMs: 2500, endMs: 4000 })], 0)).toEqual([
      'overlap',
    ]);
    // issue 36: a gap under 2 frames at 24 fps (83 ms), touching lines included
    const next = (startMs: number) => seg({ id: 2, startMs, endMs: startMs + 2000 });
    expect(flagsOf([seg({ endMs: 3000 }), next(3050)], 0)).toEqual(['gap']);
    expect(flagsOf([seg({ endMs: 3000 }), next(3000)], 0)).toEqual(['gap']);
    expect(flagsOf([seg({ endMs: 3000 }), next(3083)], 0)).toEqual([]);
    expect(flagsOf([seg({ translatedText: '  ' })], 0)).toEqual(['empty']);
    expect(flagsOf([seg({ translatedText: 'Hello there' })], 0)).toEqual(['untranslated']);
  });

  it('takes other limits, and maps only flagged segments', () => {
    const rules = { ...NETFLIX_RULES, cpl: 5 };
    const all = flagAll(
      [seg({ translatedText: 'abcdef' }), seg({ id: 2, startMs: 3100, endMs: 5000, translatedText: 'abc' })],
      rules,
    );
    expect([...all.entries()]).toEqual([[1, ['cpl']]]);
  });

  it('keeps cached flags for unchanged lines and recomputes a changed line and its neighbour', () => {
    const flag = createFlagCache();
    const a = seg({ id: 1, endMs: 3000 });
    const b = seg({ id: 2, startMs: 3100, endMs: 6000 });
    const first = flag([a, b]);
    expect(first.size).toBe(0);
    // b moves earlier: a now overlaps it, though a itself is the same object
    const b2 = { ...b, startMs: 2500 };
    expect([...flag([a, b2]).entries()]).toEqual([[1, ['overlap']]]);
    const a2 = { ...a, translatedText: '' };
    expect(flag([a2, b2]).get(1)).toEqual(['empty', 'overlap']);
    expect(flag([a2, b2])).toEqual(flagAll([a2, b2]));
  });

  it('answers one line alone (the rows on screen before every line is checked), sharing the cache', () => {
    const flag = createFlagCache();
    const a = seg({ id: 1, endMs: 3000, translatedText: '' });
    const b = seg({ id: 2, startMs: 2500, endMs: 6000 });
    expect(flag.at([a, b], 0)).toEqual(['empty', 'overlap']);
    expect(flag.at([a, b], 1)).toEqual([]);
    // the whole pass reuses it: the same array, not a new check
    const before = flag.at([a, b], 0);
    expect(flag([a, b]).get(1)).toBe(before);
  });
});

describe('configurable quality rules', () => {
  it('flags follow the limits the user set', () => {
    const s = [seg({ translatedText: 'Bonjour à tous, ceci est une ligne' })];
    expect(flagsOf(s, 0)).toEqual([]);
    expect(flagsOf(s, 0, parseRules({ cpl: 20 }))).toEqual(['cpl']);
    expect(flagsOf(s, 0, parseRules({ cps: 5 }))).toEqual(['cps']);
    expect(flagsOf(s, 0, parseRules({ minDurationMs: 4000, maxDurationMs: 9000 }))).toEqual(['short']);
    const cache = createFlagCache();
    expect(cache(s).size).toBe(0);
    expect(cache(s, parseRules({ cpl: 20 })).get(1)).toEqual(['cpl']);
  });
});

describe('the flag index (every line, updated line by line)', () => {
  const lines = () => [
    seg({ id: 1, startMs: 0, endMs: 3000, translatedText: 'Un' }),
    seg({ id: 2, startMs: 3100, endMs: 6000, translatedText: 'Deux' }),
    seg({ id: 3, startMs: 6100, endMs: 9000, translatedText: '' }),
  ];

  it('answers what a full pass answers, and the same map while no line’s flags change', () => {
    const index = createFlagIndex(createFlagCache());
    const a = lines();
    const first = index(a, NETFLIX_RULES);
    expect(first).toEqual(flagAll(a));
    expect([...first.keys()]).toEqual([3]);
    // a new array with the same segments, then a change that leaves every flag as it was
    expect(index([...a], NETFLIX_RULES)).toBe(first);
    const typed = [a[0]!, { ...a[1]!, translatedText: 'Deux !' }, a[2]!];
    expect(index(typed, NETFLIX_RULES)).toBe(first);
  });

  it('follows a changed line and the line before it (overlap), without touching the others', () => {
    const index = createFlagIndex(createFlagCache());
    const a = lines();
    const first = index(a, NETFLIX_RULES);
    // line 2 starts earlier: line 1 now overlaps it; line 3 gets a translation
    const b = [a[0]!, { ...a[1]!, startMs: 2500 }, { ...a[2]!, translatedText: 'Trois' }];
    const second = index(b, NETFLIX_RULES);
    expect(second).not.toBe(first);
    expect(second).toEqual(flagAll(b));
    expect(second.get(1)).toEqual(['overlap']);
    expect(second.has(3)).toBe(false);
    // the map answered before is left as it was
    expect(first).toEqual(flagAll(a));
  });

  it('starts over for other lines (a new load) or other rules', () => {
    const index = createFlagIndex(createFlagCache());
    index(lines(), NETFLIX_RULES);
    const other = [seg({ id: 9, translatedText: '' })];
    expect(index(other, NETFLIX_RULES)).toEqual(flagAll(other));
    const strict = parseRules({ cpl: 10 });
    const long = [seg({ id: 9, translatedText: 'a line longer than ten' })];
    expect(index(long, NETFLIX_RULES).size).toBe(0);
    expect(index(long, strict).get(9)).toEqual(['cpl']);
  });
});

describe('the lines to review (issue 36)', () => {
  it('are the server’s flagged lines and those with a timing fault, not those with a text flag only', () => {
    const segments = [
      seg({ id: 1, startMs: 0, endMs: 500 }), // too short
      seg({ id: 2, startMs: 1000, endMs: 3000 }), // 40 ms before the next: a gap
      seg({ id: 3, startMs: 3040, endMs: 5000, translatedText: 'x'.repeat(50) }), // too long a line
      seg({ id: 4, startMs: 6000, endMs: 8000 }),
      seg({ id: 5, startMs: 9000, endMs: 17_000 }), // over 7 s
    ];
    const flags = flagAll(segments);
    expect(flags.get(3)).toContain('cpl');
    const review = new Map([[4, 'source-language']]);
    expect([...linesToReview(review, flags)].sort()).toEqual([1, 2, 4, 5]);
    expect([...linesToReview(new Map(), new Map())]).toEqual([]);
  });
});
