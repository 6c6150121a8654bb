import { describe, expect, it } from 'vitest';
import { reviewFlags } from '../review-flags.js';
import { namesInSources, untranslatedWords } from './unknown-words.js';

describe('words an engine could not translate (issue 36)', () => {
  it('counts ordinary words, not names, in a line in lower case', () => {
    expect(
      untranslatedWords(['grunts', 'Wade', 'lonesome'], 'Wade grunts y está lonesome.', ['Wade']),
    ).toEqual(['grunts', 'lonesome']);
    // a capital inside a sentence is a name's
    expect(untranslatedWords(['Wade', 'Vanessa'], 'Ven con Wade y Vanessa.')).toEqual([]);
  });

  it('counts a capitalised word opening a sentence, unless it is named', () => {
    expect(untranslatedWords(['Lonesome'], 'Lonesome vaquero, montando.')).toEqual(['Lonesome']);
    expect(untranslatedWords(['Hey', 'Dude'], '¡Hey, Vanessa! Dude, ven.')).toEqual(['Hey', 'Dude']);
    expect(untranslatedWords(['Dopinder'], 'Dopinder, conduce.', ['Dopinder'])).toEqual([]);
    // a multi-word name counts by its words, in any case
    expect(untranslatedWords(['Negasonic'], 'Negasonic, ven.', ['Negasonic Teenage Warhead'])).toEqual([]);
    expect(untranslatedWords(['WADE'], '¡WADE, PARA!', ['Wade'])).toEqual([]);
  });

  it('counts words in capitals in a line in capitals (a sound label)', () => {
    expect(untranslatedWords(['GRUNTS'], '(GRUNTS)')).toEqual(['GRUNTS']);
  });

  it('finds the names a source shows inside its sentences, not at their start', () => {
    const names = namesInSources([
      'Dopinder, drive faster.',
      'Shut up and drive, Dopinder.',
      'Hey, Vanessa. Long time.',
      'Lonesome cowboy.\nWade Wilson, <i>you</i> and I are done.',
      '- Yeah.\n- Right, GRUNTS.',
    ]);
    expect([...names].sort()).toEqual(['Dopinder', 'Vanessa', 'Wilson']);
  });

  it('flags the line as still in the source language, only for such words', () => {
    const line = (translation: string, unknownWords: string[], sourceNames?: Set<string>) =>
      reviewFlags({
        source: 'He grunts and chuckles.',
        translation,
        sourceLang: 'en',
        targetLang: 'es',
        durationMs: 3000,
        unknownWords,
        sourceNames,
      });
    expect(line('Él grunts y chuckles.', ['grunts', 'chuckles'])).toContain('source-language');
    expect(line('Él gruñe y se ríe, Wade.', ['Wade'])).not.toContain('source-language');
    expect(line('Wade, él gruñe y se ríe.', ['Wade'])).toContain('source-language');
    expect(line('Wade, él gruñe y se ríe.', ['Wade'], new Set(['Wade']))).not.toContain('source-language');
    expect(line('Él gruñe y se ríe.', [])).not.toContain('source-language');
  });
});
