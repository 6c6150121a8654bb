/**
 * Lines change ids while edited (issue 35): a line made here has a temporary id until the save
 * that adds it answers its own, and a line put back after its deletion was saved takes a new
 * temporary id. Its row keeps the first id it was drawn with as its key, so the field being typed
 * into is not remounted (focus and keystrokes lost) when the save lands; an edit addressed by an
 * id the line no longer has (a keystroke handled before the rename rendered) still reaches it.
 */
import type { Structure } from './editor-structure';
import { isLineOp, isRetime, renameOp } from './editor-structure';
import {
  indexOf,
  type EditSegment,
  type Field,
  type LineIndex,
  type RetimeItem,
  type StepItem,
} from './editor-types';
import { renameRetime } from './editor-timing';

/** The parts of the editor's state that name lines. */
export interface NameParts {
  segments: EditSegment[];
  index: LineIndex;
  dirty: Map<number, Set<Field>>;
  conflicts: ReadonlyMap<number, EditSegment>;
  past: StepItem[][];
  future: StepItem[][];
  typing: { id: number; field: Field; at: number } | null;
  structure: Structure;
  retimes: readonly RetimeItem[];
  /** a renamed line's id → the id its row was first drawn with (its key) */
  rowKeys: ReadonlyMap<number, number>;
}

/** Every line id renamed (a saved line's temporary id → its id; a re-inserted line → a new key). */
export function renamed<S extends NameParts>(state: S, names: ReadonlyMap<number, number>): S {
  if (!names.size) return state;
  const id = (x: number) => names.get(x) ?? x;
  const step = (items: StepItem[]) =>
    items.map((item) =>
      isLineOp(item)
        ? renameOp(item, names)
        : isRetime(item)
          ? renameRetime(item, names)
          : { ...item, id: id(item.id) },
    );
  const segments = state.segments.map((s) => (names.has(s.id) ? { ...s, id: id(s.id) } : s));
  const rowKeys = new Map(state.rowKeys);
  for (const [from, to] of names) {
    rowKeys.set(to, state.rowKeys.get(from) ?? from);
    rowKeys.delete(from);
  }
  return {
    ...state,
    segments,
    index: indexOf(segments),
    dirty: new Map([...state.dirty].map(([k, v]) => [id(k), v])),
    conflicts: new Map([...state.conflicts].map(([k, v]) => [id(k), { ...v, id: id(k) }])),
    past: state.past.map(step),
    future: state.future.map(step),
    typing: state.typing && { ...state.typing, id: id(state.typing.id) },
    structure: {
      ...state.structure,
      added: new Set([...state.structure.added].map(id)),
      removed: new Set([...state.structure.removed].map(id)),
    },
    retimes: state.retimes.map((item) => renameRetime(item, names)),
    rowKeys,
  };
}

/**
 * The id the line an edit named has now: the id itself while a line has it, else the line
 * renamed from it (ids are never given twice, so an id no line has names at most one line).
 */
export function liveId(state: Pick<NameParts, 'index' | 'rowKeys'>, id: number): number {
  if (state.index.has(id)) return id;
  for (const [now, first] of state.rowKeys) if (first === id) return now;
  return id;
}

/** The key of a line's row: the id it was first drawn with. */
export const rowKey = (rowKeys: ReadonlyMap<number, number>, id: number): number => rowKeys.get(id) ?? id;
