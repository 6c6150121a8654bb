import type { Line } from '@subtrans/contract';
import type { TimeMap } from '@subtrans/subtitles/retime';

/**
 * The editor's line (the contract's Line) and its undo steps (shared by editor-state.ts and
 * editor-structure.ts).
 */
export type EditSegment = Line;

export type Field = 'originalText' | 'translatedText' | 'startMs' | 'endMs';
export type Value = string | number;

export interface Change {
  id: number;
  field: Field;
  before: Value;
  after: Value;
}

/** A line put in (after the line `after`, null: first) or taken out of the task (issue 35). */
export interface LineOp {
  op: 'insert' | 'remove';
  line: EditSegment;
  after: number | null;
}

/**
 * Lines moved in time by one map (issue 35: a shift, a frame-rate change, a two-point sync): saved
 * as the map and the lines it names, not as every value; undone by the inverse map.
 */
export interface RetimeItem {
  op: 'retime';
  map: TimeMap;
  lines: 'all' | readonly number[];
}

/** One part of an undo step: a field's change, a line put in or taken out, lines moved in time. */
export type StepItem = Change | LineOp | RetimeItem;

/**
 * A line's id → its place in `segments`. A loop, not `new Map(segments.map(…))`: every split or
 * merge builds it again for 10,000 lines, and the pairs array cost ~2 ms of the key's paint.
 */
export function indexOf(segments: readonly EditSegment[]): Map<number, number> {
  const index = new Map<number, number>();
  for (let i = 0; i < segments.length; i += 1) index.set(segments[i]!.id, i);
  return index;
}
