import { normsFor, type Norms } from '../norms.js';
import { withTimes, type Timed, type TimedLine } from './line.js';
import { framesToMs, MIN_GAP_FRAMES } from './timing.js';

export { MIN_GAP_FRAMES } from './timing.js';

/**
 * Fix timing across a file, as a preview of what changes: overlaps removed, gaps under the minimum
 * brought to it, lines too short for the target language lengthened into free time, lines too long
 * reported. One pass in time order (plus a sort when the lines are not in it): linear on the
 * 10,000-line tasks the editor runs it on.
 */

export type TimingChangeKind = 'overlap' | 'gap' | 'short' | 'long';

/**
 * One step of the fix on one line, with the line's times before and after that step. A step whose
 * times are equal is a report, not a change: a line too long ('long', never shortened here), or too
 * short with no free time after it ('short').
 */
export interface TimingChange {
  id: number;
  kind: TimingChangeKind;
  before: Timed;
  after: Timed;
}

export interface FixTimingOptions {
  /** the target language, for its minimum and maximum duration */
  target: string;
  /** the task's frame rate (default 24): the minimum gap is 2 frames of it */
  frameRate?: number;
  /** the user's norms for the target (normsFor(target, overrides)); else the language's own */
  norms?: Pick<Norms, 'minDurationMs' | 'maxDurationMs'>;
}

export interface FixTimingResult<T> {
  /** the lines in their given order, a line whose times did not change being the same object */
  lines: T[];
  changes: TimingChange[];
}

/**
 * The rules, in time order, for each line and the one after it:
 * - overlap, or a gap under the minimum (2 frames): the line's end is pulled back to the next
 *   start minus the minimum gap. A gap is opened to the minimum rather than closed to nothing, as
 *   touching lines break the same 2-frame rule. When the next line starts too soon after this one
 *   for that (the same start, say), this one keeps one frame (or less, if it had less) and the next
 *   line's start is pushed after it (reported as an overlap on the next line).
 * - shorter than the minimum duration: the end is moved later, as far as the minimum duration or
 *   the next line's start minus the minimum gap, whichever comes first. Only the end moves: a line's
 *   start is where its speech starts.
 * - longer than the maximum: reported only.
 * Afterwards no two lines overlap, every gap is at least the minimum, and fixing again changes
 * nothing (it may report the same 'long' and 'short' lines again).
 */
export function fixTiming<T extends TimedLine>(
  lines: readonly T[],
  opts: FixTimingOptions,
): FixTimingResult<T> {
  const { minDurationMs, maxDurationMs } = opts.norms ?? normsFor(opts.target);
  const fps = opts.frameRate && opts.frameRate > 0 && Number.isFinite(opts.frameRate) ? opts.frameRate : 24;
  const minGap = Math.max(0, framesToMs(MIN_GAP_FRAMES, fps));
  const frame = Math.max(1, framesToMs(1, fps));
  const n = lines.length;
  const start = lines.map((l) => l.startMs);
  const end = lines.map((l) => l.endMs);
  const order = timeOrder(lines);
  const changes: TimingChange[] = [];
  const record = (i: number, kind: TimingChangeKind, before: Timed) =>
    changes.push({ id: lines[i]!.id, kind, before, after: { startMs: start[i]!, endMs: end[i]! } });
  const timesOf = (i: number): Timed => ({ startMs: start[i]!, endMs: end[i]! });
  /** what a line keeps when the next one leaves it no room: a frame, or its own length if shorter */
  const keep = (i: number) => Math.min(frame, Math.max(1, end[i]! - start[i]!));

  for (let k = 0; k < n; k += 1) {
    const i = order[k]!;
    const j = order[k + 1];
    const arrived = timesOf(i);
    // a line without duration (end at or before its start) has one ms to start from
    const empty = end[i]! <= start[i]!;
    if (empty) end[i] = start[i]! + 1;

    if (j !== undefined) {
      const limit = start[j]! - minGap;
      if (end[i]! > limit) {
        const before = timesOf(i);
        const kind = end[i]! > start[j]! ? 'overlap' : 'gap';
        end[i] = Math.max(limit, start[i]! + keep(i));
        record(i, kind, before);
        if (end[i] + minGap > start[j]!) {
          const next = timesOf(j);
          const length = keep(j);
          start[j] = end[i] + minGap;
          end[j] = Math.max(end[j]!, start[j] + length);
          record(j, 'overlap', next);
        }
      }
    }

    const duration = end[i]! - start[i]!;
    if (duration < minDurationMs || empty) {
      const before = empty ? arrived : timesOf(i);
      const room = j === undefined ? Infinity : start[j]! - minGap;
      const longer = Math.min(start[i]! + minDurationMs, room);
      if (longer > end[i]!) end[i] = longer;
      record(i, 'short', before);
    } else if (duration > maxDurationMs) {
      record(i, 'long', timesOf(i));
    }
  }
  return { lines: lines.map((line, i) => withTimes(line, start[i]!, end[i]!)), changes };
}

/** Indices of the lines by start (then end, then given order); no sort when they are in order. */
function timeOrder(lines: readonly Timed[]): number[] {
  const order = lines.map((_, i) => i);
  const before = (x: Timed, y: Timed) => x.startMs - y.startMs || x.endMs - y.endMs;
  let sorted = true;
  for (let i = 1; i < lines.length && sorted; i += 1) sorted = before(lines[i - 1]!, lines[i]!) <= 0;
  if (!sorted) order.sort((x, y) => before(lines[x]!, lines[y]!) || x - y);
  return order;
}
