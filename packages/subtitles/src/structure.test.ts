import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertLine, MIN_GAP_MS, mergeLines, splitLine, type StructureLine } from './structure.js';

const line = (over: Partial<StructureLine> = {}): StructureLine => ({
  id: 4,
  startMs: 10_000,
  endMs: 14_000,
  originalText: 'I never thought we would make it back home.',
  translatedText: 'Nunca pensé que volveríamos a casa.',
  ...over,
});
const langs = { source: 'en', target: 'es' };

describe('a line split at the cursor', () => {
  it('cuts the text at the cursor and the other text at a word near the same share, times by the shares', () => {
    const l = line();
    const [first, second] = splitLine(l, { originalOffset: 'I never thought'.length }, langs)!;
    expect(first).toMatchObject({ id: 4, originalText: 'I never thought', startMs: 10_000 });
    expect(second.originalText).toBe('we would make it back home.');
    // 15 of 42 characters: the space nearest to that share of the Spanish
    expect(first.translatedText).toBe('Nunca pensé');
    expect(second.translatedText).toBe('que volveríamos a casa.');
    expect(first.endMs).toBe(second.startMs);
    expect(first.endMs).toBe(10_000 + Math.round((15 / 42) * 4000));
    expect(second.endMs).toBe(14_000);
  });

  it('cuts Chinese and Japanese between phrases, as lines are broken, never inside a word', () => {
    const zh = line({
      originalText: 'We go to Beijing tomorrow to see a film.',
      translatedText: '我们明天早上去北京看电影。',
    });
    for (let at = 1; at < zh.originalText.length; at += 1) {
      const halves = splitLine(zh, { originalOffset: at }, { source: 'en', target: 'zh' });
      if (!halves) continue;
      const joined = `${halves[0].translatedText}|${halves[1].translatedText}`;
      expect(joined).not.toMatch(/北\|京|电\|影|明\|天/);
      expect(joined.replace('|', '')).toBe(zh.translatedText);
    }
    const ja = line({ originalText: 'I can see Mount Fuji.', translatedText: '富士山が見える' });
    const [a, b] = splitLine(ja, { originalOffset: 5 }, { source: 'en', target: 'ja' })!;
    expect([a.translatedText, b.translatedText]).toEqual(['富士山が', '見える']);
  });

  it('splits a two-speaker line between its speakers, wherever the cursor is', () => {
    const l = line({
      originalText: '- Are you coming?\n- Not tonight.',
      translatedText: '-¿Vienes?\n-Esta noche no.',
    });
    const [first, second] = splitLine(l, { translatedOffset: 3 }, langs)!;
    expect([first.originalText, second.originalText]).toEqual(['- Are you coming?', '- Not tonight.']);
    expect([first.translatedText, second.translatedText]).toEqual(['-¿Vienes?', '-Esta noche no.']);
  });

  it('splits at the playhead when it plays inside the line', () => {
    const [first, second] = splitLine(line(), { originalOffset: 7 }, { ...langs, atMs: 12_500 })!;
    expect([first.endMs, second.startMs]).toEqual([12_500, 12_500]);
  });

  it('refuses a cut at either end, or a line too short for two', () => {
    expect(splitLine(line(), { originalOffset: 0 }, langs)).toBeNull();
    expect(splitLine(line(), { originalOffset: line().originalText.length }, langs)).toBeNull();
    expect(splitLine(line({ endMs: 10_300 }), { originalOffset: 7 }, langs)).toBeNull();
  });

  it('gives back the times and the texts when the halves are merged again (property)', () => {
    const words = fc.array(fc.constantFrom('we', 'never', 'thought', 'home', 'again', 'back'), {
      minLength: 2,
      maxLength: 10,
    });
    fc.assert(
      fc.property(
        words,
        words,
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 500, max: 8000 }),
        fc.nat(),
        (o, t, start, length, pick) => {
          const l = line({
            startMs: start,
            endMs: start + length,
            originalText: o.join(' '),
            translatedText: t.join(' '),
          });
          const spaces = [...l.originalText.matchAll(/ /g)].map((m) => m.index);
          const halves = splitLine(l, { originalOffset: spaces[pick % spaces.length]! }, langs);
          if (!halves) return;
          const merged = mergeLines([halves[0], { ...halves[1], id: 9 }], langs);
          expect([merged.startMs, merged.endMs]).toEqual([l.startMs, l.endMs]);
          expect(merged.originalText.replace(/\s+/g, ' ')).toBe(l.originalText);
          expect(merged.translatedText.replace(/\s+/g, ' ')).toBe(l.translatedText);
          expect(halves[0].endMs).toBeGreaterThan(halves[0].startMs);
          expect(halves[1].endMs).toBeGreaterThan(halves[1].startMs);
        },
      ),
    );
  });
});

describe('lines merged', () => {
  it('joins texts laid out for each language, from the first start to the last end, with the first id', () => {
    const merged = mergeLines(
      [
        line({ id: 2, startMs: 1000, endMs: 2000, originalText: 'Hello', translatedText: '你好' }),
        line({ id: 3, startMs: 2100, endMs: 3000, originalText: 'world.', translatedText: '世界。' }),
      ],
      { source: 'en', target: 'zh' },
    );
    expect(merged).toEqual({
      id: 2,
      startMs: 1000,
      endMs: 3000,
      originalText: 'Hello world.',
      translatedText: '你好世界。',
    });
  });
});

describe('a new line’s place', () => {
  it('goes into the gap, at most 2 s, apart from its neighbours, or nowhere when there is no room', () => {
    expect(insertLine({ endMs: 2000 }, { startMs: 6000 })).toEqual({
      startMs: 2000 + MIN_GAP_MS,
      endMs: 4000 + MIN_GAP_MS,
    });
    expect(insertLine({ endMs: 2000 }, { startMs: 3000 })).toEqual({
      startMs: 2000 + MIN_GAP_MS,
      endMs: 3000 - MIN_GAP_MS,
    });
    expect(insertLine({ endMs: 2000 }, { startMs: 2100 })).toBeNull();
    expect(insertLine({ endMs: 5000 }, null)).toEqual({
      startMs: 5000 + MIN_GAP_MS,
      endMs: 7000 + MIN_GAP_MS,
    });
    expect(insertLine(null, { startMs: 10_000 })).toEqual({ startMs: 0, endMs: 2000 });
    expect(insertLine(null, null)).toEqual({ startMs: 0, endMs: 2000 });
  });
});
