import { useCallback, useEffect, useMemo, useState } from 'react';
import { loadRules, storeRules } from '../components/quality-settings';
import type { EditorState } from '../lib/editor-state';
import { createFlagCache, createFlagIndex, type Flag, type QualityRules } from '../lib/quality';

const NO_FLAGS: ReadonlyMap<number, Flag[]> = new Map();

/**
 * The quality flags of the lines (too long, too fast, overlapping…) under the user's rules (kept
 * in this browser): every line's flags for the count and the filter, and one line's for its row.
 */
export function useQualityFlags(state: Pick<EditorState, 'segments' | 'index'>) {
  const [rules, setRules] = useState(loadRules);
  const [flagCache] = useState(() => createFlagCache(rules));
  const [flagIndex] = useState(() => createFlagIndex(flagCache));
  // the first check of every line waits until the rows are on screen (a frame later): with a
  // feature-length file it would otherwise hold the first paint back
  const [checking, setChecking] = useState(false);
  const hasSegments = state.segments.length > 0;
  useEffect(() => {
    if (checking || !hasSegments) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setChecking(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [checking, hasSegments]);
  // kept up to date line by line as one types
  const flags = useMemo(
    () => (checking ? flagIndex(state.segments, rules) : NO_FLAGS),
    [checking, flagIndex, state.segments, rules],
  );
  // a row on screen reads its own flags from the same cache (before the first pass too)
  const flagOf = (id: number) => {
    const i = state.index.get(id);
    return i === undefined ? '' : flagCache.at(state.segments, i, rules).join(',');
  };
  const saveRules = useCallback((next: QualityRules) => {
    setRules(next);
    storeRules(next);
  }, []);
  return { rules, saveRules, flags, flagOf };
}
