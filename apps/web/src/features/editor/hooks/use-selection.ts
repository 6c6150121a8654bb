import { useCallback, useState } from 'react';
import { useLatest } from './use-latest';

/** The ticked lines' ids in the task's order (a walk of every line only when some are ticked). */
export const selectedIn = (segments: readonly { id: number }[], selected: ReadonlySet<number>): number[] =>
  selected.size ? segments.filter((s) => selected.has(s.id)).map((s) => s.id) : [];

/** The lines ticked for re-translation together (their ids). */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const selectedRef = useLatest(selected);
  const toggle = useCallback(
    (id: number) =>
      setSelected((s) => {
        const next = new Set(s);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  // nothing ticked stays the same set: a merge clears the selection, and a new empty set would
  // draw the toolbar again in the key's own render
  const clear = useCallback(() => setSelected((s) => (s.size ? new Set() : s)), []);
  /** the ticked ids in order, at most `limit` of them (stable: reads the latest selection) */
  const first = useCallback(
    (limit: number) => [...selectedRef.current].sort((a, b) => a - b).slice(0, limit),
    [selectedRef],
  );
  return { selected, toggle, clear, first };
}
