import { useCallback, useEffect, useMemo, useRef } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type * as Maths from '@subtrans/subtitles/structure';
import {
  editorReducer,
  type EditorAction,
  type EditorState,
  type EditSegment,
  type Field,
} from '../lib/editor-state';
import { splitTime } from '../lib/editor-structure';
import { writeAhead } from '../components/segment-row';
import type { EditorDocument } from './use-editor-document';
import type { ListPreview } from './use-list-preview';

/**
 * The maths of split, merge and insert, loaded at the first use: merging lays text out again,
 * which brings BudouX's models (not on the editor's first paint).
 */
type StructureMaths = typeof Maths;
let loaded: StructureMaths | null = null;
const structure = () =>
  import('@subtrans/subtitles/structure').then((m) => {
    loaded = m;
    return m;
  });
/** Runs `fn` with the maths: at once, in the key's own event, once they are loaded (a paint sooner). */
function withStructure(fn: (maths: StructureMaths) => void): void {
  if (loaded) fn(loaded);
  else void structure().then(fn);
}

const FIELDS: readonly Field[] = ['originalText', 'translatedText', 'startMs', 'endMs'];

/** The field of a row's text a key or a click last left its cursor in (testid seg-{id}-{field}). */
const TEXT_FIELD = /^seg-(-?\d+)-(original|translation)$/;

export interface LineEdits {
  split: () => void;
  merge: () => void;
  insertAfter: () => void;
  insertBefore: () => void;
  deleteLines: () => void;
  /** the timing dialog: shift, frame rate, two-point sync, fix timing */
  timing: () => void;
}

/**
 * Issue 35: the current line split at the cursor, merged with the next (or the selected lines
 * merged), a line inserted before or after it, the selected lines (or it) deleted: each one undo
 * step, saved with the next autosave. Undefined when the task's lines cannot change (being
 * translated, read-only, or translated in part: its parts count lines by their place).
 */
