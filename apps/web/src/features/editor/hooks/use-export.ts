import { useCallback, type RefObject } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadTask, optionsOfChoice, type ExportOptions } from '../../../lib/task-export';
import type { ExportChoice } from '../components/editor-header';
import type { EditorState } from '../lib/editor-state';
import { hasPending } from '../lib/editor-pending';

/**
 * The header's export menu and its dialog (issue 37): what is typed is saved first (an export never misses an edit), then
 * the file is downloaded. The callback stays the same from render to render (the header is memoised).
 */
export function useExport(taskId: string, stateRef: RefObject<EditorState>, save: () => Promise<void>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(
    (what: ExportChoice | ExportOptions) => {
      const options = typeof what === 'string' ? optionsOfChoice(what) : what;
      if (!stateRef.current.segments.length) return void message.warning(t('editor.noData'));
      void (async () => {
        try {
          await save();
          if (hasPending(stateRef.current)) throw new Error(t('editor.save.failed'));
          await downloadTask(taskId, options);
        } catch (e) {
          void message.error(e instanceof Error ? e.message : t('tasks.downloadFailed'));
        }
      })();
    },
    [message, save, stateRef, t, taskId],
  );
}
