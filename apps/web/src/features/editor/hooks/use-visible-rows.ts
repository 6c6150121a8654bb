import { useMemo, useState } from 'react';
import type { EditorState } from '../lib/editor-state';

/** The lines the list shows: all of them, or only the flagged ones. */
export function useVisibleRows(
  state: Pick<EditorState, 'segments' | 'index'>,
  flags: ReadonlyMap<number, unknown>,
) {
  const [onlyFlagged, setOnlyFlagged] = useState(false);
  const rows = useMemo(
    () => (onlyFlagged ? state.segments.filter((s) => flags.has(s.id)) : state.segments),
    [onlyFlagged, state.segments, flags],
  );
  // the ids change only when segments load, or with the flagged filter; typing keeps them
  const allIds = useMemo(() => [...state.index.keys()], [state.index]);
  const rowIds = useMemo(() => (onlyFlagged ? rows.map((r) => r.id) : allIds), [onlyFlagged, rows, allIds]);
  return { rows, rowIds, onlyFlagged, setOnlyFlagged };
}
