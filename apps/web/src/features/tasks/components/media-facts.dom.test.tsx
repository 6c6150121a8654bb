import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import type { Task } from '@subtrans/contract';
import { initI18n } from '../../../lib/i18n';
import { MediaExpiry } from './media-facts';

const i18n = await initI18n('en');

const waiting = (mediaExpiresAt: string | null) =>
  ({ id: 't1', kind: 'media', status: 'pending', mediaExpiresAt }) as Task;

async function show(task: Task, lang: 'en' | 'zh' | 'ja') {
  await i18n.changeLanguage(lang);
  render(
    <I18nextProvider i18n={i18n}>
      <MediaExpiry task={task} />
    </I18nextProvider>,
  );
  return screen.queryByTestId('media-expires')?.textContent ?? null;
}

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('the deletion date of an audio/video task not executed yet', () => {
  it('is shown in the user’s language', async () => {
    // midday UTC: the same day in every time zone the tests run in
    const task = waiting('2030-01-08T12:00:00.000Z');
    expect(await show(task, 'en')).toBe('Not translated yet: the file is deleted on January 8, 2030');
    cleanup();
    expect(await show(task, 'zh')).toBe('尚未翻译：文件将于 2030年1月8日 删除');
    cleanup();
    expect(await show(task, 'ja')).toBe('未翻訳：ファイルは 2030年1月8日 に削除されます');
  });

  it('is not shown once the task was executed (no deletion date)', async () => {
    expect(await show(waiting(null), 'en')).toBeNull();
  });
});
