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
 * A line's id → its place in `segments`, built again by every split and merge. Saved lines' ids
 * are the task's own counters (small, dense): their places go in a typed array; the few lines made
 * here (negative ids until saved) in a Map. The Map of all 10,000 lines it replaced took 1.7 ms of
 * a split's key-to-paint.
 */
export class LineIndex {
  /** place + 1 of each id below its length; 0: no such line */
  readonly #places: Int32Array;
  /** lines made here, and ids too sparse for the array */
  readonly #others = new Map<number, number>();
  readonly #segments: readonly EditSegment[];

  constructor(segments: readonly EditSegment[]) {
    this.#segments = segments;
    let max = -1;
    for (let i = 0; i < segments.length; i += 1) max = Math.max(max, segments[i]!.id);
    // a task whose ids are far sparser than its lines (many deleted) keeps them in the Map
    const length = max >= 0 && max < segments.length * 4 + 1024 ? max + 1 : 0;
    this.#places = new Int32Array(length);
    for (let i = 0; i < segments.length; i += 1) {
      const id = segments[i]!.id;
      if (id >= 0 && id < length && Number.isInteger(id)) this.#places[id] = i + 1;
      else this.#others.set(id, i);
    }
  }

  get(id: number): number | undefined {
    if (id >= 0 && id < this.#places.length && Number.isInteger(id)) {
      const place = this.#places[id]!;
      return place === 0 ? undefined : place - 1;
    }
    return this.#others.get(id);
  }

  has(id: number): boolean {
    return this.get(id) !== undefined;
  }

  /** the ids, in the lines' order */
  ids(): number[] {
    return this.#segments.map((s) => s.id);
  }
}

export const indexOf = (segments: readonly EditSegment[]) => new LineIndex(segments);
