import { charCount, MIN_TASK_POINTS, taskPrice } from './cost.js';
import type { Cue } from './model.js';

/** What a line adds to a price: where it ends, its original's characters, and itself (a cue). */
export interface PricedLine {
  endMs: number;
  chars: number;
}

/**
 * A run of lines translated (and charged) together: lines fromLine..toLine (from 1, inclusive),
 * the time they add (startMs: where the lines before them end; endMs: where these end) and
 * their price.
 */
export interface PartPlan {
  fromLine: number;
  toLine: number;
  startMs: number;
  endMs: number;
  points: number;
}

export const pricedLines = (cues: readonly Cue[]): PricedLine[] =>
  cues.map((c) => ({ endMs: c.endMs, chars: charCount(c.text) }));

/**
 * Issue 34: a file is translated in parts, each priced as the file's first lines through its
 * last line would be priced at once (taskPrice), less what the earlier parts were charged, and at
 * least the 10-point minimum. The prices telescope: however a file is cut, its parts together cost
 * what the whole file costs at once (the minimum is added only when edits made the lines already
 * paid for cheaper than they were charged).
 *
 * The longest run after the first `done` lines whose price is at most `budget` (the caller's
 * points, or less), or null when not even the next line fits. A prefix's price never falls as it
 * grows, so the run stops at the first line that does not fit. With no budget (Infinity) it is
 * the rest of the file.
 */
export function planPart(
  lines: readonly PricedLine[],
  done: number,
  charged: number,
  budget: number,
): PartPlan | null {
  let endMs = 0;
  let chars = 0;
  for (let i = 0; i < done && i < lines.length; i += 1) {
    endMs = Math.max(endMs, lines[i]!.endMs);
    chars += lines[i]!.chars;
  }
  const startMs = endMs;
  let best: PartPlan | null = null;
  for (let i = done; i < lines.length; i += 1) {
    endMs = Math.max(endMs, lines[i]!.endMs);
    chars += lines[i]!.chars;
    const points = partPoints(taskPrice({ durationMs: endMs, chars, cues: i + 1 }).points, charged);
    if (points > budget) break;
    best = { fromLine: done + 1, toLine: i + 1, startMs, endMs, points };
  }
  return best;
}

/** A part's price: the price of the lines through its end, less what was charged, at least the minimum. */
export function partPoints(prefixPoints: number, charged: number): number {
  return Math.max(MIN_TASK_POINTS, prefixPoints - charged);
}

/**
 * The least a next part costs (its first line alone): what a balance must reach for any part to be
 * offered. Null when no line is left.
 */
export function nextLinePoints(lines: readonly PricedLine[], done: number, charged: number): number | null {
  if (done >= lines.length) return null;
  return planPart(lines.slice(0, done + 1), done, charged, Infinity)!.points;
}
