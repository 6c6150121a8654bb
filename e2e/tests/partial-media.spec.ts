import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { makeSpeechMedia } from '../../apps/server/test/support/media.js';
import { E2E_PORT } from '../playwright.config.js';
import { expectDashboard, registerViaUi } from '../support/auth.js';
import { grantToCurrentUser } from '../support/points.js';

const BASE = `http://localhost:${E2E_PORT}`;

let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'e2e-partial-media-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * Issue 34 for audio/video: a file of a little over 2 minutes (30 points) with 10 points. The
 * confirmation offers its first minute, which is transcribed and translated; points are bought
 * through the sandbox checkout and the rest is continued from the list: two holds, each charged.
 */
test('10 points translate the first minute of a 2-minute audio file; the rest after buying points', async ({
  page,
}) => {
  // two transcriptions and translations and a checkout, on a machine shared with other runs
  test.setTimeout(300_000);
  const audio = await makeSpeechMedia(dir, {
    text: 'The harbour opens at dawn.',
    format: 'mp3',
    fileName: 'harbour-parts.mp3',
    padSeconds: 124,
  });
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  await grantToCurrentUser(page, 10);
  await page.goto('/dashboard?lang=en');
  await expect(page.getByTestId('user-points')).toContainText('10');

  await page.getByTestId('media-card').click();
  const modal = page.getByTestId('media-upload-modal');
  await modal.locator('input[type=file]').setInputFiles(audio.path);
  await expect(modal.getByTestId('media-file-name')).toContainText('harbour-parts.mp3');
  await page.getByTestId('media-target').click();
  await page.keyboard.type('ja');
  await page.locator('.ant-select-dropdown:visible').getByText('Japanese', { exact: true }).click();
  await page.getByTestId('media-upload-submit').click();

  // the confirmation: the whole file costs 30 points; 10 cover its first minute
  const confirm = page.getByTestId('media-confirm-dialog');
  await expect(confirm).toBeVisible({ timeout: 60_000 });
  await expect(confirm.getByTestId('media-confirm-cost')).toContainText('30');
  await expect(confirm.getByTestId('part-offer')).toContainText(
    'The whole file costs 30 points; you have 10.',
  );
  await expect(confirm.getByTestId('part-offer-range')).toHaveText(
    'Your points cover the first 1 min for 10 points.',
  );
  await expect(page.getByTestId('media-confirm-buy')).toBeVisible();
  await expect(page.getByTestId('media-confirm-ok')).toHaveText('Translate this part (10 points)');
  await page.getByTestId('media-confirm-ok').click();
  await expect(confirm).toBeHidden();

  const row = page.getByTestId('task-list').locator('tr', { hasText: 'harbour-parts.mp3' });
  await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', {
    timeout: 90_000,
  });
  await expect(row.getByTestId('task-partial')).toContainText('the rest of the audio is not transcribed yet');
  await expect(row.getByTestId('task-partial-rest')).toHaveText('2 min of audio left: 20 points');
  await expect(page.getByTestId('user-points')).toContainText('0');

  // the editor: the first minute's lines translated, the rest of the audio said to come
  await row.getByTestId('task-edit').click();
  await expect(page.getByTestId('editor-partial')).toContainText('2 min of audio are not transcribed yet');
  await expect(page.getByTestId('seg-1-translation')).toHaveValue(/\S/);
  await expect(page.locator('[data-untranslated]')).toHaveCount(0);

  // no points left: continuing asks to buy them; a sandbox card purchase of 1,200 points
  await page.getByTestId('editor-continue').click();
  await page.getByTestId('insufficient-buy').click();
  await expect(page).toHaveURL(/view=points/);
  await page.getByTestId('pay-method').getByText('Card ($)').click();
  await page.getByTestId('buy-3').click();
  await page.getByTestId('sandbox-approve').click();
  await expect(page.getByTestId('card-success')).toContainText('SUCCEEDED');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('user-points')).toContainText('1,200');

  // continue from the list: the balance covers the rest of the audio, so all of it
  await page.goto('/dashboard?lang=en');
  await row.getByTestId('task-continue').click();
  await expect(row.getByTestId('task-partial')).toBeHidden({ timeout: 90_000 });
  await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed');
  await expect(row.getByTestId('task-continue')).toBeHidden();
  await expect(page.getByTestId('user-points')).toContainText('1,180');

  // the ledger: two runs of the task, each held and then charged (10 + 20 = the whole file's 30)
  const history = (await (
    await page.request.post('/user/point_history', { headers: { Origin: BASE }, data: { page: 1, size: 10 } })
  ).json()) as {
    data: { list: { kind: string; amount: number; task: { fileName: string; state: string } | null }[] };
  };
  const runs = history.data.list.filter((e) => e.kind === 'task');
  expect(runs.map((e) => [e.task?.fileName, e.task?.state, e.amount])).toEqual([
    ['harbour-parts.mp3', 'charged', -20],
    ['harbour-parts.mp3', 'charged', -10],
  ]);

  // the whole file in the editor: every line translated, the notice gone
  await row.getByTestId('task-edit').click();
  await expect(page.locator('[data-segment-input]').first()).toBeVisible();
  await expect(page.getByTestId('editor-partial')).toBeHidden();
  await expect(page.locator('[data-untranslated]')).toHaveCount(0);
});
