import type { TFunction } from 'i18next';
import { DETECT_STATUS, ErrorCodes, errorMessage, type ErrorKey, type Task } from '@subtrans/contract';
import type { UiLanguage } from './i18n';

const isErrorKey = (key: string | null): key is ErrorKey => key !== null && key in ErrorCodes;

/**
 * Why a failed task failed, in words the customer can act on. The stored reason comes first; else
 * the state picks the words: an audio/video file whose detection failed never held points, so
 * "the points were returned" would be news of a charge that never happened; a translation that
 * started held its points and gave them back.
 */
export function taskFailureText(
  task: Pick<Task, 'kind' | 'detectStatus' | 'errorKey' | 'keptOriginal' | 'segmentCount'>,
  ui: UiLanguage,
  t: TFunction,
): string {
  if (isErrorKey(task.errorKey)) return errorMessage(task.errorKey, ui, task);
  if (task.kind === 'media' && task.detectStatus !== DETECT_STATUS.ready)
    return errorMessage('MEDIA_DETECTION_FAILED', ui);
  return t('tasks.translationFailed');
}
