import { useState, type RefObject } from 'react';
import type { SegmentListHandle } from '../components/segment-list';
import type { EditorState } from '../lib/editor-state';
import type { LineIndex } from '../lib/editor-types';
import { useLatest } from './use-latest';
import type { RowFilter } from './use-visible-rows';

/**
 * A line's number in the task: its place as last shown (a split renumbers every line after it, and
 * those rows show their new numbers a frame later, in a transition), a new line's at once.
 */
export const numberIn = (shown: LineIndex, index: LineIndex) => (id: number) =>
  (shown.get(id) ?? index.get(id) ?? 0) + 1;

/**
 * Shows the lines as edit `seq` leaves them (computed only when shown) in the list, in the key's
 * own render; false when the list cannot show them alone.
 */
export type ListPreview = (seq: number, next: () => EditorState) => boolean;

/**
 * Issue 35: the lines as a split, merge, insert or deletion leaves them, shown by the list in the
 * key's own render; the page (toolbar counts, timeline, flags, autosave) takes them after that
 * paint, in a transition (use-editor-document.ts): the key paints the list's change alone (npm run bench editor-structure). Not
 * where the list shows only what the page gives it: a filter (its rows follow the flags, which the
 * page computes) or every row rendered (?virtual=off).
 */
export function useListPreview(opts: {
  list: RefObject<SegmentListHandle | null>;
  filter: RowFilter;
  /** a line's flags in the given lines (the quality flags' cache) */
  flagOfIn: (lines: Pick<EditorState, 'segments' | 'index'>) => (id: number) => string;
  /** the lines' places as the rows last showed them */
  shownIndex: LineIndex;
}): ListPreview {
  const latest = useLatest(opts);
  // one function for the page's life (the line edits' callbacks keep theirs), reading the latest
  const [preview] = useState<ListPreview>(() => (seq: number, lines: () => EditorState) => {
    const { list, filter, flagOfIn, shownIndex } = latest.current;
    const show = filter === 'all' ? list.current?.previewer() : null;
    if (!show) return false;
    const next = lines();
    show(seq, {
      rows: next.segments,
      rowIds: next.index.ids(),
      rowKeys: next.rowKeys,
      flagOf: flagOfIn(next),
      numberOf: numberIn(shownIndex, next.index),
    });
    return true;
  });
  return preview;
}
