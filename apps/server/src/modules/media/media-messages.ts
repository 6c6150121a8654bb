import { errorMessage, type ErrorKey, type UiLanguage } from '@subtrans/contract';
import type { MediaError } from '../../tools/ffmpeg/index.js';
import type { TaskRow } from '../tasks/index.js';

// a message may name the task's counts (TRANSLATION_MOSTLY_KEPT: how many lines kept their original)
export const failureText = (task: TaskRow, lang: UiLanguage) =>
  task.error_key
    ? errorMessage(task.error_key as ErrorKey, lang, {
        keptOriginal: task.kept_original,
        segmentCount: task.segment_count,
      })
    : (task.error ?? '');

/** Why a detection failed, as the customer reads it: detection holds no points, so none are "returned". */
export const DETECTION_FAILURES: Record<MediaError['reason'], ErrorKey> = {
  'not-media': 'MEDIA_NOT_MEDIA',
  'no-audio': 'MEDIA_NO_AUDIO',
  'no-duration': 'MEDIA_NO_DURATION',
  'tool-missing': 'MEDIA_TOOLS_MISSING',
  failed: 'MEDIA_DETECTION_FAILED',
  aborted: 'MEDIA_DETECTION_FAILED',
};
