import { describe, expect, it } from 'vitest';
import type { StructureLine } from './line.js';
import { mergeLines, mergeTexts } from './merge.js';

const line = (id: number, startMs: number, endMs: number, originalText: string, translatedText: string) => ({
  id,
  startMs,
  endMs,
  originalText,
  translatedText,
});
const enZh = { source: 'en', target: 'zh-CN' };

describe('mergeLines', () => {
  it('joins with a space in English and Spanish, without one in Chinese, and keeps the first id', () => {
    const merged = mergeLines(
      [line(4, 1000, 2000, 'Hello there,', '你好，'), line(5, 2100, 3500, 'my friend.', '我的朋友。')],
      enZh,
    );
    expect(merged).toEqual({
      id: 4,
      startMs: 1000,
      endMs: 3500,
      originalText: 'Hello there, my friend.',
      translatedText: '你好，我的朋友。',
    });
    const es = mergeLines(
      [line(1, 0, 900, 'No sé', 'I don’t know'), line(2, 950, 2000, 'qué decir.', 'what to say.')],
      { source: 'es', target: 'en' },
    );
    expect([es!.originalText, es!.translatedText]).toEqual(['No sé qué decir.', 'I don’t know what to say.']);
  });

  it('lays the merged text out again for each language’s norms', () => {
    const merged = mergeLines(
      [
        line(1, 0, 2000, 'We went to the store and bought', '我们去了商店，'),
        line(2, 2000, 4000, 'some apples for the party tonight.', '为今晚的派对买了一些苹果。'),
      ],
      enZh,
    )!;
    expect(merged.originalText).toBe('We went to the store and bought\nsome apples for the party tonight.');
    // 20 Chinese characters: over the 16 a line holds, so two lines, cut after the comma
    expect(merged.translatedText).toBe('我们去了商店，\n为今晚的派对买了一些苹果。');
  });

  it('joins Japanese without a space, a line break of the pieces included', () => {
    const merged = mergeLines(
      [line(1, 0, 1000, 'The weather', '今日は\nいい天気'), line(2, 1000, 2000, 'is nice.', 'ですね。')],
      { source: 'en', target: 'ja' },
    )!;
    expect(merged.translatedText).toBe('今日はいい天気ですね。');
  });

  it('keeps speakers a line each', () => {
    const merged = mergeLines(
      [
        line(1, 0, 1000, '- Are you coming?', '-你来吗？'),
        line(2, 1000, 2000, '- Not tonight.', '-今晚不行。'),
      ],
      enZh,
    )!;
    expect([merged.originalText, merged.translatedText]).toEqual([
      '- Are you coming?\n- Not tonight.',
      '-你来吗？\n-今晚不行。',
    ]);
  });

  it('runs a line without a dash on from the speaker before it', () => {
    expect(mergeTexts(['- Are you coming?\n- Not tonight.', 'Maybe tomorrow.'], 'en')).toBe(
      '- Are you coming?\n- Not tonight. Maybe tomorrow.',
    );
  });

  it('keeps tags balanced', () => {
    expect(mergeTexts(['<i>Hello there,</i>', '<i>my friend.</i>'], 'en')).toBe(
      '<i>Hello there, my friend.</i>',
    );
  });

  it('skips empty texts (an untranslated line) and answers null for no lines', () => {
    const merged = mergeLines([line(1, 0, 1000, 'One', ''), line(2, 1000, 2000, 'two', 'dos')], {
      source: 'en',
      target: 'es',
    })!;
    expect(merged.translatedText).toBe('dos');
    expect(mergeLines([], enZh)).toBeNull();
  });

  it('takes the earliest start and latest end whatever the order', () => {
    const lines: StructureLine[] = [line(3, 5000, 9000, 'b', 'b'), line(2, 4000, 6000, 'a', 'a')];
    expect(mergeLines(lines, { source: 'en', target: 'es' })).toMatchObject({
      id: 3,
      startMs: 4000,
      endMs: 9000,
    });
  });
});
