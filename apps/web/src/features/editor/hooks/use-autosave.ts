import { useCallback, useEffect, useRef, useState } from 'react';
import {
  ErrorCodes,
  LIMITS,
  SEGMENT_PATCHES_MAX,
  versionConflictSchema,
  type SegmentPatch,
} from '@subtrans/contract';
import { formatSrtTime } from '@subtrans/subtitles/time';
import { ApiError } from '../../../lib/api-client';
import { saveSegments } from '../api/editor';
import type { SaveState } from '../components/editor-header';
import { editorReducer, type Field } from '../lib/editor-state';
import { approxBytes, hasPending, pendingPatches } from '../lib/editor-pending';
import { pendingInserts } from '../lib/editor-structure';
import { retimesToSend } from '../lib/editor-timing';
import { createTypingSignal } from '../lib/typing-signal';
import type { EditorDocument } from './use-editor-document';

/** edits are saved this long after the last keystroke */
export const SAVE_DEBOUNCE_MS = 800;
export const RETRY_DELAYS_MS = [2000, 4000, 8000, 15000, 30000];
/**
 * what one save may carry (the server's caps, and its body's bytes with room to spare): more is
 * sent by the saves after it
 */
export const SAVE_CAPS = {
  patches: SEGMENT_PATCHES_MAX,
  insert: 200,
  remove: 2000,
  retime: 20,
  bytes: Math.floor(LIMITS.jsonBodyMaxBytes * 0.7),
};

export function toPatch(id: number, values: Partial<Record<Field, string | number>>): SegmentPatch {
  const patch: SegmentPatch = { id };
  if (values.originalText !== undefined) patch.originalText = String(values.originalText);
  if (values.translatedText !== undefined) patch.translatedText = String(values.translatedText);
  if (values.startMs !== undefined) patch.startTime = formatSrtTime(Number(values.startMs));
  if (values.endMs !== undefined) patch.endTime = formatSrtTime(Number(values.endMs));
  return patch;
}

export interface AutosaveOptions {
  taskId: string;
  doc: Pick<EditorDocument, 'state' | 'dispatch' | 'stateRef' | 'versionRef' | 'applySaved' | 'applyRemote'>;
  /** the server refused the values (e.g. an impossible timing): its message, to show */
  onRefused: (message: string) => void;
  /** the call that saves (the server's by default) */
  send?: typeof saveSegments;
  /** another tab added or deleted lines: the task's lines are read again (unsaved edits kept) */
  onReload?: () => void;
}

/**
 * Edits saved as you type: once typing pauses (debounced), retried with growing pauses on network
 * or server trouble, checked against the lines' versions (issue 35: another tab's save of other
 * lines is taken in; of a line edited here, a conflict the user resolves, never overwritten).
 * Server calls run one after another through `enqueue`, so a save and a re-translation never race
 * on the version.
 */
