import { describe, expect, it } from 'vitest';
import { CONDENSE_BATCH, condenseRun } from './condense.js';
import type { CondenseItem } from './engine.js';

const fit = (budgets: number[]) => ({ budgets, counting: 'chars' as const });

describe('condensing lines over their budget', () => {
  it('asks only the lines over budget, at most CONDENSE_BATCH a call, with their neighbours', async () => {
    const values = Array.from({ length: 25 }, (_, i) => (i % 2 ? 'short' : `a much too long line ${i}`));
    const lines = values.map((_, i) => `source ${i}`);
    const calls: CondenseItem[][] = [];
    const out = await condenseRun(0, values, lines, fit(values.map(() => 10)), async (items) => {
      calls.push(items);
      return items.map(() => 'brief');
    });
    expect(calls.map((c) => c.length)).toEqual([CONDENSE_BATCH, 3]);
    expect(calls[0]![1]).toEqual({
      text: 'a much too long line 2',
      budget: 10,
      original: 'source 2',
      before: 'short',
      after: 'short',
    });
    expect(out.filter((v) => v === 'brief')).toHaveLength(13);
    expect(out.filter((v) => v === 'short')).toHaveLength(12);
  });

  it('asks at most twice, and keeps the shortest non-empty text when nothing fits', async () => {
    const answers = [['', 'still far too long'], ['shorter but long']];
    let n = 0;
    const out = await condenseRun(
      3,
      ['a line far too long for it', 'another line too long'],
      ['', '', '', 'x', 'y'],
      fit([0, 0, 0, 8, 8]),
      async (items) => {
        const a = answers[n++] ?? [];
        return items.map((_, i) => a[i] ?? '');
      },
    );
    expect(n).toBe(2);
    // the first: '' is never kept, then 'shorter but long' is shorter than the original
    // the second: 'still far too long' (18) is shorter than its translation (21)
    expect(out).toEqual(['shorter but long', 'still far too long']);
  });

  it('keeps the lines as they are when a call fails', async () => {
    const out = await condenseRun(0, ['far too long a line'], ['s'], fit([5]), async () => null);
    expect(out).toEqual(['far too long a line']);
  });
});
