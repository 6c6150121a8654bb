import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { normsFor } from '@subtrans/subtitles/norms';
import { useQualityLimits } from '../api/quality';
import type { EditorState } from '../lib/editor-state';
import { createFlagCache, createFlagIndex, type Flag } from '../lib/quality';

const NO_FLAGS: ReadonlyMap<number, Flag[]> = new Map();

/**
 * The quality flags of the lines (too long, too fast, overlapping…) under the target language's
 * norms with the user's overrides (kept on the server): every line's flags for the count and the
 * filter, and one line's for its row. Until the server answers, the language's defaults.
 */
export function useQualityFlags(state: Pick<EditorState, 'segments' | 'index'>, target: string | undefined) {
  // the first check of every line waits until the rows are on screen (a frame later): with a
  // feature-length file it would otherwise hold the first paint back; so does the limits' call
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
  const limits = useQualityLimits(target, checking);
  const answered = limits.data?.norms;
  // one object per answer: a new one starts the flag cache over
  const rules = useMemo(() => answered ?? normsFor(target ?? ''), [answered, target]);
  const [flagCache] = useState(() => createFlagCache(rules));
  const [flagIndex] = useState(() => createFlagIndex(flagCache));
  // kept up to date line by line as one types; every line's flags (the counts, the filter) may
  // follow a paint later: a shift of 10,000 lines paints the rows first
  const deferred = useDeferredValue(state.segments);
  const flags = useMemo(
    () => (checking ? flagIndex(deferred, rules) : NO_FLAGS),
    [checking, flagIndex, deferred, rules],
  );
  // a row on screen reads its own flags from the same cache (before the first pass too), in these
  // lines or in lines an edit leaves before the page takes them (use-list-preview.ts)
  const flagOfIn = (lines: Pick<EditorState, 'segments' | 'index'>) => (id: number) => {
    const i = lines.index.get(id);
    return i === undefined ? '' : flagCache.at(lines.segments, i, rules).join(',');
  };
  return { rules, flags, flagOf: flagOfIn(state), flagOfIn };
}
