import { useCallback, useDeferredValue, useMemo, useRef, useState, type Dispatch } from 'react';
import type { InputRef } from 'antd';
import type { FindOptions } from '../components/find-replace';
import { type EditorAction, type EditSegment } from '../lib/editor-state';
import { findMatches, replaceAll } from '../lib/find';

const NO_SEGMENTS: readonly EditSegment[] = [];

/** The match after (delta 1) or before (-1) the current line, going round; from the top when none is current. */
export function nextMatch(ids: readonly number[], current: number | null, delta: number): number | undefined {
  if (!ids.length) return undefined;
  const i = current === null ? -1 : ids.indexOf(current);
  if (i >= 0) return ids[(i + delta + ids.length) % ids.length];
  return (
    (delta > 0
      ? ids.find((id) => id > (current ?? 0))
      : [...ids].reverse().find((id) => id < (current ?? Infinity))) ?? ids[delta > 0 ? 0 : ids.length - 1]
  );
}

/** Find and replace across the segments: the search bar's state, its matches, and replace-all. */
export function useFindReplace(segments: readonly EditSegment[], dispatch: Dispatch<EditorAction>) {
  const [open, setOpen] = useState(false);
  const [find, setFind] = useState<FindOptions>({
    query: '',
    replacement: '',
    caseSensitive: false,
    field: 'translatedText',
  });
  const inputRef = useRef<InputRef>(null);

  // the matches follow the text without slowing typing down (a search of every line), and only
  // while a search is open: otherwise each key would cost a second render for nothing
  const searching = open && find.query !== '';
  const deferred = useDeferredValue(searching ? segments : NO_SEGMENTS);
  const matches = useMemo(
    () => findMatches(deferred, find.query, { field: find.field, caseSensitive: find.caseSensitive }),
    [deferred, find.query, find.field, find.caseSensitive],
  );
  const matchCount = useMemo(() => matches.reduce((n, m) => n + m.at.length, 0), [matches]);

  const toggle = useCallback(() => setOpen((o) => !o), []);
  /** opens the bar and puts the cursor in its search field */
  const openAndFocus = useCallback(() => {
    setOpen(true);
    requestAnimationFrame(() => inputRef.current?.focus());
  }, []);

  /** the line of the next or previous match from `current` */
  const step = (current: number | null, delta: number) =>
    nextMatch(
      matches.map((m) => m.id),
      current,
      delta,
    );

  /** replaces every match (one undo step); the count of matches and lines replaced, or null for none */
  const replaceEvery = () => {
    const changes = replaceAll(segments, find.query, find.replacement, {
      field: find.field,
      caseSensitive: find.caseSensitive,
    });
    if (!changes.length) return null;
    dispatch({ type: 'change', changes });
    return { count: matchCount, lines: changes.length };
  };

  return { open, toggle, openAndFocus, find, setFind, inputRef, matches, matchCount, step, replaceEvery };
}