export function useLineEdits(opts: {
  doc: Pick<EditorDocument, 'dispatch' | 'dispatchAfterPaint' | 'stateRef'>;
  /** the list's own render of the lines an edit leaves (use-list-preview.ts) */
  preview?: ListPreview;
  current: number | null;
  /** the selected lines, in the task's order */
  selected: () => number[];
  clearSelection: () => void;
  languages: { source: string; target: string };
  /** why lines cannot change now, or null */
  locked: string | null;
  /** the player's time, when one plays (a split there, as subtitlers split at the playhead) */
  playhead?: () => number | null;
  openTiming: () => void;
}): LineEdits | undefined {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { doc, preview, current, selected, clearSelection, languages, locked, playhead, openTiming } = opts;
  const { stateRef, dispatch: send, dispatchAfterPaint } = doc;
  const seq = useRef(0);
  /** edits the list shows that the page has not taken yet, in order, each with the lines it left */
  const ahead = useRef<{ seq: number; state: EditorState }[]>([]);
  /** the lines as the last edit left them: a key that follows before the page takes it cuts those */
  const latest = useCallback((): EditorState => {
    const shown = stateRef.current;
    ahead.current = ahead.current.filter((a) => a.seq > shown.linesSeq);
    return ahead.current.at(-1)?.state ?? shown;
  }, [stateRef]);
  /** an edit of the lines: drawn by the list in the key's own render, taken by the page after it */
  const dispatch = useCallback(
    (edit: Omit<Extract<EditorAction, { type: 'lines' }>, 'type' | 'seq'>) => {
      seq.current += 1;
      const action = { type: 'lines', ...edit, seq: seq.current } as const;
      // the lines as the edit leaves them, computed here only when the list shows them
      const lines = () => {
        const state = editorReducer(latest(), action);
        ahead.current.push({ seq: action.seq, state });
        return state;
      };
      if (!preview?.(action.seq, lines)) return send(action);
      dispatchAfterPaint(action);
    },
    [dispatchAfterPaint, latest, preview, send],
  );
  // the text field a split cuts: the last one focused (a toolbar click takes the focus away)
  const lastText = useRef<HTMLTextAreaElement | null>(null);
  useEffect(() => {
    const onFocus = (e: FocusEvent) => {
      if (e.target instanceof HTMLTextAreaElement && TEXT_FIELD.test(e.target.dataset.testid ?? ''))
        lastText.current = e.target;
    };
    document.addEventListener('focusin', onFocus);
    // the maths loaded a while after the first paint, so the first split is as quick as the next
    const preload = setTimeout(() => void structure(), 3000);
    return () => {
      document.removeEventListener('focusin', onFocus);
      clearTimeout(preload);
    };
  }, []);

  const lineAt = useCallback(
    (id: number | null | undefined): EditSegment | undefined => {
      const { segments, index } = latest();
      return id === null || id === undefined ? undefined : segments[index.get(id) ?? -1];
    },
    [latest],
  );
  const neighbour = useCallback(
    (id: number, step: 1 | -1) => {
      const { segments, index } = latest();
      return segments[(index.get(id) ?? -2) + step];
    },
    [latest],
  );

  const split = useCallback(() => {
    const line = lineAt(current);
    if (!line) return void message.info(t('editor.lines.noCurrent'));
    const field = lastText.current;
    const match = TEXT_FIELD.exec(field?.dataset.testid ?? '');
    if (!field || !match || Number(match[1]) !== line.id)
      return void message.warning(t('editor.lines.cantSplit'));
    // the field's own value: it may be a key ahead of the state (typing is taken in a transition)
    const byOriginal = match[2] === 'original';
    const text = { ...line, [byOriginal ? 'originalText' : 'translatedText']: field.value };
    const offset = field.selectionStart;
    const at = byOriginal ? { originalOffset: offset } : { translatedOffset: offset };
    const atMs = splitTime(line, playhead?.() ?? null);
    withStructure(({ splitLine }) => {
      const halves = splitLine(text, at, { ...languages, atMs });
      if (!halves) return void message.warning(t('editor.lines.cantSplit'));
      const [first, second] = halves;
      writeAhead(line.id, first);
      dispatch({
        changes: FIELDS.map((f) => ({ id: line.id, field: f, after: first[f] })),
        insert: [{ after: line.id, line: second }],
      });
    });
  }, [current, dispatch, languages, lineAt, message, playhead, t]);

  const merge = useCallback(() => {
    const chosen = selected();
    const line = lineAt(current);
    const next = line ? neighbour(line.id, 1) : undefined;
    const ids = chosen.length > 1 ? chosen : line && next ? [line.id, next.id] : [];
    if (!ids.length)
      return void message.warning(t(line ? 'editor.lines.cantMerge' : 'editor.lines.noCurrent'));
    const lines = ids.map((id) => lineAt(id)).filter((l) => l !== undefined);
    withStructure(({ mergeLines }) => {
      const merged = mergeLines(lines, languages);
      if (!merged) return void message.warning(t('editor.lines.cantMerge'));
      writeAhead(lines[0]!.id, merged);
      dispatch({
        changes: FIELDS.map((f) => ({ id: lines[0]!.id, field: f, after: merged[f] })),
        remove: lines.slice(1).map((l) => l.id),
      });
      clearSelection();
    });
  }, [clearSelection, current, dispatch, languages, lineAt, message, neighbour, selected, t]);

  const insert = useCallback(
    (where: 'before' | 'after') => {
      const line = lineAt(current);
      const { segments } = latest();
      // an empty task takes its first line at 0
      if (!line && segments.length) return void message.info(t('editor.lines.noCurrent'));
      const before = where === 'after' ? line : line && neighbour(line.id, -1);
      const after = where === 'after' ? line && neighbour(line.id, 1) : line;
      withStructure(({ insertLine }) => {
        const times = insertLine(before ?? null, after ?? null);
        if (!times) return void message.warning(t('editor.lines.noRoom'));
        dispatch({
          insert: [{ after: before?.id ?? null, line: { ...times, originalText: '', translatedText: '' } }],
        });
      });
    },
    [current, dispatch, latest, lineAt, message, neighbour, t],
  );

  const deleteLines = useCallback(() => {
    const chosen = selected();
    const ids = chosen.length ? chosen : current !== null ? [current] : [];
    if (!ids.length) return void message.info(t('editor.lines.noCurrent'));
    dispatch({ remove: ids });
    clearSelection();
    void message.success(t('editor.lines.deleted', { count: ids.length }));
  }, [clearSelection, current, dispatch, message, selected, t]);

  return useMemo(
    () =>
      locked === null
        ? {
            split,
            merge,
            insertAfter: () => insert('after'),
            insertBefore: () => insert('before'),
            deleteLines,
            timing: openTiming,
          }
        : undefined,
    [deleteLines, insert, locked, merge, openTiming, split],
  );
}
