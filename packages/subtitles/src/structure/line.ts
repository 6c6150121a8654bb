import type { Line } from '../model.js';

/**
 * The shapes the structure edits work on. The timing functions are generic over anything with
 * times (and an id where they name lines), so an editor's row keeps its other fields; split and
 * merge make new texts, so they answer exactly a StructureLine (flags and the like are stale).
 */

/** Times in milliseconds. */
export interface Timed {
  startMs: number;
  endMs: number;
}

/** A line with an identity of its own (the editor's segment id). */
export interface TimedLine extends Timed {
  id: number;
}

/** One line of the editor: its identity, its times and its two texts (a task's Line). */
export type StructureLine = Line;

/** A line made by an edit (split): the caller gives it a new id. */
export type NewLine = Omit<StructureLine, 'id'>;

/**
 * Rounds half away from zero, so rounding is symmetric (r(-x) = -r(x)) and a shift by -d exactly
 * undoes a shift by d. Math.round rounds -0.5 to -0 but 0.5 to 1.
 */
export function roundHalfAway(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/** The same line with new times, or the line itself when they do not change (memoised rows stay). */
export function withTimes<T extends Timed>(line: T, startMs: number, endMs: number): T {
  return line.startMs === startMs && line.endMs === endMs ? line : { ...line, startMs, endMs };
}
