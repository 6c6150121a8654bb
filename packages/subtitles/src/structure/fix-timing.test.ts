import { describe, expect, it } from 'vitest';
import { fixTiming } from './fix-timing.js';
import type { TimedLine } from './line.js';

const line = (id: number, startMs: number, endMs: number): TimedLine => ({ id, startMs, endMs });
const times = (lines: readonly TimedLine[]) => lines.map((l) => [l.startMs, l.endMs]);
const kinds = (r: ReturnType<typeof fixTiming>) => r.changes.map((c) => [c.id, c.kind]);

// 2 frames at 24 fps: 83 ms; English: at least 833 ms, at most 7 s
describe('fixTiming', () => {
  it('pulls an overlapping line’s end back to the next start minus 2 frames', () => {
    const r = fixTiming([line(1, 0, 2500), line(2, 2000, 4000)], { target: 'en' });
    expect(times(r.lines)).toEqual([
      [0, 1917],
      [2000, 4000],
    ]);
    expect(r.changes).toEqual([
      { id: 1, kind: 'overlap', before: { startMs: 0, endMs: 2500 }, after: { startMs: 0, endMs: 1917 } },
    ]);
  });

  it('opens a gap under 2 frames (touching lines too) to exactly 2 frames at the task’s rate', () => {
    const r = fixTiming([line(1, 0, 1000), line(2, 1000, 2000), line(3, 2030, 3000)], { target: 'es' });
    expect(times(r.lines)).toEqual([
      [0, 917],
      [1000, 1947],
      [2030, 3000],
    ]);
    expect(kinds(r)).toEqual([
      [1, 'gap'],
      [2, 'gap'],
    ]);
    const at25 = fixTiming([line(1, 0, 1000), line(2, 1000, 2000)], { target: 'es', frameRate: 25 });
    expect(at25.lines[0]!.endMs).toBe(920);
  });

  it('leaves a gap of 2 frames or more as it is', () => {
    const lines = [line(1, 0, 1000), line(2, 1083, 2000), line(3, 5000, 6000)];
    const r = fixTiming(lines, { target: 'en' });
    expect(r.changes).toEqual([]);
    r.lines.forEach((l, i) => expect(l).toBe(lines[i]));
  });

  it('lengthens a line too short for the target language into free time only', () => {
    // Japanese and English both ask for 833 ms at least
    const r = fixTiming([line(1, 0, 300), line(2, 1000, 1400), line(3, 1800, 2200)], { target: 'ja' });
    expect(times(r.lines)).toEqual([
      [0, 833],
      [1000, 1717],
      [1800, 2633],
    ]);
    expect(kinds(r)).toEqual([
      [1, 'short'],
      [2, 'short'],
      [3, 'short'],
    ]);
    // line 2 could not reach 833 ms: lengthened up to the next line's gap, no further
    expect(r.changes[1]!.after).toEqual({ startMs: 1000, endMs: 1717 });
  });

  it('reports a short line with no free time after it, and a long line, without moving them', () => {
    const r = fixTiming([line(1, 0, 500), line(2, 583, 9000)], { target: 'zh-CN' });
    expect(times(r.lines)).toEqual([
      [0, 500],
      [583, 9000],
    ]);
    expect(r.changes).toEqual([
      { id: 1, kind: 'short', before: { startMs: 0, endMs: 500 }, after: { startMs: 0, endMs: 500 } },
      { id: 2, kind: 'long', before: { startMs: 583, endMs: 9000 }, after: { startMs: 583, endMs: 9000 } },
    ]);
  });

  it('follows the user’s norms when given', () => {
    const r = fixTiming([line(1, 0, 1000)], {
      target: 'en',
      norms: { minDurationMs: 1500, maxDurationMs: 6000 },
    });
    expect(times(r.lines)).toEqual([[0, 1500]]);
  });

  it('parts two lines that start together: the first keeps a frame, the next starts after it', () => {
    const r = fixTiming([line(1, 1000, 3000), line(2, 1000, 2000)], { target: 'en' });
    // in time order line 2 (the shorter) comes first
    expect(times(r.lines)).toEqual([
      [1125, 3000],
      [1000, 1042],
    ]);
    expect(kinds(r)).toEqual([
      [2, 'overlap'],
      [1, 'overlap'],
      [2, 'short'],
    ]);
  });

  it('works in time order whatever the given order, and answers lines in the given order', () => {
    const r = fixTiming([line(2, 2000, 4000), line(1, 0, 2500)], { target: 'en' });
    expect(times(r.lines)).toEqual([
      [2000, 4000],
      [0, 1917],
    ]);
  });

  it('gives a line without duration one to start from', () => {
    const r = fixTiming([line(1, 1000, 900), line(2, 5000, 6000)], { target: 'en' });
    expect(times(r.lines)).toEqual([
      [1000, 1833],
      [5000, 6000],
    ]);
    expect(r.changes[0]).toMatchObject({ kind: 'short', before: { startMs: 1000, endMs: 900 } });
  });
});
