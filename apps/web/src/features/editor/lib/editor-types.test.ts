import { describe, expect, it } from 'vitest';
import { LineIndex, type EditSegment } from './editor-types';

const lines = (...ids: number[]): EditSegment[] =>
  ids.map((id) => ({ id, startMs: 0, endMs: 1, originalText: '', translatedText: '' }));

describe('the index of lines by id', () => {
  it('answers each line’s place, saved (dense ids) and made here (negative ids) alike', () => {
    const index = new LineIndex(lines(3, 1, -1, 7, -2, 0));
    expect([3, 1, -1, 7, -2, 0].map((id) => index.get(id))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(index.ids()).toEqual([3, 1, -1, 7, -2, 0]);
    expect(index.has(7)).toBe(true);
    expect(index.has(-2)).toBe(true);
  });

  it('answers nothing for a line that is not there, inside and outside the ids’ range', () => {
    const index = new LineIndex(lines(1, 2, 5));
    for (const id of [0, 3, 4, 6, 10_000, -1, 1.5, Number.NaN]) {
      expect(index.get(id)).toBeUndefined();
      expect(index.has(id)).toBe(false);
    }
    expect(new LineIndex([]).get(0)).toBeUndefined();
  });

  it('keeps ids far sparser than the lines without an array as long as the largest', () => {
    const index = new LineIndex(lines(2, 2_000_000_000, 5));
    expect(index.get(2_000_000_000)).toBe(1);
    expect(index.get(5)).toBe(2);
    expect(index.get(3)).toBeUndefined();
  });
});
