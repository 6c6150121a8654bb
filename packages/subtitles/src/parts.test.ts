import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { taskPrice } from './cost.js';
import { nextLinePoints, planPart, type PricedLine } from './parts.js';

/** `count` lines 6 s apart, each 2 s long, of `chars` characters (the tests' film) */
const film = (count: number, chars = 40): PricedLine[] =>
  Array.from({ length: count }, (_, k) => ({ endMs: k * 6000 + 2000, chars }));

const wholePrice = (lines: readonly PricedLine[]) =>
  taskPrice({
    durationMs: Math.max(0, ...lines.map((l) => l.endMs)),
    chars: lines.reduce((s, l) => s + l.chars, 0),
  }).points;

describe('planPart: a file translated in parts priced as prefixes', () => {
  it('cuts a 20-minute file at the last line 30 points cover: the first 3 minutes', () => {
    const lines = film(200);
    expect(wholePrice(lines)).toBe(200);
    // line 30 ends at 2:56, line 31 at 3:02 (a fourth minute)
    expect(planPart(lines, 0, 0, 30)).toEqual({
      fromLine: 1,
      toLine: 30,
      startMs: 0,
      endMs: 176_000,
      points: 30,
    });
    // the rest: the whole price less the 30 charged
    expect(planPart(lines, 30, 30, Infinity)).toEqual({
      fromLine: 31,
      toLine: 200,
      startMs: 176_000,
      endMs: 1_196_000,
      points: 170,
    });
    // 45 more points: 7 minutes in all (70 less the 30 charged = 40), never more than the budget
    expect(planPart(lines, 30, 30, 45)).toMatchObject({ fromLine: 31, toLine: 70, points: 40 });
  });

  it('answers null when not even the next line fits, and says what that line costs', () => {
    const lines = film(200);
    expect(planPart(lines, 0, 0, 9)).toBeNull();
    expect(nextLinePoints(lines, 0, 0)).toBe(10);
    // one cue of five minutes first: its part costs 50
    const long: PricedLine[] = [{ endMs: 300_000, chars: 10 }, ...film(3)];
    expect(planPart(long, 0, 0, 40)).toBeNull();
    expect(nextLinePoints(long, 0, 0)).toBe(50);
    expect(nextLinePoints(long, 4, 50)).toBeNull();
  });

  it('prices text-heavy lines by their characters, like the whole file', () => {
    // 10 lines of 500 characters inside one minute: 5,000 characters → 50 points in all
    const dense = Array.from({ length: 10 }, (_, k) => ({ endMs: (k + 1) * 5000, chars: 500 }));
    expect(wholePrice(dense)).toBe(50);
    expect(planPart(dense, 0, 0, 20)).toMatchObject({ toLine: 4, points: 20 });
    expect(planPart(dense, 4, 20, Infinity)).toMatchObject({ fromLine: 5, toLine: 10, points: 30 });
  });

  it('charges at least the minimum when the lines paid for became cheaper (edited)', () => {
    // 30 points were charged for lines now worth 10 (their times were shortened)
    expect(planPart(film(5), 2, 30, Infinity)).toMatchObject({ fromLine: 3, toLine: 5, points: 10 });
  });

  it('property: however the budgets cut a file, its parts cost exactly what it costs at once', () => {
    const line = fc.record({
      endMs: fc.integer({ min: 0, max: 900_000 }),
      chars: fc.integer({ min: 0, max: 500 }),
    });
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 80 }),
        fc.array(fc.integer({ min: 10, max: 120 }), { minLength: 1, maxLength: 40 }),
        (lines, budgets) => {
          let done = 0;
          let charged = 0;
          for (const budget of [...budgets, Infinity]) {
            const part = planPart(lines, done, charged, budget);
            if (!part) {
              // only a budget below the next line's price gets nothing
              expect(budget).toBeLessThan(nextLinePoints(lines, done, charged)!);
              continue;
            }
            expect(part.fromLine).toBe(done + 1);
            expect(part.points).toBeLessThanOrEqual(budget);
            expect(part.points).toBeGreaterThanOrEqual(10);
            done = part.toLine;
            charged += part.points;
            if (done === lines.length) break;
          }
          expect(done).toBe(lines.length);
          expect(charged).toBe(wholePrice(lines));
        },
      ),
      { numRuns: 300 },
    );
  });
});
