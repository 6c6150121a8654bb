import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { parseTimestamp } from '@subtrans/subtitles/time';
import { makeSpeechMedia } from '../../apps/server/test/support/media.js';
import { expectDashboard, registerViaUi } from '../support/auth.js';
import { grantToCurrentUser } from '../support/points.js';

/** the part of HTMLVideoElement used here (the e2e project compiles without the DOM library) */
interface Video {
  currentTime: number;
  muted: boolean;
  readonly paused: boolean;
  play(): Promise<void>;
  pause(): void;
}

let dir: string;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'e2e-media-'));
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('upload a small mp4 → detection → confirm the cost → completed → the editor plays the video under its subtitles', async ({
  page,
}) => {
  const video = await makeSpeechMedia(dir, {
    text: 'Welcome to the harbour, where the fishing boats leave every morning at dawn. Bring a warm coat, because the wind from the sea is cold. The market opens at seven and closes when the fish are gone.',
    format: 'mp4',
    fileName: 'harbour.mp4',
    padSeconds: 1,
  });
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  await grantToCurrentUser(page, 50);
  await page.reload();
  await expect(page.getByTestId('user-points')).toContainText('50');

  await page.getByTestId('media-card').click();
  const modal = page.getByTestId('media-upload-modal');
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('3 GB');
  const input = modal.locator('input[type=file]');
  // not audio or video: refused in the browser with SPEC §8's message
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(modal).toContainText('请选择视频或音频文件');
  await input.setInputFiles(video.path);
  await expect(modal.getByTestId('media-file-name')).toContainText('harbour.mp4');
  await page.getByTestId('media-target').click();
  await page.keyboard.type('ja');
  await page.locator('.ant-select-dropdown:visible').getByText('日语', { exact: true }).click();
  await page.getByTestId('media-upload-submit').click();

  // the row appears, detection runs, and the confirmation dialog asks with the cost
  const confirm = page.getByTestId('media-confirm-dialog');
  await expect(confirm).toBeVisible({ timeout: 60_000 });
  await expect(confirm.getByTestId('media-confirm-file')).toContainText('harbour.mp4');
  await expect(confirm.getByTestId('media-confirm-cost')).toContainText('10');
  await expect(confirm.getByTestId('media-confirm-balance')).toContainText('50');
  await page.getByTestId('media-confirm-ok').click();
  await expect(confirm).toBeHidden();

  const row = page.locator('tr.ant-table-row', { hasText: 'harbour.mp4' });
  await expect(row).toContainText('已完成', { timeout: 90_000 });
  await expect(page.getByTestId('user-points')).toContainText('40', { timeout: 15_000 });

  await row.getByTestId('task-edit').click();
  await expect(page).toHaveURL(/\/edit\//);
  const player = page.getByTestId('media-element');
  await expect(player).toBeVisible();
  await expect(page.locator('[data-segment-input]').first()).toBeVisible();
  // the video loads and plays from the signed URL
  await player.evaluate(async (el) => {
    const video = el as unknown as Video;
    video.muted = true;
    await video.play();
  });
  await expect
    .poll(() => player.evaluate((el) => (el as unknown as Video).currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.5);
  // the subtitle under the playhead is drawn over the video, from the translation
  await expect(page.getByTestId('media-overlay')).toContainText('[ja]', { timeout: 15_000 });
  await player.evaluate((el) => (el as unknown as Video).pause());

  // choosing a later segment seeks the video there
  const inputs = page.locator('textarea[data-segment-input]');
  const count = await inputs.count();
  expect(count).toBeGreaterThan(1);
  await inputs.nth(count - 1).click();
  await expect
    .poll(() => player.evaluate((el) => (el as unknown as Video).currentTime), { timeout: 5_000 })
    .toBeGreaterThan(2);
  // an edit shows in the overlay at once
  await inputs.nth(count - 1).fill('Edited line on the harbour');
  await expect(page.getByTestId('media-overlay')).toContainText('Edited line on the harbour');

  // issue 35: a split while the video plays divides the line's time at the playhead, not at the
  // share of the text before the cursor (here about 70 %: the cut would fall late in the line)
  const last = inputs.nth(count - 1);
  const id = Number(await last.getAttribute('data-segment-input'));
  const timeOf = async (which: 'start' | 'end') => {
    const field = page.getByTestId(`seg-${id}-${which}`);
    await field.focus(); // the full time, to the millisecond, while focused
    const ms = parseTimestamp(await field.inputValue());
    await field.blur();
    return ms!;
  };
  const [start, end] = [await timeOf('start'), await timeOf('end')];
  expect(end - start).toBeGreaterThan(600);
  const setAt = start + (end - start) * 0.2;
  await player.evaluate(async (el, at) => {
    const video = el as unknown as Video;
    video.currentTime = at / 1000;
    await video.play();
  }, setAt);
  await last.evaluate((el) => {
    const area = el as unknown as { focus(): void; setSelectionRange(a: number, b: number): void };
    area.focus();
    area.setSelectionRange(18, 18); // 'Edited line on the| harbour'
  });
  const now = () =>
    player.evaluate((el) => {
      const video = el as unknown as Video;
      return { ms: Math.round(video.currentTime * 1000), playing: !video.paused };
    });
  // the precondition: the element is seen playing, its time moving inside the line (under load the
  // first frames after a seek can take a while)
  await expect
    .poll(
      async () => {
        const n = await now();
        return n.playing && n.ms > setAt;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const before = (await now()).ms;
  await page.keyboard.press('Alt+Enter');
  const after = await now();
  await player.evaluate((el) => (el as unknown as Video).pause());
  // still playing after the key: the split saw a playing element
  expect(after.playing).toBe(true);
  expect(after.ms).toBeLessThan(end);
  await expect(last).toHaveValue('Edited line on the');
  const cut = await timeOf('end');
  expect(cut).toBeGreaterThanOrEqual(before - 50);
  expect(cut).toBeLessThanOrEqual(after.ms + 50);
  expect(cut).toBeLessThan(start + (end - start) * 0.6);
});

test('the audio/video modal speaks English and Japanese (title, the 3 GB hint, the not-media refusal)', async ({
  page,
}) => {
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  for (const [lang, title, hint, notMedia] of [
    ['en', 'Translate audio or video', 'of up to 3 GB', 'Select a video or audio file'],
    ['ja', '音声・動画を翻訳', '最大 3 GB', '動画または音声ファイルを選択してください'],
  ] as const) {
    await page.goto(`/dashboard?lang=${lang}`);
    await page.getByTestId('media-card').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(title);
    await expect(dialog).toContainText(hint);
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'notes.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF'),
    });
    await expect(dialog).toContainText(notMedia);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test('an audio file not yet translated shows the day its file will be deleted, in the confirmation and in the list', async ({
  page,
}) => {
  const audio = await makeSpeechMedia(dir, { text: 'Good morning. This is a short test.', format: 'mp3' });
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  await page.getByTestId('media-card').click();
  const modal = page.getByTestId('media-upload-modal');
  await modal.locator('input[type=file]').setInputFiles({
    name: 'morning.mp3',
    mimeType: 'audio/mpeg',
    buffer: await readFile(audio.path),
  });
  await page.getByTestId('media-target').click();
  await page.keyboard.type('ja');
  await page.locator('.ant-select-dropdown:visible').getByText('日语', { exact: true }).click();
  await page.getByTestId('media-upload-submit').click();

  // the server's MEDIA_UNEXECUTED_DAYS (7 by default) from now, as the page writes a day in Chinese
  const day = (offset: number) =>
    new Intl.DateTimeFormat('zh', { dateStyle: 'long' }).format(new Date(Date.now() + offset));
  const week = new RegExp(`${day(7 * 86_400_000 - 60_000)}|${day(7 * 86_400_000 + 60_000)}`);
  const confirm = page.getByTestId('media-confirm-dialog');
  await expect(confirm).toBeVisible({ timeout: 60_000 });
  await expect(confirm.getByTestId('media-confirm-expires')).toContainText(week);
  await expect(confirm.getByTestId('media-confirm-expires')).toContainText('届时仍未翻译将被删除');
  await page.getByTestId('media-confirm-later').click();
  await expect(confirm).toBeHidden();

  const row = page.locator('tr.ant-table-row', { hasText: 'morning.mp3' });
  await expect(row.getByTestId('media-stage')).toContainText('等待确认');
  await expect(row.getByTestId('media-expires')).toContainText(week);
  await expect(row.getByTestId('media-expires')).toContainText('尚未翻译：文件将于');
});
