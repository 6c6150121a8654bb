import { describe, expect, it } from 'vitest';
import { breakLines, measureLine, normsFor } from '@subtrans/subtitles';
import { badEnds, balancedAlternative, BREAK_RULE_LANGS, readMarked } from './labels.js';

/**
 * Issue 36 on the labelled cues (words a line must not end on marked by hand): no line ends on an
 * article, a preposition, a clitic, a modal or a conjunction where a balanced layout fits.
 */
describe.each(BREAK_RULE_LANGS)('the labelled %s cues', (lang) => {
  const cues = readMarked(lang);
  const norms = normsFor(lang);
  const laid = cues.map((cue) => ({ cue, lines: breakLines(cue.text, lang, norms).lines }));

  it('are at least 90, each needing two lines', () => {
    expect(cues.length).toBeGreaterThanOrEqual(90);
    const oneLine = cues.filter((c) => measureLine(c.text, norms.counting) <= norms.cpl).map((c) => c.text);
    expect(oneLine).toEqual([]);
  });

  it('mark words, not the cue’s last word', () => {
    for (const cue of cues) {
      expect(cue.noEnd.has(cue.words.length - 1), cue.text).toBe(false);
      for (const w of cue.words) expect(w, cue.text).not.toBe('');
    }
  });

  it('end no line on a marked word where a balanced layout fits', () => {
    const bad = laid
      .filter(({ cue, lines }) => badEnds(cue, lines).length > 0 && balancedAlternative(cue, norms))
      .map(({ lines }) => lines.join(' / '));
    expect(bad).toEqual([]);
  });

  it('keep every word, in order', () => {
    for (const { cue, lines } of laid) expect(lines.join(' ').split(/\s+/)).toEqual(cue.words);
  });
});
