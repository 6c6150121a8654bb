import { describe, expect, it } from 'vitest';
import { lexiconOf, sortedWordList } from './lexicon.js';

describe('a sorted word list searched as it is', () => {
  it('knows each of its words and nothing else', () => {
    const words = ['a', 'aba', 'abajeño', 'casa', 'hotel', 'ñu', 'ñuto'];
    const has = sortedWordList(JSON.stringify(words));
    for (const w of words) expect(has(w), w).toBe(true);
    for (const w of ['', 'ab', 'abajeña', 'awesome', 'ñ', 'zzz', 'ñutos']) expect(has(w), w).toBe(false);
    expect(sortedWordList('[]')('a')).toBe(false);
  });
});

describe('the Spanish lexicon', () => {
  it('knows the words Spanish writes as English does, not English slang', () => {
    const es = lexiconOf('es-MX')!;
    for (const w of [
      'hotel',
      'taxi',
      'no',
      'idea',
      'normal',
      'chocolate',
      'plan',
      'panda',
      'cáncer',
      'pingüino',
      'ñu',
    ])
      expect(es(w), w).toBe(true);
    for (const w of ['awesome', 'dumpster', 'pancakes', 'whatever', 'gotcha']) expect(es(w), w).toBe(false);
  });

  it('in French keeps the accents and the words French has taken in', () => {
    const fr = lexiconOf('fr-CA')!;
    for (const w of ['hôtel', 'idée', 'taxi', 'cool', 'job', 'week-end']) expect(fr(w), w).toBe(true);
    for (const w of ['hotel', 'awesome', 'pancakes', 'whatever']) expect(fr(w), w).toBe(false);
  });

  it('is there for the languages it has a list of only', () => {
    expect(lexiconOf('es')).toBeDefined();
    expect(lexiconOf('zh')).toBeUndefined();
    expect(lexiconOf('de')).toBeUndefined();
  });
});
