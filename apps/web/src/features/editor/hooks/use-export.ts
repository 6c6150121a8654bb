import { useCallback, type RefObject } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@subtrans/contract';
import { downloadTask } from '../../../lib/task-export';
import type { ExportChoice } from '../components/editor-header';
import type { EditorState } from '../lib/editor-state';
import { hasPending } from '../lib/editor-pending';

/**
 * The header's export menu: what is typed is saved first (an export never misses an edit), then
 * the file is downloaded. The callback stays the same from render to render (the header is memoised).
 */
export function useExport(taskId: string, stateRef: RefObject<EditorState>, save: () => Promise<void>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return useCallback(
    (choice: ExportChoice) => {
      const format = choice.split('-')[0] as ExportFormat;
      if (!stateRef.current.segments.length) return void message.warning(t('editor.noData'));
      void (async () => {
        try {
          await save();
          if (hasPending(stateRef.current)) throw new Error(t('editor.save.failed'));
          await downloadTask(taskId, format, choice.includes('-both'), !choice.endsWith('-flipped'));
        } catch (e) {
          void message.error(e instanceof Error ? e.message : t('tasks.downloadFailed'));
        }
      })();
    },
    [message, save, stateRef, t, taskId],
  );
}
