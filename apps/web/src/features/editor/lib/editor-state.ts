/**
 * The editor's state as a pure reducer: the segments being edited, what is not yet saved, and
 * undo/redo of every change (typing in one field coalesces into one step).
 */
import {
  indexOf,
  type Change,
  type LineIndex,
  type EditSegment,
  type Field,
  type RetimeItem,
  type StepItem,
  type Value,
} from './editor-types';
import {
  applyLineOp,
  emptyStructure,
  idForReinsert,
  invertLineOp,
  isLineOp,
  isRetime,
  renameOp,
  takeKey,
  type LineOp,
  type Structure,
} from './editor-structure';
import { liveId, renamed } from './editor-names';
import { takeRemote } from './editor-remote';
import { inverseRetime, retimedByPending, retimeItem, retimeSegments, throughPending } from './editor-timing';
import type { TimeMap } from '@subtrans/subtitles/retime';

export type { Change, EditSegment, Field, StepItem } from './editor-types';

export interface EditorState {
  segments: EditSegment[];
  /** index of a segment id in `segments` */
  index: LineIndex;
  /** segment id → fields changed since the last save */
  dirty: Map<number, Set<Field>>;
  past: StepItem[][];
  future: StepItem[][];
  /** the field last typed into (typing there again extends the same undo step) */
  typing: { id: number; field: Field; at: number } | null;
  /**
   * issue 35: lines another tab or device changed where this one has unsaved edits that differ:
   * id → the line as the other saved it. Nothing is saved until the user keeps theirs or takes it.
   */
  conflicts: ReadonlyMap<number, EditSegment>;
  /** issue 35: lines added and deleted here, not saved yet */
  structure: Structure;
  /** issue 35: lines moved in time here (shift, frame rate, sync), in order, not saved yet */
  retimes: readonly RetimeItem[];
  /**
   * issue 35: lines with unsaved edits here that another tab deleted, as they were here (each
   * after the line before it that is left): the user restores them as new lines or lets them go
   */
  orphans: readonly { line: EditSegment; after: number | null }[];
  /** a renamed line's id → the id its row was first drawn with, its key (editor-names.ts) */
  rowKeys: ReadonlyMap<number, number>;
  /** the `seq` of the last 'lines' action applied that had one (use-line-edits.ts: keys ahead of the page) */
  linesSeq: number;
}

export type EditorAction =
  /** the server's segments (first load, or live refresh while translating) */
  | { type: 'load'; segments: EditSegment[] }
  /** one or more changes as one undo step; `typing` coalesces with the previous keystrokes */
  | { type: 'change'; changes: Omit<Change, 'before'>[]; typing?: boolean; now?: number }
  | { type: 'undo' }
  | { type: 'redo' }
  /**
   * lines split, merged, inserted or deleted, with field changes, as one undo step (issue 35):
   * new lines get temporary ids (state.structure.nextKey onwards), each after the line it names
   */
  | {
      type: 'lines';
      changes?: Omit<Change, 'before'>[];
      remove?: number[];
      insert?: { after: number | null; line: Omit<EditSegment, 'id'> }[];
      /** kept as the state's linesSeq: the page has rendered this action once it shows it */
      seq?: number;
    }
  /**
   * these values were saved: they are no longer dirty unless changed again since; the lines
   * added (their keys → their ids, with the values sent) and deleted by the save
   */
  | {
      type: 'saved';
      sent: Map<number, Partial<Record<Field, Value>>>;
      created?: ReadonlyMap<number, number>;
      insertedSent?: ReadonlyMap<number, EditSegment>;
      removedSent?: readonly number[];
      /** how many of the first pending retimes the save carried */
      retimesSent?: number;
    }
  /** lines moved in time by one map, as one undo step (nothing when a line would start before 0) */
  | { type: 'retime'; map: TimeMap; lines: RetimeItem['lines'] }
  /** the lines another tab deleted under this one's edits: put back as new lines, or let go */
  | { type: 'orphans'; restore: boolean }
  /** lines as another tab saved them: taken in, except where this one has unsaved edits */
  | { type: 'remote'; lines: EditSegment[] }
  /** the conflicting lines: keep this tab's edits (saved over the other's) or take the other's */
  | { type: 'resolve'; keep: 'mine' | 'theirs' };

