import { describe, expect, it } from 'vitest';
import { TermMatcher } from '@subtrans/subtitles';
import { termExtrasFor } from './task-terms.js';

const entry = (source: string, target: string) => ({
  source,
  target,
  note: '',
  keep: false,
  caseSensitive: false,
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
});
