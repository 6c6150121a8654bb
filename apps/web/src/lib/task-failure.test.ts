import { describe, expect, it } from 'vitest';
import { DETECT_STATUS, errorMessage, type Task } from '@subtrans/contract';
import { initI18n } from './i18n';
import { taskFailureText } from './task-failure';

const i18n = await initI18n('en');
const t = i18n.t.bind(i18n);

const task = (over: Partial<Task>) =>
  ({ kind: 'srt', detectStatus: null, errorKey: null, keptOriginal: 0, segmentCount: 3, ...over }) as Task;

describe('taskFailureText', () => {
  it('words the stored reason, with the task’s counts', () => {
    expect(taskFailureText(task({ errorKey: 'MEDIA_NO_AUDIO' }), 'en', t)).toBe(
      errorMessage('MEDIA_NO_AUDIO', 'en'),
    );
    expect(
      taskFailureText(
        task({ errorKey: 'TRANSLATION_MOSTLY_KEPT', keptOriginal: 2, segmentCount: 3 }),
        'en',
        t,
      ),
    ).toContain('2 of 3');
  });

  it('never tells of returned points for a file whose detection failed: none were held', () => {
    for (const detectStatus of [DETECT_STATUS.failed, DETECT_STATUS.analysing, null]) {
      const text = taskFailureText(task({ kind: 'media', detectStatus }), 'en', t);
      expect(text).toBe(errorMessage('MEDIA_DETECTION_FAILED', 'en'));
      expect(text).not.toMatch(/points/);
    }
  });

  it('a translation that ran held its points and gave them back', () => {
    expect(taskFailureText(task({}), 'en', t)).toBe(t('tasks.translationFailed'));
    expect(taskFailureText(task({ kind: 'media', detectStatus: DETECT_STATUS.ready }), 'en', t)).toBe(
      t('tasks.translationFailed'),
    );
  });
});