export const TYPING_COALESCE_MS = 1500;

export function initialState(segments: EditSegment[] = []): EditorState {
  return {
    segments,
    index: indexOf(segments),
    dirty: new Map(),
    past: [],
    future: [],
    typing: null,
    conflicts: new Map(),
    structure: emptyStructure(),
    retimes: [],
    orphans: [],
    rowKeys: new Map(),
    linesSeq: 0,
  };
}

const withIndex = (state: EditorState, segments: EditSegment[]): EditorState => ({
  ...state,
  segments,
  index: indexOf(segments),
});

/** A line put in or taken out (a line whose deletion was saved comes back with a new key). */
function lineOp(state: EditorState, op: LineOp): EditorState {
  let next = state;
  if (op.op === 'insert' && op.line.id > 0) {
    const fresh = idForReinsert(op.line.id, state.structure);
    if (fresh.id !== op.line.id) {
      next = renamed({ ...state, structure: fresh.structure }, new Map([[op.line.id, fresh.id]]));
      op = renameOp(op, new Map([[op.line.id, fresh.id]]));
    }
  }
  const applied = applyLineOp(next.segments, next.structure, op);
  const dirty = new Map(next.dirty);
  if (op.op === 'remove') dirty.delete(op.line.id);
  return { ...withIndex(next, applied.segments), dirty, structure: applied.structure };
}

/** An undo step applied forward (redo, a new edit) or backward (undo). */
function applyStep(
  state: EditorState,
  items: readonly StepItem[],
  direction: 'after' | 'before',
): EditorState {
  let next = state;
  const run = direction === 'after' ? items : [...items].reverse();
  for (const item of run) {
    if (isLineOp(item)) next = lineOp(next, direction === 'after' ? item : invertLineOp(item));
    else if (isRetime(item)) next = retime(next, direction === 'after' ? item : inverseRetime(item));
    else next = applyChanges(next, [item], direction);
  }
  return next;
}

/** Lines moved in time, the move to be saved (the state unchanged when a line would start before 0). */
function retime(state: EditorState, item: RetimeItem): EditorState {
  const segments = retimeSegments(state.segments, item);
  return segments ? { ...state, segments, retimes: [...state.retimes, item] } : state;
}

/** The step of a 'lines' action: its changes, deletions and new lines (with their keys). */
function linesStep(state: EditorState, action: Extract<EditorAction, { type: 'lines' }>) {
  const items: StepItem[] = [];
  const live = (id: number) => liveId(state, id);
  for (const named of action.changes ?? []) {
    const c = { ...named, id: live(named.id) };
    const seg = state.segments[state.index.get(c.id) ?? -1];
    if (seg && seg[c.field] !== c.after) items.push({ ...c, before: seg[c.field] });
  }
  const gone = new Set((action.remove ?? []).map(live));
  // each deleted line comes back (undo) after the line before it that stays, or first; found
  // from the lines' places, not by walking every line (a merge at line 9,000 of 10,000)
  const places = [...gone].flatMap((id) => state.index.get(id) ?? []).sort((a, b) => a - b);
  for (const i of places) {
    let p = i - 1;
    while (p >= 0 && gone.has(state.segments[p]!.id)) p -= 1;
    items.push({ op: 'remove', line: state.segments[i]!, after: p >= 0 ? state.segments[p]!.id : null });
  }
  let structure = state.structure;
  for (const n of action.insert ?? []) {
    const taken = takeKey(structure);
    structure = taken.structure;
    items.push({
      op: 'insert',
      line: { ...n.line, id: taken.key },
      after: n.after === null ? null : live(n.after),
    });
  }
  return { items, structure };
}

