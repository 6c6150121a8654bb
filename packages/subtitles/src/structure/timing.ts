import { roundHalfAway, withTimes, type Timed, type TimedLine } from './line.js';

/**
 * Moving lines in time: shift (by ms or frames), frame-rate change, two-point sync, and the times of
 * an inserted line. Every function is one pass over the lines (the editor runs them on 10,000-line
 * tasks per key press), answers new arrays, never mutates its input, and returns a line unchanged
 * (the same object) when its times do not move. A refusal is `null`: the caller says why to the user.
 */

/** The frame rates the editor offers (23.976 and 29.97 stand for NTSC's 24000/1001 and 30000/1001). */
export type FrameRate = 23.976 | 24 | 25 | 29.97 | 30;
export const FRAME_RATES: readonly FrameRate[] = [23.976, 24, 25, 29.97, 30];

/**
 * The exact frames per second of a rate as people write it: 23.976, 29.97 and 59.94 are the NTSC
 * rates n × 1000/1001 (23.976 itself is 0.1 ms a minute off, 3.6 frames over a feature film).
 */
export function exactFps(rate: number): number {
  for (const n of [24, 30, 60]) {
    const ntsc = (n * 1000) / 1001;
    if (Math.abs(rate - ntsc) < 0.005) return ntsc;
  }
  return rate;
}

/** The nearest frame to a time. */
export function msToFrames(ms: number, fps: number): number {
  return roundHalfAway((ms * exactFps(fps)) / 1000);
}

/** Frames kept between two lines (Netflix TTSG: at least 2 frames). */
export const MIN_GAP_FRAMES = 2;

/** A number of frames in milliseconds (rounded, symmetric for negative counts). */
export function framesToMs(frames: number, fps: number): number {
  return roundHalfAway((frames * 1000) / exactFps(fps));
}

/** Which lines an edit touches (all when not given): the selection, or from a line to the end. */
export type LinePicker<T> = (line: T, index: number) => boolean;

/**
 * The lines moved by `deltaMs` (rounded to a whole ms). Refused (null) when a moved line would start
 * before 0: clamping would squash the first lines together and a shift back would not undo it.
 * Overlaps with lines that stay are left to fixTiming. Shifting back by -deltaMs is the identity.
 */
export function shiftLines<T extends Timed>(
  lines: readonly T[],
  deltaMs: number,
  pick?: LinePicker<T>,
): T[] | null {
  const delta = roundHalfAway(deltaMs);
  if (!Number.isFinite(delta)) return null;
  const out: T[] = new Array<T>(lines.length);
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (pick && !pick(line, i)) {
      out[i] = line;
      continue;
    }
    const startMs = line.startMs + delta;
    if (startMs < 0) return null;
    out[i] = withTimes(line, startMs, line.endMs + delta);
  }
  return out;
}

/** shiftLines by a number of frames at a frame rate. */
export function shiftByFrames<T extends Timed>(
  lines: readonly T[],
  frames: number,
  fps: number,
  pick?: LinePicker<T>,
): T[] | null {
  return shiftLines(lines, framesToMs(frames, fps), pick);
}

/** Maps every time by `map`, keeping each line at least 1 ms long if it had a duration. */
function mapTimes<T extends Timed>(lines: readonly T[], map: (t: number) => number): T[] {
  return lines.map((line) => {
    const startMs = map(line.startMs);
    let endMs = map(line.endMs);
    // a 1 ms line scaled down may round to nothing: it keeps its one ms
    if (line.endMs > line.startMs && endMs <= startMs) endMs = startMs + 1;
    return withTimes(line, startMs, endMs);
  });
}

/**
 * A file timed for `from` fps played at `to` fps: every time scaled by from/to (25 → 23.976: times
 * grow by 4.27%), rounded to the ms. There and back stays within 1 ms of where it began.
 */
export function changeFrameRate<T extends Timed>(lines: readonly T[], from: number, to: number): T[] {
  const factor = exactFps(from) / exactFps(to);
  return mapTimes(lines, (t) => roundHalfAway(t * factor));
}

/** A line named by id and where it should start. */
export interface SyncPoint {
  id: number;
  startMs: number;
}

/**
 * Two-point sync (Subtitle Edit's "point sync"): the two chosen lines start where the user says and
 * every time is mapped by the straight line through the two points, so both the offset and the
 * speed are corrected. Refused (null) when the two points are one line or one time (old or new),
 * when a line is not found, when the mapping would reverse the order, or when a line would start
 * before 0 (as shiftLines).
 */
export function pointSync<T extends TimedLine>(lines: readonly T[], a: SyncPoint, b: SyncPoint): T[] | null {
  if (a.id === b.id) return null;
  let lineA: T | undefined;
  let lineB: T | undefined;
  for (const line of lines) {
    if (line.id === a.id) lineA = line;
    else if (line.id === b.id) lineB = line;
  }
  if (!lineA || !lineB) return null;
  const newA = Math.round(a.startMs);
  const newB = Math.round(b.startMs);
  const oldSpan = lineB.startMs - lineA.startMs;
  const newSpan = newB - newA;
  if (oldSpan === 0 || newSpan === 0 || Math.sign(oldSpan) !== Math.sign(newSpan)) return null;
  const factor = newSpan / oldSpan;
  const origin = lineA.startMs;
  const out = mapTimes(lines, (t) => newA + roundHalfAway((t - origin) * factor));
  for (let i = 0; i < out.length; i += 1) {
    const line = out[i]!;
    // the anchors exactly where they were asked for, whatever floating point made of the factor
    if (line.id === a.id) out[i] = withTimes(line, newA, Math.max(line.endMs, newA + 1));
    else if (line.id === b.id) out[i] = withTimes(line, newB, Math.max(line.endMs, newB + 1));
    if (out[i]!.startMs < 0) return null;
  }
  return out;
}

/** How long an inserted line lasts when nothing stops it. */
export const INSERT_DURATION_MS = 2000;

export interface InsertOptions {
  /** the new line's length when there is room (default 2 s) */
  durationMs?: number;
  /** kept free on each side of the new line (default 0: touching its neighbours) */
  gapMs?: number;
}

/**
 * The times of a new empty line between two neighbours (either may be null: the start or the end of
 * the task). Into the gap when there is one, from the previous line's end, at most `durationMs`
 * long; at the end of the task, `durationMs` after the last line; at its start, the time before the
 * first line, ending where it starts. Never overlapping a neighbour: null when there is no room.
 */
export function insertLine(
  before: Timed | null,
  after: Timed | null,
  opts: InsertOptions = {},
): Timed | null {
  const duration = Math.max(1, Math.round(opts.durationMs ?? INSERT_DURATION_MS));
  const gap = Math.max(0, Math.round(opts.gapMs ?? 0));
  if (!before) {
    if (!after) return { startMs: 0, endMs: duration };
    const endMs = after.startMs - gap;
    const startMs = Math.max(0, endMs - duration);
    return endMs > startMs ? { startMs, endMs } : null;
  }
  const startMs = before.endMs + gap;
  if (!after) return { startMs, endMs: startMs + duration };
  const endMs = Math.min(startMs + duration, after.startMs - gap);
  return endMs > startMs ? { startMs, endMs } : null;
}
