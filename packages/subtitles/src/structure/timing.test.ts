import { describe, expect, it } from 'vitest';
import type { StructureLine } from './line.js';
import {
  changeFrameRate,
  exactFps,
  framesToMs,
  insertLine,
  msToFrames,
  pointSync,
  shiftByFrames,
  shiftLines,
} from './timing.js';

const line = (id: number, startMs: number, endMs: number): StructureLine => ({
  id,
  startMs,
  endMs,
  originalText: `line ${id}`,
  translatedText: `línea ${id}`,
});
const times = (lines: readonly { startMs: number; endMs: number }[]) =>
  lines.map((l) => [l.startMs, l.endMs]);

describe('frames', () => {
  it('takes 23.976 and 29.97 as the NTSC rates', () => {
    expect(exactFps(23.976)).toBe(24000 / 1001);
    expect(exactFps(29.97)).toBe(30000 / 1001);
    expect(exactFps(25)).toBe(25);
  });

  it('converts frames and milliseconds both ways, symmetric for negative counts', () => {
    expect(framesToMs(2, 24)).toBe(83);
    expect(framesToMs(2, 25)).toBe(80);
    expect(framesToMs(2, 23.976)).toBe(83);
    expect(framesToMs(1, 29.97)).toBe(33);
    expect(framesToMs(15, 29.97)).toBe(501);
    expect(framesToMs(-15, 29.97)).toBe(-501);
    expect(msToFrames(1000, 25)).toBe(25);
    expect(msToFrames(1001, 29.97)).toBe(30);
  });
});

describe('shiftLines', () => {
  const lines = [line(1, 1000, 2500), line(2, 3000, 4200), line(3, 5000, 6000)];

  it('moves every line by the delta and leaves the input alone', () => {
    const out = shiftLines(lines, 1500)!;
    expect(times(out)).toEqual([
      [2500, 4000],
      [4500, 5700],
      [6500, 7500],
    ]);
    expect(out[0]).toMatchObject({ id: 1, originalText: 'line 1' });
    expect(times(lines)[0]).toEqual([1000, 2500]);
  });

  it('moves only the picked lines (a selection, or from a line to the end)', () => {
    const out = shiftLines(lines, -200, (_, i) => i >= 1)!;
    expect(times(out)).toEqual([
      [1000, 2500],
      [2800, 4000],
      [4800, 5800],
    ]);
    // a line that does not move is the same object, so a memoised row does not repaint
    expect(out[0]).toBe(lines[0]);
  });

  it('refuses a shift that would start a line before 0', () => {
    expect(shiftLines(lines, -1001)).toBeNull();
    expect(times(shiftLines(lines, -1000)!)[0]).toEqual([0, 1500]);
    // the lines that would go negative are not picked: allowed
    expect(shiftLines(lines, -3000, (l) => l.id === 3)).not.toBeNull();
  });

  it('shifts by frames at a frame rate', () => {
    expect(times(shiftByFrames(lines, 12, 24)!)[0]).toEqual([1500, 3000]);
    expect(times(shiftByFrames(lines, -25, 25)!)[0]).toEqual([0, 1500]);
  });
});

describe('changeFrameRate', () => {
  it('stretches a 25 fps file to play at 23.976', () => {
    const out = changeFrameRate([line(1, 60_000, 62_000)], 25, 23.976);
    // 60 s × 25 / (24000/1001) = 62.5625 s
    expect(times(out)).toEqual([[62_563, 64_648]]);
  });

  it('comes back within 1 ms', () => {
    const lines = [line(1, 1234, 5678), line(2, 3_600_001, 3_602_345)];
    const back = changeFrameRate(changeFrameRate(lines, 23.976, 30), 30, 23.976);
    back.forEach((l, i) => {
      expect(Math.abs(l.startMs - lines[i]!.startMs)).toBeLessThanOrEqual(1);
      expect(Math.abs(l.endMs - lines[i]!.endMs)).toBeLessThanOrEqual(1);
    });
  });
});

describe('pointSync', () => {
  const lines = [line(1, 10_000, 12_000), line(2, 20_000, 22_000), line(3, 110_000, 112_000)];

  it('puts the two lines where asked and maps the others on the same straight line', () => {
    const out = pointSync(lines, { id: 1, startMs: 11_000 }, { id: 3, startMs: 111_900 })!;
    // speed 100.9 / 100, offset: 10 s → 11 s
    expect(times(out)).toEqual([
      [11_000, 13_018],
      [21_090, 23_108],
      [111_900, 113_918],
    ]);
  });

  it('works with the points in either order', () => {
    const a = pointSync(lines, { id: 3, startMs: 111_900 }, { id: 1, startMs: 11_000 });
    expect(a).toEqual(pointSync(lines, { id: 1, startMs: 11_000 }, { id: 3, startMs: 111_900 }));
  });

  it('refuses one line twice, one time twice, a reversed order, an unknown line or a negative start', () => {
    expect(pointSync(lines, { id: 1, startMs: 0 }, { id: 1, startMs: 500 })).toBeNull();
    expect(pointSync(lines, { id: 1, startMs: 5000 }, { id: 2, startMs: 5000 })).toBeNull();
    expect(pointSync(lines, { id: 1, startMs: 9000 }, { id: 2, startMs: 8000 })).toBeNull();
    expect(pointSync(lines, { id: 1, startMs: 0 }, { id: 9, startMs: 500 })).toBeNull();
    expect(pointSync(lines, { id: 2, startMs: 500 }, { id: 3, startMs: 90_000 })).toBeNull();
  });
});

describe('insertLine', () => {
  it('fills the gap from the previous end, at most 2 s', () => {
    expect(insertLine(line(1, 0, 1000), line(2, 1500, 3000))).toEqual({ startMs: 1000, endMs: 1500 });
    expect(insertLine(line(1, 0, 1000), line(2, 9000, 9500))).toEqual({ startMs: 1000, endMs: 3000 });
    expect(insertLine(line(1, 0, 1000), line(2, 9000, 9500), { durationMs: 3000 })).toEqual({
      startMs: 1000,
      endMs: 4000,
    });
  });

  it('keeps a gap on each side when asked', () => {
    expect(insertLine(line(1, 0, 1000), line(2, 1500, 3000), { gapMs: 83 })).toEqual({
      startMs: 1083,
      endMs: 1417,
    });
  });

  it('adds 2 s after the last line, and before the first one what time there is', () => {
    expect(insertLine(line(1, 0, 1000), null)).toEqual({ startMs: 1000, endMs: 3000 });
    expect(insertLine(null, line(1, 5000, 6000))).toEqual({ startMs: 3000, endMs: 5000 });
    expect(insertLine(null, line(1, 800, 2000))).toEqual({ startMs: 0, endMs: 800 });
    expect(insertLine(null, null)).toEqual({ startMs: 0, endMs: 2000 });
  });

  it('refuses when there is no room without overlapping', () => {
    expect(insertLine(line(1, 0, 1000), line(2, 1000, 3000))).toBeNull();
    expect(insertLine(line(1, 0, 1200), line(2, 1000, 3000))).toBeNull();
    expect(insertLine(null, line(1, 0, 3000))).toBeNull();
    expect(insertLine(line(1, 0, 1000), line(2, 1100, 3000), { gapMs: 50 })).toBeNull();
  });
});
