import { useCallback, useMemo, type RefObject } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MediaPlayerHandle } from '../components/media-player';
import type { RowHandlers } from '../components/segment-row';
import { liveId } from '../lib/editor-names';
import type { Field } from '../lib/editor-state';
import { timingProblem } from '../lib/editor-timing';
import type { TypingSignal } from '../lib/typing-signal';
import type { EditorDocument } from './use-editor-document';

/**
 * What a line's row does: its edits (a time is checked against its line and neighbours first),
 * focus (the player follows), ticking, re-translation and the edit dialog. One object for every
 * row, the same from render to render: the rows are memoised.
 */
export function useRowHandlers(opts: {
  doc: Pick<EditorDocument, 'dispatch' | 'stateRef'>;
  typing: TypingSignal;
  /** anything unsaved already (the badge and the leave warning say so) */
  unsavedRef: RefObject<boolean>;
  player: RefObject<MediaPlayerHandle | null>;
  setCurrent: (id: number) => void;
  toggle: (id: number) => void;
  retranslateRef: RefObject<(ids: number[]) => Promise<void>>;
  edit: (id: number) => void;
  /** issue 36: a timing flag clicked (fix timing, or why the lines cannot change now) */
  fixTimingRef?: RefObject<() => void>;
}): RowHandlers {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { doc, typing, unsavedRef, player, setCurrent, toggle, retranslateRef, edit, fixTimingRef } = opts;
  const { dispatch, stateRef } = doc;
  const change = useCallback(
    (named: number, field: Field, value: string | number, typing: boolean) => {
      // a row drawn before its line's save named it still says the temporary id
      const id = liveId(stateRef.current, named);
      const problem = timingProblem(stateRef.current, id, field, value);
      if (problem === 'missing') return;
      if (problem === 'endAfterStart') return void message.error(t('editor.modal.endAfterStart'));
      if (problem === 'overlap') void message.warning(t('editor.modal.overlap'));
      // the time is taken here: React may run the reducer again (a transition interrupted by the next key)
      dispatch({ type: 'change', changes: [{ id, field, after: value }], typing, now: Date.now() });
    },
    [dispatch, message, stateRef, t],
  );
  return useMemo<RowHandlers>(
    () => ({
      change,
      // only while all is saved: otherwise the badge and the leave warning already say so
      typing: () => {
        if (!unsavedRef.current) typing.set(true);
      },
      focus: (id) => {
        setCurrent(id);
        const { segments, index } = stateRef.current;
        const seg = segments[index.get(id) ?? -1];
        if (seg) player.current?.seek(seg.startMs);
      },
      toggle,
      retranslate: (id) => void retranslateRef.current([id]),
      edit,
      ...(fixTimingRef ? { fixTiming: () => fixTimingRef.current() } : {}),
    }),
    [change, edit, fixTimingRef, player, retranslateRef, setCurrent, stateRef, toggle, typing, unsavedRef],
  );
}
