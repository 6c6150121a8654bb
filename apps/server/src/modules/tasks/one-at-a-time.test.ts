import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time.js';

describe('oneAtATime', () => {
  it('runs one function at a time, in the order given, and a failure does not stop the next', async () => {
    const turns = oneAtATime();
    const log: string[] = [];
    const step = (name: string, fail = false) =>
      turns.run(async () => {
        log.push(`${name} in`);
        await new Promise((r) => setTimeout(r, 5));
        log.push(`${name} out`);
        if (fail) throw new Error(name);
        return name;
      });
    const results = await Promise.allSettled([step('a'), step('b', true), step('c')]);
    expect(log).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
