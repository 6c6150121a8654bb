/**
 * Lines added and deleted in the editor (issue 35): a split, a merge, an insert, a deletion is one
 * undo step of line operations and field changes. A line made here has a temporary negative id
 * until its save answers the line's own id; a deletion of a saved line is sent with the next save.
 */
import type { EditSegment, LineOp, RetimeItem, StepItem } from './editor-types';

export type { LineOp } from './editor-types';

/** What of the lines' structure is not saved yet. */
export interface Structure {
  /** temporary ids (negative) of lines made here, not saved yet */
  added: ReadonlySet<number>;
  /** ids of saved lines deleted here, not saved yet */
  removed: ReadonlySet<number>;
  /** the next temporary id to give (-1, -2, …) */
  nextKey: number;
}

export const emptyStructure = (): Structure => ({ added: new Set(), removed: new Set(), nextKey: -1 });

export const isLineOp = (item: StepItem): item is LineOp => 'op' in item && item.op !== 'retime';
export const isRetime = (item: StepItem): item is RetimeItem => 'op' in item && item.op === 'retime';

/**
 * Where a split divides a line's time: at the playhead while the media plays inside the line (as
 * subtitlers split, listening), else undefined (by the texts' shares). A playhead outside the line
 * would pin the cut to one of its ends.
 */
export function splitTime(line: Pick<EditSegment, 'startMs' | 'endMs'>, playheadMs: number | null) {
  return playheadMs !== null && playheadMs > line.startMs && playheadMs < line.endMs ? playheadMs : undefined;
}

/** The lines with one put in or taken out, and what is then unsaved. */
export function applyLineOp(
  segments: readonly EditSegment[],
  structure: Structure,
  op: LineOp,
): { segments: EditSegment[]; structure: Structure } {
  const added = new Set(structure.added);
  const removed = new Set(structure.removed);
  let out: EditSegment[];
  if (op.op === 'insert') {
    const at = op.after === null ? 0 : segments.findIndex((s) => s.id === op.after) + 1;
    // an anchor that is gone (deleted meanwhile): at the end rather than lost
    const i = op.after !== null && at === 0 ? segments.length : at;
    out = segments.slice();
    out.splice(i, 0, op.line);
    if (op.line.id < 0) added.add(op.line.id);
    else removed.delete(op.line.id);
  } else {
    out = segments.filter((s) => s.id !== op.line.id);
    if (op.line.id < 0) added.delete(op.line.id);
    else removed.add(op.line.id);
  }
  return { segments: out, structure: { ...structure, added, removed } };
}

/** The reverse of an operation (what undo applies). */
export const invertLineOp = (op: LineOp): LineOp => ({ ...op, op: op.op === 'insert' ? 'remove' : 'insert' });

/**
 * A line whose deletion was saved cannot come back with its id (ids are never given again): put
 * back by undo, it is a new line with a temporary id. Answers the id to use.
 */
export function idForReinsert(id: number, structure: Structure): { id: number; structure: Structure } {
  if (id < 0 || structure.removed.has(id)) return { id, structure };
  return { id: structure.nextKey, structure: { ...structure, nextKey: structure.nextKey - 1 } };
}

/** A new temporary id. */
export function takeKey(structure: Structure): { key: number; structure: Structure } {
  return { key: structure.nextKey, structure: { ...structure, nextKey: structure.nextKey - 1 } };
}

export function renameOp(op: LineOp, names: ReadonlyMap<number, number>): LineOp {
  const id = names.get(op.line.id);
  const after = op.after === null ? null : (names.get(op.after) ?? op.after);
  return id === undefined && after === op.after
    ? op
    : { ...op, line: id === undefined ? op.line : { ...op.line, id }, after };
}

/**
 * The lines to add in a save, in the task's order: each after the line before it here (a line
 * added before it in the same save is named by its temporary id).
 */
export function pendingInserts(segments: readonly EditSegment[], added: ReadonlySet<number>) {
  if (!added.size) return [];
  const out: { line: EditSegment; after: number | null }[] = [];
  segments.forEach((s, i) => {
    if (added.has(s.id)) out.push({ line: s, after: i === 0 ? null : segments[i - 1]!.id });
  });
  return out;
}
