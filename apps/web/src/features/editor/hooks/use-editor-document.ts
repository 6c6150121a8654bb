import { useCallback, useEffect, useReducer, useRef, type Dispatch, type RefObject } from 'react';
import { useLatest } from './use-latest';
import type { RetranslateAnswer, TaskLine, TaskWithLines } from '@subtrans/contract';
import {
  editorReducer,
  initialState,
  type EditorAction,
  type EditorState,
  type EditSegment,
} from '../lib/editor-state';

export interface EditorDocument {
  state: EditorState;
  dispatch: Dispatch<EditorAction>;
  /** the state of the last render, for callbacks that must not change with every key */
  stateRef: RefObject<EditorState>;
  /** the task's version on the server as last heard of (saves are checked against it) */
  versionRef: RefObject<number>;
  /** a re-translation's answer: its lines become changes (one undo step), its version is kept */
  applyRetranslation: (answer: RetranslateAnswer) => void;
}

function toEdit([id, startMs, endMs, originalText, translatedText]: TaskLine): EditSegment {
  return { id, startMs, endMs, originalText, translatedText };
}

/**
 * The segments being edited: the server's task, then every refresh of it while it translates
 * (unsaved edits kept), with undo/redo and what is not saved yet (lib/editor-state.ts).
 */
export function useEditorDocument(task: TaskWithLines | undefined): EditorDocument {
  // a task already loaded (the editor link's preload) is the first state: no first pass without rows
  const [state, dispatch] = useReducer(editorReducer, undefined, () =>
    initialState(task ? task.lines.map(toEdit) : []),
  );
  const loadedTask = useRef(task);
  const stateRef = useLatest(state);
  const versionRef = useRef(0);

  useEffect(() => {
    if (!task) return;
    versionRef.current = Math.max(versionRef.current, task.version);
    if (task === loadedTask.current) return;
    loadedTask.current = task;
    dispatch({ type: 'load', segments: task.lines.map(toEdit) });
  }, [task]);

  const applyRetranslation = useCallback((answer: RetranslateAnswer) => {
    versionRef.current = Math.max(versionRef.current, answer.version);
    const ok = answer.results.filter((r) => r.success);
    if (ok.length)
      dispatch({
        type: 'change',
        changes: ok.map((r) => ({ id: r.id, field: 'translatedText' as const, after: r.translatedText })),
      });
  }, []);

  return { state, dispatch, stateRef, versionRef, applyRetranslation };
}
