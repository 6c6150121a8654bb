import { useCallback, useMemo, useState } from 'react';
import type { EditorState } from '../lib/editor-state';

/** Which lines the list shows: all, those that break the norms, or those the server flagged for review. */
export type RowFilter = 'all' | 'flagged' | 'review';

const FILTERS: readonly RowFilter[] = ['all', 'flagged', 'review'];
const memoryKey = (taskId: string) => `editor-filter:${taskId}`;

/** the filter chosen for this task earlier in this tab's session; 'all' for a first open */
function remembered(taskId: string): RowFilter {
  try {
    const value = sessionStorage.getItem(memoryKey(taskId));
    return FILTERS.find((f) => f === value) ?? 'all';
  } catch {
    return 'all'; // storage refused (a private window's settings): every open starts on all lines
  }
}

function remember(taskId: string, filter: RowFilter) {
  try {
    if (filter === 'all') sessionStorage.removeItem(memoryKey(taskId));
    else sessionStorage.setItem(memoryKey(taskId), filter);
  } catch {
    // not kept: the next open shows all lines, as a first one does
  }
}

/**
 * The lines the list shows: all of them, only the flagged ones, or only the lines to review. An
 * editor opens on all lines, from line 1 (opened on a filter, a newcomer took the hidden lines for
 * lost); a filter chosen is kept for the task while the tab lives (sessionStorage).
 */
export function useVisibleRows(
  state: Pick<EditorState, 'segments' | 'index'>,
  flags: ReadonlyMap<number, unknown>,
  /** the lines to review (linesToReview) */
  review: Pick<ReadonlySet<number>, 'has'>,
  taskId: string,
) {
  const [filter, setShown] = useState<RowFilter>(() => remembered(taskId));
  const setFilter = useCallback(
    (next: RowFilter) => {
      setShown(next);
      remember(taskId, next);
    },
    [taskId],
  );
  const shown = filter === 'flagged' ? flags : filter === 'review' ? review : null;
  const rows = useMemo(
    () => (shown ? state.segments.filter((s) => shown.has(s.id)) : state.segments),
    [shown, state.segments],
  );
  // the ids change only when segments load, or with a filter or the lines it keeps; typing keeps them
  const allIds = useMemo(() => state.index.ids(), [state.index]);
  const rowIds = useMemo(() => (shown ? allIds.filter((id) => shown.has(id)) : allIds), [shown, allIds]);
  return { rows, rowIds, filter, setFilter };
}
