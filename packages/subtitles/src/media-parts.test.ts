import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cutAtCue, mediaPrice, nextMinutePoints, planMediaPart } from './media-parts.js';

const MIN = 60_000;

describe('planMediaPart: an audio/video file paid for by the minute, in parts', () => {
  it('covers the first whole minutes the budget pays for, and the rest at the whole price less those', () => {
    // a 20-minute file, 30 points: the first 3 minutes
    expect(planMediaPart(20 * MIN, 0, 0, 30)).toEqual({ startMs: 0, endMs: 3 * MIN, points: 30 });
    expect(planMediaPart(20 * MIN, 0, 0, 39)).toEqual({ startMs: 0, endMs: 3 * MIN, points: 30 });
    // the next part starts where the transcript was cut (before the paid minute's end)
    expect(planMediaPart(20 * MIN, 175_000, 30, Infinity)).toEqual({
      startMs: 175_000,
      endMs: 20 * MIN,
      points: 170,
    });
    expect(planMediaPart(20 * MIN, 175_000, 30, 20)).toEqual({
      startMs: 175_000,
      endMs: 5 * MIN,
      points: 20,
    });
  });

  it('answers null when not one more minute is paid for', () => {
    expect(planMediaPart(2 * MIN + 5000, 0, 0, 9)).toBeNull();
    expect(planMediaPart(2 * MIN + 5000, 58_000, 10, 9)).toBeNull();
    expect(nextMinutePoints(2 * MIN + 5000, 0, 0)).toBe(10);
    expect(nextMinutePoints(2 * MIN + 5000, 58_000, 10)).toBe(10);
  });

  it('telescopes: however the budgets cut a file, its parts cost its whole price', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1000, max: 90 * MIN }),
        fc.array(fc.integer({ min: 10, max: 300 }), { minLength: 1, maxLength: 40 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 40, maxLength: 40 }),
        (duration, budgets, cuts) => {
          let done = 0;
          let charged = 0;
          for (const [i, budget] of budgets.entries()) {
            const part = planMediaPart(duration, done, charged, budget);
            if (!part) {
              expect(budget).toBeLessThan(nextMinutePoints(duration, done, charged));
              continue;
            }
            expect(part.points).toBeLessThanOrEqual(budget);
            expect(part.endMs).toBeGreaterThan(done);
            charged += part.points;
            if (part.endMs === duration) {
              expect(charged).toBe(mediaPrice(duration));
              return;
            }
            // the transcript stops somewhere in the stretch's last minute
            done = Math.max(done + 1, part.endMs - Math.floor(cuts[i]! * 59_000));
          }
          expect(charged).toBeLessThanOrEqual(mediaPrice(duration));
        },
      ),
    );
  });
});

describe('cutAtCue: a part stops at a cue', () => {
  const cue = (startMs: number, endMs: number) => ({ startMs, endMs });

  it('drops a last cue that reaches the cut (speech cut mid-word); the next part starts after the kept ones', () => {
    const cues = [cue(0, 20_000), cue(21_000, 40_000), cue(41_000, 59_800)];
    expect(cutAtCue(cues, { startMs: 0, endMs: MIN, last: false })).toEqual({
      cues: cues.slice(0, 2),
      next: 40_000,
    });
  });

  it('keeps cues ending well before the cut, and a lone cue reaching it (every part moves on)', () => {
    const early = [cue(0, 20_000), cue(21_000, 40_000)];
    expect(cutAtCue(early, { startMs: 0, endMs: MIN, last: false })).toEqual({ cues: early, next: 40_000 });
    const lone = [cue(65_000, 120_000)];
    expect(cutAtCue(lone, { startMs: 60_000, endMs: 2 * MIN, last: false })).toEqual({
      cues: lone,
      next: 2 * MIN,
    });
    expect(cutAtCue([], { startMs: 60_000, endMs: 2 * MIN, last: false })).toEqual({
      cues: [],
      next: 2 * MIN,
    });
  });

  it('keeps every cue of the last stretch', () => {
    const cues = [cue(0, 20_000), cue(21_000, 59_900)];
    expect(cutAtCue(cues, { startMs: 0, endMs: MIN, last: true })).toEqual({ cues, next: null });
  });
});
