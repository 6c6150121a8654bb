import { describe, expect, it } from 'vitest';
import type { Brief } from '@subtrans/contract';
import { batchExtrasOf, combineExtras } from './batch-extras.js';
import { occursIn, termMatcher } from './brief/brief-terms.js';

const brief: Brief = {
  synopsis: 'Two cooks and a shop.',
  register: 'casual',
  characters: [
    { name: 'Kenji', target: '健二', gender: 'male', address: 'calls Aiko by her first name' },
    { name: 'Aiko', target: '愛子', gender: 'female', address: '' },
    { name: '田中', target: 'Tanaka', gender: 'male', address: '' },
  ],
  terms: [
    { source: 'dashi', target: '出汁', note: 'soup stock' },
    { source: 'Ramen', target: '', note: 'not decided' },
  ],
};
const lines = ['Kenji, the dashi!', 'Where is Aiko?', 'Kenjiro is late.', '田中さんが来た。', 'Ramen time.'];
const source = { formality: 'source' as const, translatorNote: '' };

describe("a batch's part of the brief", () => {
  it('carries the synopsis, the characters named in its lines, and its terms with a translation', () => {
    const extras = batchExtrasOf(brief, source, lines)!;
    expect(extras(0, 1)).toEqual({
      brief: { synopsis: brief.synopsis, register: 'casual', characters: [brief.characters[0]] },
      terms: [{ source: 'dashi', target: '出汁', note: 'soup stock' }],
    });
    // "Kenjiro" is not Kenji; a CJK name needs no spaces; a term without translation stays home
    expect(extras(2, 5).brief!.characters.map((c) => c.name)).toEqual(['田中']);
    expect(extras(2, 5)).not.toHaveProperty('terms');
    expect(extras(1, 2).brief!.characters.map((c) => c.name)).toEqual(['Aiko']);
  });

  it("carries the user's instructions when they gave any, and nothing when there is nothing", () => {
    expect(batchExtrasOf(null, source, lines)).toBeUndefined();
    const note = batchExtrasOf(null, { formality: 'source', translatorNote: 'a cooking show' }, lines)!;
    expect(note(0, 2)).toEqual({ instructions: { formality: 'source', note: 'a cooking show' } });
    const formal = batchExtrasOf(brief, { formality: 'formal', translatorNote: '' }, lines)!;
    expect(formal(4, 5)).toEqual({
      brief: { synopsis: brief.synopsis, register: 'casual', characters: [] },
      instructions: { formality: 'formal', note: '' },
    });
    const silent = batchExtrasOf({ ...brief, synopsis: '', register: '' }, source, lines)!;
    expect(silent(4, 5)).toEqual({});
  });
});

describe('whether a name or term of the brief occurs', () => {
  it('matches whole words in any case, and CJK anywhere', () => {
    expect(termMatcher('Kenji')('kenji!')).toBe(true);
    expect(termMatcher('Kenji')('Kenjiro')).toBe(false);
    expect(termMatcher('New  York')('in new york.')).toBe(true);
    expect(termMatcher('C++')('I write C++ daily')).toBe(true);
    expect(termMatcher('東京')('東京タワー')).toBe(true);
    expect(termMatcher('  ')('anything')).toBe(false);
    expect(occursIn(['ＫＥＮＪＩ said'])('Kenji')).toBe(true);
  });
});

describe('extras of several sources', () => {
  it('takes the brief and instructions of the first that has them, and the terms of all, once each', () => {
    const glossary = () => ({ terms: [{ source: 'Dashi', target: 'だし汁' }] });
    const fromBrief = batchExtrasOf(brief, { formality: 'formal', translatorNote: '' }, lines)!;
    const both = combineExtras(glossary, undefined, fromBrief)!;
    expect(both(0, 1)).toEqual({
      brief: fromBrief(0, 1).brief,
      instructions: { formality: 'formal', note: '' },
      terms: [{ source: 'Dashi', target: 'だし汁' }],
    });
    expect(combineExtras(undefined, glossary)).toBe(glossary);
    expect(combineExtras(undefined)).toBeUndefined();
  });
});
