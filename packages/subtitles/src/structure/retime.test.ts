import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TimedLine } from './line.js';
import {
  frameRateMap,
  invertTimeMap,
  isTimeMap,
  retimeLines,
  shiftMap,
  syncMap,
  type TimeMap,
} from './retime.js';
import { changeFrameRate, FRAME_RATES, pointSync, shiftLines } from './timing.js';

/** Lines in order with gaps, some touching or without duration. */
const lines = (max = 40) =>
  fc
    .array(fc.record({ gap: fc.integer({ min: 0, max: 5000 }), length: fc.integer({ min: 0, max: 9000 }) }), {
      maxLength: max,
    })
    .map((specs) => {
      let t = 0;
      return specs.map(({ gap, length }, i): TimedLine => {
        t += gap;
        const line = { id: i + 1, startMs: t, endMs: t + length };
        t += length;
        return line;
      });
    });

describe('retimeLines: one map for shift, frame rate and two-point sync', () => {
  it('is what shiftLines, changeFrameRate and pointSync answer', () => {
    fc.assert(
      fc.property(
        lines(),
        fc.integer({ min: -5000, max: 50_000 }),
        fc.constantFrom(...FRAME_RATES),
        fc.constantFrom(...FRAME_RATES),
        (ls, delta, from, to) => {
          expect(retimeLines(ls, shiftMap(delta))).toEqual(shiftLines(ls, delta));
          expect(retimeLines(ls, frameRateMap(from, to))).toEqual(changeFrameRate(ls, from, to));
          if (ls.length < 2) return;
          const [a, b] = [ls[0]!, ls.at(-1)!];
          // pointSync gives an anchor without duration 1 ms; the map leaves it as it was
          if (a.endMs === a.startMs || b.endMs === b.startMs) return;
          const map = syncMap(a.startMs, a.startMs + 1000, b.startMs, b.startMs + 3000);
          const want = pointSync(
            ls,
            { id: a.id, startMs: a.startMs + 1000 },
            { id: b.id, startMs: b.startMs + 3000 },
          );
          if (map === null) expect(want).toBeNull();
          else expect(retimeLines(ls, map)).toEqual(want);
        },
      ),
    );
  });

  it('a shift undone by its inverse is the identity; a speed change within 1 ms', () => {
    fc.assert(
      fc.property(
        lines(),
        fc.integer({ min: 0, max: 100_000 }),
        fc.constantFrom(...FRAME_RATES),
        fc.constantFrom(...FRAME_RATES),
        (ls, delta, from, to) => {
          const map = shiftMap(delta);
          expect(retimeLines(retimeLines(ls, map)!, invertTimeMap(map))).toEqual(ls);
          const rate = frameRateMap(from, to);
          const back = retimeLines(retimeLines(ls, rate)!, invertTimeMap(rate))!;
          back.forEach((l, i) => {
            expect(Math.abs(l.startMs - ls[i]!.startMs)).toBeLessThanOrEqual(1);
            expect(Math.abs(l.endMs - ls[i]!.endMs)).toBeLessThanOrEqual(1);
          });
        },
      ),
    );
  });

  it('moves only the lines picked and refuses a start before 0', () => {
    const ls: TimedLine[] = [
      { id: 1, startMs: 1000, endMs: 2000 },
      { id: 2, startMs: 3000, endMs: 4000 },
    ];
    const moved = retimeLines(ls, shiftMap(-2500), (l) => l.id === 2)!;
    expect(moved[0]).toBe(ls[0]);
    expect(moved[1]).toEqual({ id: 2, startMs: 500, endMs: 1500 });
    expect(retimeLines(ls, shiftMap(-1001))).toBeNull();
  });

  it('keeps a 1 ms line 1 ms long when the speed shrinks it', () => {
    const one = [{ id: 1, startMs: 1000, endMs: 1001 }];
    expect(retimeLines(one, { origin: 0, factor: 0.5, to: 0 })).toEqual([
      { id: 1, startMs: 500, endMs: 501 },
    ]);
  });

  it('syncMap refuses one point twice or a reversed order', () => {
    expect(syncMap(1000, 2000, 1000, 5000)).toBeNull();
    expect(syncMap(1000, 2000, 5000, 2000)).toBeNull();
    expect(syncMap(5000, 9000, 1000, 10_000)).toBeNull();
    expect(syncMap(1000, 2000, 5000, 10_000)).toEqual({ origin: 1000, factor: 2, to: 2000 });
  });

  it('isTimeMap takes what the editor makes and nothing absurd', () => {
    const ok: TimeMap[] = [shiftMap(-3000), frameRateMap(25, 23.976), syncMap(0, 10, 100, 1000)!];
    for (const m of ok) expect(isTimeMap(m)).toBe(true);
    for (const m of [
      { origin: 0, factor: Number.NaN, to: 0 },
      { origin: 0.5, factor: 1, to: 0 },
      { origin: 0, factor: 0, to: 0 },
      { origin: 0, factor: 1e6, to: 0 },
      { origin: 0, factor: 1, to: Number.POSITIVE_INFINITY },
    ])
      expect(isTimeMap(m)).toBe(false);
  });
});
