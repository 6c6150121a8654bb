import {
  startTransition,
  useCallback,
  useEffect,
  useReducer,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
} from 'react';
import { useLatest } from './use-latest';
import {
  lineOfTaskLine,
  type RetranslateAnswer,
  type ReviewFlagName,
  type SavedSegments,
  type TaskLine,
  type TaskWithLines,
} from '@subtrans/contract';
import { editorReducer, initialState, type EditorAction, type EditorState } from '../lib/editor-state';

export interface EditorDocument {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  /**
   * an edit the list has drawn already (use-list-preview.ts), taken by the page after that paint,
   * in a transition; any dispatch before then sends it first (the edits keep their order)
   */
  dispatchAfterPaint: Dispatch<EditorAction>;
  /** the state of the last render, for callbacks that must not change with every key */
  stateRef: RefObject<EditorState>;
  /** the task's version on the server as last heard of (saves are checked against it) */
  versionRef: RefObject<number>;
  /** a re-translation's answer: its lines become changes (one undo step), its version is kept */
  applyRetranslation: (answer: RetranslateAnswer) => void;
  /** a save's answer: the flags the server computed again for the lines it stored, other tabs' lines */
  applySaved: (answer: SavedSegments) => void;
  /**
   * lines another tab saved before `version` (issue 35): taken in, their flags too; a line with
   * different unsaved edits here becomes a conflict (state.conflicts)
   */
  applyRemote: (lines: readonly TaskLine[], version: number) => void;
  /** the review flags the server stored with each line (only lines that have some) */
  review: ReviewFlags;
}

/** segment id → its review flags, comma-separated (a string keeps a row's props stable) */
export type ReviewFlags = ReadonlyMap<number, string>;

const reviewOf = (task: TaskWithLines | undefined): ReviewFlags => {
  const out = new Map<number, string>();
  for (const line of task?.lines ?? []) if (line[5]?.length) out.set(line[0], line[5].join(','));
  return out;
};

const sameFlags = (a: readonly ReviewFlagName[], b: string | undefined) => a.join(',') === (b ?? '');

/**
 * The segments being edited: the server's task, then every refresh of it while it translates
 * (unsaved edits kept), with undo/redo and what is not saved yet (lib/editor-state.ts).
 */
export function useEditorDocument(task: TaskWithLines | undefined): EditorDocument {
  // a task already loaded (the editor link's preload) is the first state: no first pass without rows
  const [state, dispatchNow] = useReducer(editorReducer, undefined, () =>
    initialState(task ? task.lines.map(lineOfTaskLine) : []),
  );
  const held = useRef<EditorAction[]>([]);
  const sendHeld = useCallback(() => {
    const actions = held.current;
    held.current = [];
    for (const action of actions) dispatchNow(action);
  }, []);
  const dispatch = useCallback(
    (action: EditorAction) => {
      sendHeld();
      dispatchNow(action);
    },
    [sendHeld],
  );
  const dispatchAfterPaint = useCallback(
    (action: EditorAction) => {
      held.current.push(action);
      const send = () => {
        if (held.current.length) startTransition(sendHeld);
      };
      // after the frame that paints the list's preview; a hidden tab runs no frames: a timer then
      requestAnimationFrame(() => setTimeout(send, 0));
      setTimeout(send, 250);
    },
    [sendHeld],
  );
  const loadedTask = useRef(task);
  const stateRef = useLatest(state);
  const versionRef = useRef(0);
  // the server's verdict: a line's flags change with a load, a save or a re-translation
  const [review, setReview] = useState(() => reviewOf(task));

  useEffect(() => {
    if (!task) return;
    versionRef.current = Math.max(versionRef.current, task.version);
    if (task === loadedTask.current) return;
    loadedTask.current = task;
    dispatch({ type: 'load', segments: task.lines.map(lineOfTaskLine) });
    setReview(reviewOf(task));
  }, [task, dispatch]);

  // the server's new verdict on some lines replaces theirs (the same map when nothing changed)
  const replaceFlags = useCallback((lines: readonly { id: number; flags: readonly ReviewFlagName[] }[]) => {
    setReview((old) => {
      if (lines.every((l) => sameFlags(l.flags, old.get(l.id)))) return old;
      const next = new Map(old);
      for (const l of lines) {
        if (l.flags.length) next.set(l.id, l.flags.join(','));
        else next.delete(l.id);
      }
      return next;
    });
  }, []);

  const applyRemote = useCallback(
    (lines: readonly TaskLine[], version: number) => {
      versionRef.current = Math.max(versionRef.current, version);
      if (!lines.length) return;
      dispatch({ type: 'remote', lines: lines.map(lineOfTaskLine) });
      replaceFlags(lines.map((l) => ({ id: l[0], flags: l[5] })));
    },
    [dispatch, replaceFlags],
  );

  const applySaved = useCallback(
    (answer: SavedSegments) => {
      replaceFlags(answer.segments);
      applyRemote(answer.changed, answer.version);
    },
    [applyRemote, replaceFlags],
  );

  const applyRetranslation = useCallback(
    (answer: RetranslateAnswer) => {
      applyRemote(answer.changed, answer.version);
      // every answered line carries its flags (a failed one its old flags)
      replaceFlags(answer.results.map((r) => ({ id: r.id, flags: r.flags ?? [] })));
      const ok = answer.results.filter((r) => r.success);
      if (ok.length)
        dispatch({
          type: 'change',
          changes: ok.map((r) => ({ id: r.id, field: 'translatedText' as const, after: r.translatedText })),
        });
    },
    [applyRemote, dispatch, replaceFlags],
  );

  return {
    state,
    dispatch,
    dispatchAfterPaint,
    stateRef,
    versionRef,
    applyRetranslation,
    applySaved,
    applyRemote,
    review,
  };
}