function applyChanges(state: EditorState, changes: Change[], direction: 'after' | 'before'): EditorState {
  const segments = state.segments.slice();
  const dirty = new Map(state.dirty);
  for (const c of changes) {
    const i = state.index.get(c.id);
    if (i === undefined) continue;
    segments[i] = { ...segments[i]!, [c.field]: c[direction] };
    dirty.set(c.id, new Set([...(dirty.get(c.id) ?? []), c.field]));
  }
  return { ...state, segments, dirty };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load': {
      // keep what the user changed and has not saved; take everything else from the server
      const { removed, added } = state.structure;
      const merged = action.segments
        .filter((s) => !removed.has(s.id))
        .map((s) => {
          const local = state.segments[state.index.get(s.id) ?? -1];
          // lines a retime not saved yet moves: their times are this editor's (the server's may
          // or may not hold that retime yet); a line new here is moved as the server will move it
          const retimed = state.retimes.length > 0 && retimedByPending(s.id, state.retimes);
          const fields = new Set(state.dirty.get(s.id));
          if (retimed && local) fields.add('startMs').add('endMs');
          if (retimed && !local) return throughPending([s], state.retimes)[0]!;
          if (!fields.size || !local) return s;
          const line = { ...s };
          for (const f of fields) (line as Record<Field, Value>)[f] = local[f];
          return line;
        });
      // lines made here and not saved yet stay, after the line they followed
      let segments = merged;
      let structure = state.structure;
      for (const line of state.segments) {
        if (!added.has(line.id)) continue;
        const before = state.segments[(state.index.get(line.id) ?? 0) - 1];
        ({ segments, structure } = applyLineOp(segments, structure, {
          op: 'insert',
          line,
          after: before?.id ?? null,
        }));
      }
      const next = withIndex({ ...state, structure }, segments);
      // a line deleted elsewhere has nothing left to save or to decide, but what was typed into
      // it is offered back
      const orphans = [...state.orphans];
      let after: number | null = null;
      for (const line of state.segments) {
        if (next.index.has(line.id)) after = line.id;
        else if (state.dirty.has(line.id) && !removed.has(line.id)) orphans.push({ line, after });
      }
      const dirty = new Map([...state.dirty].filter(([id]) => next.index.has(id)));
      const conflicts = new Map([...state.conflicts].filter(([id]) => next.index.has(id)));
      return { ...next, dirty, conflicts, orphans };
    }
    case 'change': {
      const now = action.now ?? Date.now();
      const changes: Change[] = [];
      for (const named of action.changes) {
        const c = { ...named, id: liveId(state, named.id) };
        const seg = state.segments[state.index.get(c.id) ?? -1];
        if (!seg || seg[c.field] === c.after) continue;
        changes.push({ ...c, before: seg[c.field] });
      }
      if (!changes.length) return state;
      const next = applyChanges(state, changes, 'after');
      const single = changes.length === 1 ? changes[0]! : null;
      const last = state.past.at(-1);
      const coalesce =
        action.typing &&
        single &&
        state.typing &&
        state.typing.id === single.id &&
        state.typing.field === single.field &&
        now - state.typing.at < TYPING_COALESCE_MS &&
        last?.length === 1 &&
        !('op' in last[0]!) &&
        last[0]!.id === single.id &&
        last[0]!.field === single.field;
      const past = coalesce
        ? [...state.past.slice(0, -1), [{ ...(last[0] as Change), after: single.after }]]
        : [...state.past, changes];
      return {
        ...next,
        past,
        future: [],
        typing: action.typing && single ? { id: single.id, field: single.field, at: now } : null,
      };
    }
    case 'lines': {
      const { items, structure } = linesStep(state, action);
      const linesSeq = action.seq ?? state.linesSeq;
      if (!items.length) return linesSeq === state.linesSeq ? state : { ...state, linesSeq };
      const next = applyStep({ ...state, structure }, items, 'after');
      return { ...next, past: [...state.past, items], future: [], typing: null, linesSeq };
    }
    case 'undo': {
      const step = state.past.at(-1);
      if (!step) return state;
      // the step as the state now names its lines (a line put back may have a new key)
      const next = applyStep(state, step, 'before');
      return {
        ...next,
        past: next.past.slice(0, -1),
        future: [...next.future, next.past.at(-1)!],
        typing: null,
      };
    }
    case 'redo': {
      const step = state.future.at(-1);
      if (!step) return state;
      const next = applyStep(state, step, 'after');
      return {
        ...next,
        past: [...next.past, next.future.at(-1)!],
        future: next.future.slice(0, -1),
        typing: null,
      };
    }
    case 'retime': {
      const item = retimeItem(action.map, action.lines);
      const next = retime(state, item);
      if (next === state) return state;
      return { ...next, past: [...state.past, [item]], future: [], typing: null };
    }
    case 'orphans': {
      const cleared = { ...state, orphans: [] };
      if (!action.restore || !state.orphans.length) return cleared;
      // in reverse: lines following the same line come back in their order
      const insert = [...state.orphans]
        .reverse()
        .map(({ line: { id: _, ...line }, after }) => ({ after, line }));
      return editorReducer(cleared, { type: 'lines', insert });
    }
    case 'remote':
      return takeRemote(state, 'remote', action.lines);
    case 'resolve':
      return takeRemote(state, action.keep === 'theirs' ? 'theirs' : 'mine');
    case 'saved': {
      const after = {
        ...savedStructure(state, action),
        retimes: state.retimes.slice(action.retimesSent ?? 0),
      };
      const dirty = new Map(after.dirty);
      for (const [id, values] of action.sent) {
        const fields = dirty.get(id);
        const seg = after.segments[after.index.get(id) ?? -1];
        if (!fields || !seg) continue;
        const left = new Set([...fields].filter((f) => !(f in values) || values[f] !== seg[f]));
        if (left.size) dirty.set(id, left);
        else dirty.delete(id);
      }
      return { ...after, dirty };
    }
  }
}

