/**
 * The editor's state as a pure reducer: the segments being edited, what is not yet saved, and
 * undo/redo of every change (typing in one field coalesces into one step).
 */
export interface EditSegment {
  id: number;
  startMs: number;
  endMs: number;
  originalText: string;
  translatedText: string;
}

export type Field = 'originalText' | 'translatedText' | 'startMs' | 'endMs';
type Value = string | number;

export interface Change {
  id: number;
  field: Field;
  before: Value;
  after: Value;
}

export interface EditorState {
  segments: EditSegment[];
  /** index of a segment id in `segments` */
  index: Map<number, number>;
  /** segment id → fields changed since the last save */
  dirty: Map<number, Set<Field>>;
  past: Change[][];
  future: Change[][];
  /** the field last typed into (typing there again extends the same undo step) */
  typing: { id: number; field: Field; at: number } | null;
  /**
   * issue 35: lines another tab or device changed where this one has unsaved edits that differ:
   * id → the line as the other saved it. Nothing is saved until the user keeps theirs or takes it.
   */
  conflicts: ReadonlyMap<number, EditSegment>;
}

export type EditorAction =
  /** the server's segments (first load, or live refresh while translating) */
  | { type: 'load'; segments: EditSegment[] }
  /** one or more changes as one undo step; `typing` coalesces with the previous keystrokes */
  | { type: 'change'; changes: Omit<Change, 'before'>[]; typing?: boolean; now?: number }
  | { type: 'undo' }
  | { type: 'redo' }
  /** these values were saved: they are no longer dirty unless changed again since */
  | { type: 'saved'; sent: Map<number, Partial<Record<Field, Value>>> }
  /** lines as another tab saved them: taken in, except where this one has unsaved edits */
  | { type: 'remote'; lines: EditSegment[] }
  /** the conflicting lines: keep this tab's edits (saved over the other's) or take the other's */
  | { type: 'resolve'; keep: 'mine' | 'theirs' };

export const TYPING_COALESCE_MS = 1500;

export function initialState(segments: EditSegment[] = []): EditorState {
  return {
    segments,
    index: new Map(segments.map((s, i) => [s.id, i])),
    dirty: new Map(),
    past: [],
    future: [],
    typing: null,
    conflicts: new Map(),
  };
}

/** Another tab's lines taken in (remote), or the conflicting ones' resolution (resolve). */
function takeRemote(state: EditorState, action: Extract<EditorAction, { type: 'remote' | 'resolve' }>) {
  const segments = state.segments.slice();
  const dirty = new Map(state.dirty);
  const conflicts = new Map(state.conflicts);
  const lines =
    action.type === 'remote' ? action.lines : action.keep === 'theirs' ? [...state.conflicts.values()] : [];
  for (const line of lines) {
    const i = state.index.get(line.id);
    if (i === undefined) continue;
    const local = segments[i]!;
    const mine = action.type === 'remote' ? (dirty.get(line.id) ?? new Set<Field>()) : new Set<Field>();
    const merged = { ...line };
    for (const f of mine) (merged as Record<Field, Value>)[f] = local[f];
    segments[i] = merged;
    if (action.type === 'resolve') dirty.delete(line.id);
    // a field edited here that the other tab saved differently: the user decides
    if ([...mine].some((f) => line[f] !== local[f])) conflicts.set(line.id, line);
  }
  if (action.type === 'resolve') conflicts.clear();
  return { ...state, segments, dirty, conflicts };
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
      const segments = action.segments.map((s) => {
        const fields = state.dirty.get(s.id);
        const local = state.segments[state.index.get(s.id) ?? -1];
        if (!fields || !local) return s;
        const merged = { ...s };
        for (const f of fields) (merged as Record<Field, Value>)[f] = local[f];
        return merged;
      });
      const index = new Map(segments.map((s, i) => [s.id, i]));
      // a line deleted elsewhere has nothing left to save or to decide
      const dirty = new Map([...state.dirty].filter(([id]) => index.has(id)));
      const conflicts = new Map([...state.conflicts].filter(([id]) => index.has(id)));
      return { ...state, segments, index, dirty, conflicts };
    }
    case 'change': {
      const now = action.now ?? Date.now();
      const changes: Change[] = [];
      for (const c of action.changes) {
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
        last[0]!.id === single.id &&
        last[0]!.field === single.field;
      const past = coalesce
        ? [...state.past.slice(0, -1), [{ ...last[0]!, after: single.after }]]
        : [...state.past, changes];
      return {
        ...next,
        past,
        future: [],
        typing: action.typing && single ? { id: single.id, field: single.field, at: now } : null,
      };
    }
    case 'undo': {
      const step = state.past.at(-1);
      if (!step) return state;
      const next = applyChanges(state, [...step].reverse(), 'before');
      return { ...next, past: state.past.slice(0, -1), future: [...state.future, step], typing: null };
    }
    case 'redo': {
      const step = state.future.at(-1);
      if (!step) return state;
      const next = applyChanges(state, step, 'after');
      return { ...next, past: [...state.past, step], future: state.future.slice(0, -1), typing: null };
    }
    case 'remote':
    case 'resolve':
      return takeRemote(state, action);
    case 'saved': {
      const dirty = new Map(state.dirty);
      for (const [id, values] of action.sent) {
        const fields = dirty.get(id);
        const seg = state.segments[state.index.get(id) ?? -1];
        if (!fields || !seg) continue;
        const left = new Set([...fields].filter((f) => !(f in values) || values[f] !== seg[f]));
        if (left.size) dirty.set(id, left);
        else dirty.delete(id);
      }
      return { ...state, dirty };
    }
  }
}

