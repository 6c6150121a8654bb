import { useEffect, useState } from 'react';
import { useLatest } from './use-latest';

/**
 * `value` once it has stayed the same (by `key`) for `ms`; the first value at once. A value whose
 * key does not change is not a change (a new object of the same content).
 */
export function useDebounced<T>(value: T, key: string, ms: number): T {
  const [held, setHeld] = useState({ key, value });
  const latest = useLatest(value);
  useEffect(() => {
    if (key === held.key) return;
    const timer = setTimeout(() => setHeld({ key, value: latest.current }), ms);
    return () => clearTimeout(timer);
  }, [key, ms, held.key, latest]);
  return held.value;
}
