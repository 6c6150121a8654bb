import { useCallback, useEffect, useRef, useState } from 'react';
import type { SegmentListHandle } from '../components/segment-list';
import type { EditSegment } from '../lib/editor-state';

/** The current line, and moving it: to a line (scrolled to and focused), by a step, or after playback. */
export function useLineNavigation(rows: readonly EditSegment[]) {
  const [current, setCurrent] = useState<number | null>(null);
  /** the list's handle (SegmentList's ref) */
  const list = useRef<SegmentListHandle>(null);

  // playback moves the active segment into view (without taking the focus from the player)
  const follow = useCallback(
    (id: number) => {
      setCurrent(id);
      const i = rows.findIndex((r) => r.id === id);
      if (i >= 0) list.current?.scrollToIndex(i, 'auto');
    },
    [list, rows],
  );

  const goTo = useCallback(
    (id: number) => {
      const i = rows.findIndex((r) => r.id === id);
      if (i < 0) return;
      setCurrent(id);
      list.current?.scrollToIndex(i, 'center');
      list.current?.focusLine(id);
    },
    [list, rows],
  );

  const step = useCallback(
    (delta: number) => {
      if (!rows.length) return;
      const i = current === null ? -1 : rows.findIndex((r) => r.id === current);
      const next = rows[Math.min(rows.length - 1, Math.max(0, i + delta))]!;
      goTo(next.id);
    },
    [current, goTo, rows],
  );

  // a line the filter hid: shown once the rows without the filter are rendered
  const pending = useRef<number | null>(null);
  useEffect(() => {
    const id = pending.current;
    if (id === null) return;
    pending.current = null;
    goTo(id);
  }, [goTo]);
  /** goes to a line, first taking the filter off (`showAll`) when it hides the line */
  const reveal = useCallback(
    (id: number, showAll: () => void) => {
      if (rows.some((r) => r.id === id)) return goTo(id);
      pending.current = id;
      showAll();
    },
    [goTo, rows],
  );

  return { list, current, setCurrent, follow, goTo, step, reveal };
}
