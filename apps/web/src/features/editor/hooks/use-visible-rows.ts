import { useMemo, useState } from 'react';
import type { EditorState } from '../lib/editor-state';

/** Which lines the list shows: all, those that break the norms, or those the server flagged for review. */
export type RowFilter = 'all' | 'flagged' | 'review';

/** The lines the list shows: all of them, only the flagged ones, or only the lines to review. */
export function useVisibleRows(
  state: Pick<EditorState, 'segments' | 'index'>,
  flags: ReadonlyMap<number, unknown>,
  review: ReadonlyMap<number, unknown>,
  initial: RowFilter = 'all',
) {
  const [filter, setFilter] = useState<RowFilter>(initial);
  const shown = filter === 'flagged' ? flags : filter === 'review' ? review : null;
  const rows = useMemo(
    () => (shown ? state.segments.filter((s) => shown.has(s.id)) : state.segments),
    [shown, state.segments],
  );
  // the ids change only when segments load, or with a filter or the lines it keeps; typing keeps them
  const allIds = useMemo(() => [...state.index.keys()], [state.index]);
  const rowIds = useMemo(() => (shown ? allIds.filter((id) => shown.has(id)) : allIds), [shown, allIds]);
  return { rows, rowIds, filter, setFilter };
}
