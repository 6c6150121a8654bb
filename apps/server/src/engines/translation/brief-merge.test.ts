import { describe, expect, it } from 'vitest';
import { BRIEF_LIMITS, type Brief, type BriefCharacter } from '@subtrans/contract';
import { capText, keyOf, mergeBriefParts, newMemoryEntries, withMemory } from './brief-merge.js';

const part = (over: Partial<Brief> = {}): Brief => ({
  synopsis: '',
  register: '',
  characters: [],
  terms: [],
  ...over,
});
const who = (name: string, over: Partial<BriefCharacter> = {}): BriefCharacter => ({
  name,
  target: '',
  gender: 'unknown',
  address: '',
  ...over,
});

describe('the film brief: merging the parts of a long film', () => {
  it('names one character once, however its name was written, with its fields combined', () => {
    const brief = mergeBriefParts([
      part({ characters: [who('Kenji', { target: '健二', address: 'calls his boss "sir"' })] }),
      part({ characters: [who(' kenji ', { gender: 'male' }), who('Aiko', { gender: 'female' })] }),
      part({ characters: [who('ＫＥＮＪＩ', { target: '健二', address: 'calls his boss "sir"' })] }),
      part({ characters: [who('Kenji', { target: 'ケンジ', address: 'informal with Aiko' })] }),
    ]);
    expect(brief.characters).toEqual([
      who('Kenji', { target: '健二', gender: 'male', address: 'calls his boss "sir"; informal with Aiko' }),
      who('Aiko', { gender: 'female' }),
    ]);
  });

  it('gives each term one translation (the one most parts proposed), and no term that is a name', () => {
    const brief = mergeBriefParts([
      part({ terms: [{ source: 'Shinkansen', target: 'bullet train', note: '' }] }),
      part({
        characters: [who('Tokyo Tower')],
        terms: [
          { source: 'shinkansen', target: 'Shinkansen', note: 'a train' },
          { source: 'Tokyo Tower', target: 'Tokyo Tower', note: '' },
        ],
      }),
      part({ terms: [{ source: 'Shinkansen', target: 'Shinkansen', note: '' }] }),
    ]);
    expect(brief.terms).toEqual([{ source: 'Shinkansen', target: 'Shinkansen', note: 'a train' }]);
    expect(brief.characters.map((c) => c.name)).toEqual(['Tokyo Tower']);
  });

  it('takes a tie as the first proposal, and a gender only where one part knew it', () => {
    const brief = mergeBriefParts([
      part({ characters: [who('Mo', { target: 'Mo', gender: 'unknown' })] }),
      part({ characters: [who('Mo', { target: 'Moe', gender: 'other' })] }),
    ]);
    expect(brief.characters[0]).toMatchObject({ target: 'Mo', gender: 'other' });
  });

  it('joins the synopses in order and the distinct registers, within the limits', () => {
    const brief = mergeBriefParts([
      part({ synopsis: 'A cook opens a shop.', register: 'casual' }),
      part({ synopsis: '', register: 'Casual ' }),
      part({ synopsis: 'The shop burns.', register: 'tense at the end' }),
    ]);
    expect(brief.synopsis).toBe('A cook opens a shop. The shop burns.');
    expect(brief.register).toBe('casual; tense at the end');
    const long = mergeBriefParts([
      part({ synopsis: 'word '.repeat(400) }),
      part({ synopsis: 'more '.repeat(400) }),
    ]);
    expect(long.synopsis.length).toBeLessThanOrEqual(BRIEF_LIMITS.synopsisChars);
    expect(long.synopsis.endsWith(' ')).toBe(false);
  });

  it('keeps the characters most parts named when there are too many', () => {
    const many = Array.from({ length: BRIEF_LIMITS.characters }, (_, i) => who(`Extra ${i}`));
    const brief = mergeBriefParts([
      part({ characters: many }),
      part({ characters: [who('Lead')] }),
      part({ characters: [who('Lead')] }),
    ]);
    expect(brief.characters).toHaveLength(BRIEF_LIMITS.characters);
    expect(brief.characters.some((c) => c.name === 'Lead')).toBe(true);
    // the order of first appearance stays
    expect(brief.characters.at(-1)!.name).toBe('Lead');
  });

  it('compares names by NFKC, spaces and case; cuts texts at a space', () => {
    expect(keyOf(' Ｔｏｍ  Sawyer ')).toBe(keyOf('tom sawyer'));
    expect(capText(`${'a'.repeat(95)} bbbbbbbbbb`, 100)).toBe('a'.repeat(95));
    // no space near the end: cut where the limit is
    expect(capText('one two three', 9)).toBe('one two t');
    expect(capText('short', 9)).toBe('short');
  });
});

describe("a series' memory and a new episode's brief", () => {
  const memory = {
    characters: [who('Kenji', { target: '健二', gender: 'male' }), who('Haru', { target: '春' })],
    terms: [
      { source: 'Daruma', target: 'だるま', note: '' },
      { source: 'Oni', target: '鬼', note: '' },
    ],
  };

  it("fixes the memory's translations over the engine's proposals", () => {
    const brief = part({
      characters: [who('kenji', { target: 'ケンジ', address: 'polite' })],
      terms: [{ source: 'daruma', target: 'ダルマ', note: 'a doll' }],
    });
    const laid = withMemory(brief, memory, () => false);
    expect(laid.characters).toEqual([who('kenji', { target: '健二', gender: 'male', address: 'polite' })]);
    expect(laid.terms).toEqual([{ source: 'daruma', target: 'だるま', note: 'a doll' }]);
  });

  it('adds what the memory holds and the engine missed, when it occurs in the episode, first', () => {
    const brief = part({ characters: [who('Aiko')] });
    const laid = withMemory(brief, memory, (t) => t === 'Haru' || t === 'Oni');
    expect(laid.characters.map((c) => c.name)).toEqual(['Haru', 'Aiko']);
    expect(laid.terms.map((t) => t.source)).toEqual(['Oni']);
    expect(withMemory(brief, null, () => true)).toBe(brief);
  });

  it('teaches the memory only the names and terms it does not hold, with a translation', () => {
    const brief = part({
      characters: [who('Kenji', { target: 'ケンジ' }), who('Aiko', { target: '愛子' }), who('Bo')],
      terms: [
        { source: 'oni', target: 'オニ', note: '' },
        { source: 'Yokai', target: '妖怪', note: '' },
      ],
    });
    expect(newMemoryEntries(memory, brief)).toEqual({
      characters: [who('Aiko', { target: '愛子' })],
      terms: [{ source: 'Yokai', target: '妖怪', note: '' }],
    });
  });
});
