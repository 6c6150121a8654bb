import { roundHalfAway, withTimes, type Timed, type TimedLine } from './line.js';
import { exactFps } from './timing.js';

// what a timing dialog needs beside the maps, without the text maths of the structure subpath
export { FRAME_RATES, framesToMs, MIN_GAP_FRAMES } from './timing.js';

/**
 * One straight-line mapping of times that shift, frame-rate change and two-point sync all are
 * (issue 35): t → to + round((t − origin) × factor). The editor and the server run the same function
 * on the same numbers, so a 10,000-line shift is saved as this map and a list of lines instead of
 * 10,000 values, and both sides end with the same times to the millisecond.
 */
export interface TimeMap {
  /** where the mapping is anchored in the old times (ms, whole) */
  origin: number;
  /** how much longer times become (1 for a shift) */
  factor: number;
  /** where `origin` lands (ms, whole) */
  to: number;
}

/** The largest change of speed a map may make either way (a frame rate 23.976 → 30 is 1.25). */
export const MAX_TIME_FACTOR = 10;

/** Whether a map is one the editor could have made (finite, whole ms, a sane speed). */
export function isTimeMap(map: TimeMap): boolean {
  return (
    Number.isSafeInteger(map.origin) &&
    Number.isSafeInteger(map.to) &&
    Number.isFinite(map.factor) &&
    map.factor >= 1 / MAX_TIME_FACTOR &&
    map.factor <= MAX_TIME_FACTOR
  );
}

export const mapTime = (map: TimeMap, t: number): number =>
  map.to + roundHalfAway((t - map.origin) * map.factor);

/** The map that undoes `map` (exactly for a shift; within 1 ms for a change of speed). */
export const invertTimeMap = (map: TimeMap): TimeMap => ({
  origin: map.to,
  factor: 1 / map.factor,
  to: map.origin,
});

/** Every time later by `deltaMs` (earlier when negative), rounded to the ms. */
export const shiftMap = (deltaMs: number): TimeMap => ({ origin: 0, factor: 1, to: roundHalfAway(deltaMs) });

/** A file timed for `from` fps played at `to` fps (25 → 23.976: times grow by 4.27 %). */
export const frameRateMap = (from: number, to: number): TimeMap => ({
  origin: 0,
  factor: exactFps(from) / exactFps(to),
  to: 0,
});

/**
 * Two-point sync: the line starting at `oldA` is to start at `newA`, the one at `oldB` at `newB`.
 * Null when the points are one time (old or new) or would reverse the order.
 */
export function syncMap(oldA: number, newA: number, oldB: number, newB: number): TimeMap | null {
  const oldSpan = oldB - oldA;
  const newSpan = Math.round(newB) - Math.round(newA);
  if (oldSpan === 0 || newSpan === 0 || Math.sign(oldSpan) !== Math.sign(newSpan)) return null;
  return { origin: oldA, factor: newSpan / oldSpan, to: Math.round(newA) };
}

/**
 * The lines `pick` chooses (all when not given) with their times mapped, keeping each at least 1 ms
 * long if it had a duration; a line that does not move is the same object. Null when a mapped line
 * would start before 0 (clamping would squash the first lines together and undo could not restore
 * them).
 */
export function retimeLines<T extends Timed>(
  lines: readonly T[],
  map: TimeMap,
  pick?: (line: T, index: number) => boolean,
): T[] | null {
  const out: T[] = new Array<T>(lines.length);
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    if (pick && !pick(line, i)) {
      out[i] = line;
      continue;
    }
    const startMs = mapTime(map, line.startMs);
    if (startMs < 0) return null;
    let endMs = mapTime(map, line.endMs);
    // a 1 ms line scaled down may round to nothing: it keeps its one ms
    if (line.endMs > line.startMs && endMs <= startMs) endMs = startMs + 1;
    out[i] = withTimes(line, startMs, endMs);
  }
  return out;
}

/** retimeLines of the lines named by id, or of every line (`all`): how edits and saves name them. */
export function retimeNamed<T extends TimedLine>(
  lines: readonly T[],
  map: TimeMap,
  named: 'all' | readonly number[],
): T[] | null {
  if (named === 'all') return retimeLines(lines, map);
  const ids = new Set(named);
  return retimeLines(lines, map, (line) => ids.has(line.id));
}
