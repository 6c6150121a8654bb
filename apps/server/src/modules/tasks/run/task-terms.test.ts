import { describe, expect, it } from 'vitest';
import { TermMatcher } from '@subtrans/subtitles';
import { termExtrasFor, type TaskTerm } from './task-terms.js';

const entry = (source: string, target: string, from: TaskTerm['from'] = 'glossary'): TaskTerm => ({
  source,
  target,
  note: '',
  keep: false,
  caseSensitive: false,
  from,
});
const terms = new TermMatcher([entry('Bruce', 'ブルース'), entry('Gotham', 'ゴッサム')]);
const LINES = ['Bruce wakes.', 'Night.', 'Gotham, Bruce.', 'Day.'];

describe('the terms a batch carries', () => {
  it('are those of its lines, each once', () => {
    const extras = termExtrasFor(terms, LINES)!;
    expect(extras(0, 2)).toEqual({ terms: [{ source: 'Bruce', target: 'ブルース' }] });
    expect(extras(1, 4)).toEqual({
      terms: [
        { source: 'Gotham', target: 'ゴッサム' },
        { source: 'Bruce', target: 'ブルース' },
      ],
    });
    expect(extras(3, 4)).toEqual({});
  });

  it('join other extras: the glossary’s term wins over another of the same source', () => {
    const brief = () => ({
      brief: { synopsis: 'A bat.', register: '', characters: [] },
      terms: [
        { source: 'BRUCE', target: 'ブル' },
        { source: 'Wayne', target: 'ウェイン' },
      ],
    });
    expect(termExtrasFor(terms, LINES, brief)!(0, 1)).toEqual({
      brief: { synopsis: 'A bat.', register: '', characters: [] },
      terms: [
        { source: 'Bruce', target: 'ブルース' },
        { source: 'Wayne', target: 'ウェイン' },
      ],
    });
    expect(termExtrasFor(null, LINES, brief)).toBe(brief);
    expect(termExtrasFor(null, LINES)).toBeUndefined();
  });

  it("sends the brief's names in its part, with a glossary's rendering over the brief's", () => {
    const matcher = new TermMatcher([
      entry('Bruce', 'ブルース'),
      entry('Alfred', 'アルフレッド', 'name'),
      entry('Bruce', 'ブル', 'name'),
      entry('cave', '洞窟', 'brief'),
    ]);
    const character = (name: string, target: string) => ({ name, target, gender: 'male', address: '' });
    const brief = () => ({
      brief: {
        synopsis: '',
        register: '',
        characters: [character('Bruce', 'ブル'), character('Alfred', 'アルフレッド')],
      },
    });
    expect(termExtrasFor(matcher, ['Bruce and Alfred in the cave.'], brief)!(0, 1)).toEqual({
      brief: {
        synopsis: '',
        register: '',
        characters: [character('Bruce', 'ブルース'), character('Alfred', 'アルフレッド')],
      },
      terms: [
        { source: 'Bruce', target: 'ブルース' },
        { source: 'cave', target: '洞窟' },
      ],
    });
  });
});