/** What to send: the current values of every dirty field. */
export function pendingPatches(state: EditorState): Map<number, Partial<Record<Field, Value>>> {
  const out = new Map<number, Partial<Record<Field, Value>>>();
  for (const [id, fields] of state.dirty) {
    const seg = state.segments[state.index.get(id) ?? -1];
    if (!seg) continue;
    const values: Partial<Record<Field, Value>> = {};
    for (const f of fields) values[f] = seg[f];
    out.set(id, values);
  }
  return out;
}

export interface Match {
  id: number;
  field: 'originalText' | 'translatedText';
  /** offsets of each match in the text */
  at: number[];
}

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Find across segments: the matches per segment (plain text, optionally case-sensitive). */
export function findMatches(
  segments: readonly EditSegment[],
  query: string,
  opts: { field: 'originalText' | 'translatedText'; caseSensitive: boolean },
): Match[] {
  if (!query) return [];
  const re = new RegExp(escapeRegExp(query), opts.caseSensitive ? 'g' : 'gi');
  const out: Match[] = [];
  for (const s of segments) {
    const at = [...s[opts.field].matchAll(re)].map((m) => m.index);
    if (at.length) out.push({ id: s.id, field: opts.field, at });
  }
  return out;
}

/** The changes that replace every match (one undo step). */
export function replaceAll(
  segments: readonly EditSegment[],
  query: string,
  replacement: string,
  opts: { field: 'originalText' | 'translatedText'; caseSensitive: boolean },
): Omit<Change, 'before'>[] {
  if (!query) return [];
  const re = new RegExp(escapeRegExp(query), opts.caseSensitive ? 'g' : 'gi');
  return findMatches(segments, query, opts).map((m) => {
    const seg = segments.find((s) => s.id === m.id)!;
    return { id: m.id, field: opts.field, after: seg[opts.field].replace(re, () => replacement) };
  });
}

/**
 * What is wrong with a new time for a line: `endAfterStart` (refused: negative, or not after its
 * start), `overlap` (allowed, with a warning: it overlaps a neighbour), `missing` (no such line);
 * null for a text, or a time that fits.
 */
export function timingProblem(
  state: Pick<EditorState, 'segments' | 'index'>,
  id: number,
  field: Field,
  value: Value,
): 'missing' | 'endAfterStart' | 'overlap' | null {
  if (field !== 'startMs' && field !== 'endMs') return null;
  const i = state.index.get(id);
  const seg = i === undefined ? undefined : state.segments[i];
  if (i === undefined || !seg) return 'missing';
  const start = field === 'startMs' ? Number(value) : seg.startMs;
  const end = field === 'endMs' ? Number(value) : seg.endMs;
  if (start < 0 || end <= start) return 'endAfterStart';
  const prev = state.segments[i - 1];
  const next = state.segments[i + 1];
  if ((prev && start < prev.endMs) || (next && end > next.startMs)) return 'overlap';
  return null;
}
