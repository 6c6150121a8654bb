import { expect, test } from '@playwright/test';
import { chooseOption, newCustomer, srtFile, ZORBLA_SRT } from '../support/voice.js';

/**
 * Issue 26's series page: a series made, an episode uploaded into it; the series lists the episode
 * and keeps the names its brief found (the local engine proposes "Zorbla" as ZORBLA) as its memory.
 */

test('series page: a series made, an episode uploaded into it, the series shows it and its memory (zh)', async ({
  page,
}) => {
  await newCustomer(page);
  await page.goto('/dashboard?view=series&lang=zh');
  await expect(page.getByTestId('series-empty')).toContainText('还没有系列。');
  await page.getByTestId('series-new').click();
  const editor = page.getByTestId('series-editor');
  await editor.getByTestId('series-name').fill('星际迷航');
  await chooseOption(page, 'series-target', '法语', '法语');
  await editor.getByTestId('series-save').click();
  await expect(page.getByText('系列已保存')).toBeVisible();
  await expect(page).toHaveURL(/series=[0-9a-f-]{36}/);
  await expect(editor).toContainText('还没有剧集：上传文件时选择此系列即可。');

  await page.goto('/dashboard?lang=zh');
  await page.getByTestId('srt-card').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles(srtFile('episode-1.srt', ZORBLA_SRT));
  await chooseOption(page, 'srt-target', '法语', '法语');
  await dialog.getByTestId('srt-voice').click();
  await chooseOption(page, 'srt-series', '星际', '星际迷航');
  await dialog.getByTestId('srt-submit').click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('task-list').locator('tr', { hasText: 'episode-1.srt' });
  await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', {
    timeout: 60_000,
  });
  await expect(row.getByTestId('task-voice-asked')).toHaveText('属于系列');

  await page.goto('/dashboard?view=series&lang=zh');
  const listed = page.getByTestId('series-list').locator('tr', { hasText: '星际迷航' });
  await listed.getByTestId('series-open').click();
  await expect(editor.getByTestId('series-episodes')).toContainText('episode-1.srt');
  await expect(editor.getByLabel('术语，第 1 行')).toHaveValue('Zorbla');
  await expect(editor.getByLabel('译法，第 1 行')).toHaveValue('ZORBLA');
});
