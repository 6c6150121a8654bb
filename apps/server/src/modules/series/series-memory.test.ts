import { describe, expect, it } from 'vitest';
import { BRIEF_LIMITS, type SeriesMemory } from '@subtrans/contract';
import { mergeMemory } from './series-memory.js';

const memory = (over: Partial<SeriesMemory> = {}): SeriesMemory => ({ characters: [], terms: [], ...over });

describe('series memory merge', () => {
  it('updates held names and terms in place and adds new ones after them', () => {
    const held = memory({
      characters: [{ name: 'Anna', target: '安娜', gender: 'female', address: 'calls Tom "boss"' }],
      terms: [{ source: 'the Order', target: '骑士团', note: '' }],
    });
    const given = memory({
      characters: [
        { name: 'anna', target: '安娜', gender: 'unknown', address: '' },
        { name: 'Tom', target: '汤姆', gender: 'male', address: '' },
      ],
      terms: [
        { source: 'THE ORDER', target: '修会', note: 'religious' },
        { source: 'Blackwater', target: '黑水', note: '' },
      ],
    });
    expect(mergeMemory(held, given)).toEqual({
      characters: [
        { name: 'anna', target: '安娜', gender: 'female', address: 'calls Tom "boss"' },
        { name: 'Tom', target: '汤姆', gender: 'male', address: '' },
      ],
      terms: [
        { source: 'THE ORDER', target: '修会', note: 'religious' },
        { source: 'Blackwater', target: '黑水', note: '' },
      ],
    });
  });

  it('never lets an undecided target undo a decided one', () => {
    const held = memory({ terms: [{ source: 'Gotham', target: '哥谭', note: 'city' }] });
    const merged = mergeMemory(held, memory({ terms: [{ source: 'Gotham', target: '', note: '' }] }));
    expect(merged.terms).toEqual([{ source: 'Gotham', target: '哥谭', note: 'city' }]);
  });

  it('keeps within the limits, the held ones first', () => {
    const many = (n: number, prefix: string) =>
      Array.from({ length: n }, (_, i) => ({ source: `${prefix}${i}`, target: `t${i}`, note: '' }));
    const held = memory({ terms: many(BRIEF_LIMITS.terms - 1, 'old') });
    const merged = mergeMemory(
      held,
      memory({ terms: [...many(3, 'new'), { source: 'old0', target: 'x', note: '' }] }),
    );
    expect(merged.terms).toHaveLength(BRIEF_LIMITS.terms);
    expect(merged.terms[0]!.target).toBe('x');
    expect(merged.terms.at(-1)!.source).toBe('new0');
  });
});
