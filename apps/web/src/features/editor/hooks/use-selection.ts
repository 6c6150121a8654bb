import { useCallback, useState } from 'react';
import { useLatest } from './use-latest';

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
  const clear = useCallback(() => setSelected(new Set()), []);
  /** the ticked ids in order, at most `limit` of them (stable: reads the latest selection) */
  const first = useCallback(
    (limit: number) => [...selectedRef.current].sort((a, b) => a - b).slice(0, limit),
    [selectedRef],
  );
  return { selected, toggle, clear, first };
}
