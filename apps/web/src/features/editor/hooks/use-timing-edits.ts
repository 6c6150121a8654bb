import { useCallback, useMemo } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TimeMap } from '@subtrans/subtitles/retime';
import type { RetimeItem } from '../lib/editor-types';
import type { EditorDocument } from './use-editor-document';

/**
 * After the next paint: a toast's mount reads the page's layout, which would make the browser lay
 * out 10,000 moved lines' rows before it could paint them.
 */
const afterPaint = (fn: () => void) => requestAnimationFrame(() => setTimeout(fn, 0));

/**
 * Issue 35: what the timing dialog does to the lines, each one undo step: moved by one map (a
 * shift, a frame rate, a sync: saved as the map), or given new times (fix timing: saved as values).
 */
export function useTimingEdits(doc: Pick<EditorDocument, 'dispatch' | 'stateRef'>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { dispatch, stateRef } = doc;
  const retime = useCallback(
    (map: TimeMap, lines: RetimeItem['lines']) => {
      const before = stateRef.current;
      dispatch({ type: 'retime', map, lines });
      const count = lines === 'all' ? before.segments.length : lines.length;
      afterPaint(() => void message.success(t('editor.timing.done', { count })));
    },
    [dispatch, message, stateRef, t],
  );
  const setTimes = useCallback(
    (times: { id: number; startMs: number; endMs: number }[]) => {
      dispatch({
        type: 'change',
        changes: times.flatMap(({ id, startMs, endMs }) => [
          { id, field: 'startMs' as const, after: startMs },
          { id, field: 'endMs' as const, after: endMs },
        ]),
      });
      afterPaint(() => void message.success(t('editor.timing.done', { count: times.length })));
    },
    [dispatch, message, t],
  );
  return useMemo(() => ({ retime, setTimes }), [retime, setTimes]);
}