export function useAutosave({ taskId, doc, onRefused, send = saveSegments, onReload }: AutosaveOptions) {
  const { state, dispatch, stateRef, versionRef, applySaved, applyRemote } = doc;
  const [saveState, setSaveState] = useState<SaveState>('saved');
  const [typing] = useState(createTypingSignal);
  const saveTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const retryCount = useRef(0);
  const chain = useRef<Promise<unknown>>(Promise.resolve());

  const enqueue = useCallback(<T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.current.then(fn, fn);
    chain.current = run.catch(() => undefined);
    return run;
  }, []);

  const saveRef = useRef<() => Promise<void>>(() => Promise.resolve());
  const save = useCallback((): Promise<void> => {
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = null;
    return enqueue(async () => {
      const state = stateRef.current;
      const sent = pendingPatches(state, SAVE_CAPS.patches, SAVE_CAPS.bytes);
      // issue 35: lines made here (each after the line before it) and lines deleted here
      // a prefix of them: a later one may follow an earlier one by its key
      let room = SAVE_CAPS.bytes - [...sent.values()].reduce((n, v) => n + approxBytes(v), 0);
      const inserts = pendingInserts(state.segments, state.structure.added).slice(0, SAVE_CAPS.insert);
      const fits = inserts.findIndex(
        ({ line }, i) => (room -= approxBytes(line)) < 0 && (i > 0 || sent.size > 0),
      );
      if (fits >= 0) inserts.length = fits;
      const removedSent = [...state.structure.removed].slice(0, SAVE_CAPS.remove);
      // lines moved in time, as maps: applied by the server before the values above
      const retimesSent = state.retimes.slice(0, SAVE_CAPS.retime);
      const retime = retimesToSend(retimesSent);
      if (!sent.size && !inserts.length && !removedSent.length && !retime.length) {
        // retimes of lines made and deleted here only: nothing of them is for the server
        if (retimesSent.length) dispatch({ type: 'saved', sent, retimesSent: retimesSent.length });
        setSaveState((s) => (s === 'conflict' ? s : 'saved'));
        return;
      }
      setSaveState('saving');
      try {
        const res = await send(
          taskId,
          versionRef.current,
          [...sent].map(([id, values]) => toPatch(id, values)),
          {
            insert: inserts.map(({ line, after }) => ({
              key: line.id,
              after,
              startTime: formatSrtTime(line.startMs),
              endTime: formatSrtTime(line.endMs),
              originalText: line.originalText,
              translatedText: line.translatedText,
            })),
            remove: removedSent,
            retime,
          },
        );
        versionRef.current = res.version;
        retryCount.current = 0;
        const saved = {
          type: 'saved' as const,
          sent,
          created: new Map(res.created.map((c) => [c.key, c.id])),
          insertedSent: new Map(inserts.map(({ line }) => [line.id, line])),
          removedSent,
          retimesSent: retimesSent.length,
        };
        // first: other tabs' lines (below) are then not moved again by the retimes just saved
        dispatch(saved);
        // the saved lines' review tags are the server's new verdict on them
        applySaved(res);
        if (res.reload) onReload?.();
        // what is left once these values count as saved (typing may have gone on meanwhile)
        setSaveState(hasPending(editorReducer(stateRef.current, saved)) ? 'pending' : 'saved');
      } catch (e) {
        if (e instanceof ApiError && e.code === ErrorCodes.TASK_VERSION_CONFLICT.code) {
          // the other tab's lines come in; where they differ from edits here the user decides
          // (state.conflicts), where they agree the edits are saved again against them
          const conflict = versionConflictSchema.safeParse(e.data);
          if (!conflict.success) {
            setSaveState('conflict');
            return;
          }
          applyRemote(conflict.data.lines, conflict.data.version);
          // another tab also added or deleted lines: read them (a retime of all lines waits for it)
          if (conflict.data.reload) onReload?.();
          setSaveState('pending');
          return;
        }
        if (e instanceof ApiError && e.code === ErrorCodes.SEGMENT_REMOVED_ELSEWHERE.code) {
          // the line is gone: said, and the lines read again (the other edits are saved after)
          onRefused(e.message);
          onReload?.();
          setSaveState('pending');
          return;
        }
        if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.code !== -1) {
          // the server refused these values (e.g. an impossible timing): say so, keep them to fix
          setSaveState('failed');
          onRefused(e.message);
          return;
        }
        // network or server trouble: nothing is lost, try again with growing pauses
        setSaveState('failed');
        const delay = RETRY_DELAYS_MS[Math.min(retryCount.current, RETRY_DELAYS_MS.length - 1)]!;
        retryCount.current += 1;
        saveTimer.current = setTimeout(() => void saveRef.current(), delay);
      }
    });
  }, [applyRemote, applySaved, dispatch, enqueue, onRefused, onReload, send, stateRef, taskId, versionRef]);

  // after every change, once typing pauses (the timer is reset only by a new change)
  useEffect(() => {
    saveRef.current = save;
  }, [save]);
  const dirtyCount =
    state.dirty.size + state.structure.added.size + state.structure.removed.size + state.retimes.length;
  const conflicted = state.conflicts.size > 0;
  // the badge follows the edits in the same commit that shows them: "saved" with edits not saved
  // is "pending", worked out here, not set by the effect below (a state set there after a split
  // rendered the page a second time before the split's paint)
  const shownState: SaveState = saveState === 'saved' && dirtyCount > 0 ? 'pending' : saveState;
  useEffect(() => {
    // the keys typed have reached the state; the badge follows saveState again (lowered only once
    // it says "pending", so it never shows "saved" for a moment in between)
    if (!dirtyCount || shownState !== 'saved') typing.set(false);
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (!dirtyCount && saveState === 'pending') setSaveState('saved');
    if (!dirtyCount || conflicted || saveState === 'conflict' || saveState === 'saving') return;
    // a failed save is already waiting for its retry
    if (saveState === 'failed' && saveTimer.current) return;
    if (saveTimer.current) clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => void saveRef.current(), SAVE_DEBOUNCE_MS);
  }, [state.segments, dirtyCount, conflicted, saveState, shownState, typing]);

  /** the conflicting lines: this tab's edits saved over the other's, or the other's taken */
  const resolve = useCallback(
    (keep: 'mine' | 'theirs') => {
      dispatch({ type: 'resolve', keep });
      setSaveState('pending');
    },
    [dispatch],
  );

  /** something typed is not saved yet (what leaving the page would lose) */
  const unsaved = dirtyCount > 0 || saveState === 'saving';
  return { saveState: conflicted ? 'conflict' : shownState, save, enqueue, typing, unsaved, resolve };
}
