import { describe, expect, it } from 'vitest';
import { breakLines, measureLine, normsFor } from '@subtrans/subtitles';
import { CLOSE_SET, OPEN_SET } from '@subtrans/subtitles/chars';
import { readLabelled, splitWords, wordLayoutFits } from './labels.js';

/**
 * Issue 36 on the labelled cues (≥ 300 a language, words marked by hand): no word split across
 * lines where a layout at word boundaries fits, no line starting with a character kinsoku forbids
 * nor ending on an opening bracket.
 */
describe.each([
  ['zh', 'zh-CN'],
  ['ja', 'ja'],
] as const)('the labelled %s cues', (key, lang) => {
  const cues = readLabelled(key);
  const norms = normsFor(lang);
  const laid = cues.map((cue) => ({ cue, lines: breakLines(cue.text, lang, norms).lines }));

  it('are at least 300 that need two lines', () => {
    const long = cues.filter((cue) => measureLine(cue.text, norms.counting) > norms.cpl);
    expect(long.length).toBeGreaterThanOrEqual(300);
  });

  it('never split a word where a layout at word boundaries fits', () => {
    const split = laid
      .filter(({ cue, lines }) => splitWords(cue, lines).length > 0 && wordLayoutFits(cue, norms))
      .map(({ lines }) => lines.join(' | '));
    expect(split).toEqual([]);
  });

  it('keep every character, in order', () => {
    for (const { cue, lines } of laid) expect(lines.join('')).toBe(cue.text);
  });

  it('start no line with closing punctuation or small kana, end none on an opening bracket', () => {
    for (const { lines } of laid) {
      for (const l of lines.slice(1)) expect(CLOSE_SET.has([...l][0]!), l).toBe(false);
      for (const l of lines.slice(0, -1)) expect(OPEN_SET.has([...l].at(-1)!), l).toBe(false);
    }
  });
});