/**
 * A save's lines added and deleted: the deletions sent are done; each line added takes its id, and
 * what was typed into it meanwhile is a change of it; one deleted again is deleted next save.
 */
function savedStructure(state: EditorState, action: Extract<EditorAction, { type: 'saved' }>): EditorState {
  const created = action.created ?? new Map<number, number>();
  if (!created.size && !action.removedSent?.length) return state;
  const removed = new Set(state.structure.removed);
  const added = new Set([...state.structure.added].filter((k) => !created.has(k)));
  let structure: Structure = { ...state.structure, added, removed };
  const back = new Map<number, number>(); // lines put back while their deletion was on its way: new
  for (const id of action.removedSent ?? []) {
    removed.delete(id);
    if (!state.index.has(id)) continue;
    const taken = takeKey(structure);
    structure = taken.structure;
    back.set(id, taken.key);
    added.add(taken.key);
  }
  for (const [key, id] of created)
    if (!state.index.has(key) && !state.structure.added.has(key)) removed.add(id);
  const next = renamed({ ...state, structure }, new Map([...created, ...back]));
  const dirty = new Map(next.dirty);
  for (const [key, id] of created) {
    const sent = action.insertedSent?.get(key);
    const now = next.segments[next.index.get(id) ?? -1];
    if (!sent || !now) continue;
    const fields = (['originalText', 'translatedText', 'startMs', 'endMs'] as const).filter(
      (f) => sent[f] !== now[f],
    );
    if (fields.length) dirty.set(id, new Set(fields));
    else dirty.delete(id);
  }
  return { ...next, dirty };
}
