/** What of the editor's state is not saved yet, and the values a save sends. */
import type { EditorState } from './editor-state';
import type { Field, Value } from './editor-types';

/** Whether anything is not saved: a field, a line made or deleted here. */
export const hasPending = (state: EditorState): boolean =>
  pendingPatches(state).size > 0 ||
  state.structure.added.size > 0 ||
  state.structure.removed.size > 0 ||
  state.retimes.length > 0;

/**
 * At most how many bytes a line's values take in a save's JSON: 3 a character (UTF-8 of CJK),
 * and the names, times and punctuation around them.
 */
export function approxBytes(values: Partial<Record<Field, Value>>): number {
  let n = 80;
  for (const v of Object.values(values)) n += typeof v === 'string' ? v.length * 3 : 16;
  return n;
}

/**
 * What to send: the current values of every dirty field, of the first `limit` lines whose values
 * fit in `maxBytes` (at least one line): the rest goes with the next save.
 */
export function pendingPatches(
  state: EditorState,
  limit = Number.POSITIVE_INFINITY,
  maxBytes = Number.POSITIVE_INFINITY,
): Map<number, Partial<Record<Field, Value>>> {
  const out = new Map<number, Partial<Record<Field, Value>>>();
  let bytes = 0;
  for (const [id, fields] of state.dirty) {
    if (out.size >= limit) break;
    const seg = state.segments[state.index.get(id) ?? -1];
    // a line made here goes whole with the save's new lines
    if (!seg || id < 0) continue;
    const values: Partial<Record<Field, Value>> = {};
    for (const f of fields) values[f] = seg[f];
    bytes += approxBytes(values);
    if (out.size && bytes > maxBytes) break;
    out.set(id, values);
  }
  return out;
}
