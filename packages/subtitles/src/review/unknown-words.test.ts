import { describe, expect, it } from 'vitest';
import { reviewFlags } from '../review-flags.js';
import { untranslatedWords } from './unknown-words.js';

describe('words an engine could not translate (issue 36)', () => {
  it('counts ordinary words, not names, in a line in lower case', () => {
    expect(untranslatedWords(['grunts', 'Wade', 'lonesome'], 'Wade grunts y está lonesome.')).toEqual([
      'grunts',
      'lonesome',
    ]);
    expect(untranslatedWords(['Wade', 'Vanessa'], 'Wade, ven con Vanessa.')).toEqual([]);
  });

  it('counts words in capitals in a line in capitals (a sound label)', () => {
    expect(untranslatedWords(['GRUNTS'], '(GRUNTS)')).toEqual(['GRUNTS']);
  });

  it('flags the line as still in the source language, only for such words', () => {
    const line = (translation: string, unknownWords: string[]) =>
      reviewFlags({
        source: 'He grunts and chuckles.',
        translation,
        sourceLang: 'en',
        targetLang: 'es',
        durationMs: 3000,
        unknownWords,
      });
    expect(line('Él grunts y chuckles.', ['grunts', 'chuckles'])).toContain('source-language');
    expect(line('Él gruñe y se ríe, Wade.', ['Wade'])).not.toContain('source-language');
    expect(line('Él gruñe y se ríe.', [])).not.toContain('source-language');
  });
});
