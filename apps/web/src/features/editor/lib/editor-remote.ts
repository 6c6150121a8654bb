/**
 * Another tab's or device's lines taken into the editor (issue 35), and the conflicting ones
 * resolved. A field another tab changed leaves this editor's undo history: undoing an older edit
 * of it would put back a value from before the other tab's and save it over theirs.
 */
import type { EditSegment, Field, LineIndex, RetimeItem, StepItem, Value } from './editor-types';
import { throughPending } from './editor-timing';

/** The parts of the editor's state this touches. */
export interface RemoteParts {
  segments: EditSegment[];
  index: Pick<LineIndex, 'get' | 'has'>;
  dirty: Map<number, Set<Field>>;
  conflicts: ReadonlyMap<number, EditSegment>;
  retimes: readonly RetimeItem[];
  past: StepItem[][];
  future: StepItem[][];
}

const FIELDS: readonly Field[] = ['originalText', 'translatedText', 'startMs', 'endMs'];

/** The undo steps without the changes of fields another tab changed (a step left empty goes). */
function withoutFields(steps: StepItem[][], taken: ReadonlySet<string>): StepItem[][] {
  if (!taken.size) return steps;
  const out: StepItem[][] = [];
  for (const step of steps) {
    const kept = step.filter((item) => 'op' in item || !taken.has(`${item.id}:${item.field}`));
    if (kept.length) out.push(kept.length === step.length ? step : kept);
  }
  return out;
}

/**
 * `remote`: lines as another tab saved them, moved as the retimes not saved here will move them
 * on the server, taken in except the fields edited here (a field edited here that the other tab
 * saved differently is a conflict the user decides). `theirs` / `mine`: the conflicts resolved.
 */
export function takeRemote<S extends RemoteParts>(
  state: S,
  mode: 'remote' | 'theirs' | 'mine',
  remote: EditSegment[] = [],
): S {
  const segments = state.segments.slice();
  const dirty = new Map(state.dirty);
  const conflicts = new Map(state.conflicts);
  const taken = new Set<string>();
  const lines =
    mode === 'remote'
      ? throughPending(remote, state.retimes)
      : mode === 'theirs'
        ? [...state.conflicts.values()]
        : [];
  for (const line of lines) {
    const i = state.index.get(line.id);
    if (i === undefined) continue;
    const local = segments[i]!;
    const mine = mode === 'remote' ? (dirty.get(line.id) ?? new Set<Field>()) : new Set<Field>();
    const merged = { ...line };
    for (const f of mine) (merged as Record<Field, Value>)[f] = local[f];
    for (const f of FIELDS) if (!mine.has(f) && line[f] !== local[f]) taken.add(`${line.id}:${f}`);
    segments[i] = merged;
    if (mode !== 'remote') dirty.delete(line.id);
    // a field edited here that the other tab saved differently: the user decides
    if ([...mine].some((f) => line[f] !== local[f])) conflicts.set(line.id, line);
  }
  if (mode !== 'remote') conflicts.clear();
  return {
    ...state,
    segments,
    dirty,
    conflicts,
    past: withoutFields(state.past, taken),
    future: withoutFields(state.future, taken),
  };
}
