import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type Page } from '@playwright/test';
import { parseTimestamp } from '@subtrans/subtitles/time';
import { mediaPrice } from '@subtrans/subtitles/media-parts';
import { makeSpeechMedia, type MadeMedia } from '../../apps/server/test/support/media.js';
import { expectDashboard, registerViaUi } from '../support/auth.js';
import { completedMediaTask } from '../support/media-task.js';
import { text, type Lang } from '../support/texts.js';
import { E2E_PORT } from '../playwright.config.js';

/**
 * Issue 40 §1: a task's lines burned into its video, from the editor: the style, a preview frame,
 * the cost against the balance, the render's progress, and the MP4 it downloads (checked with
 * ffprobe and against the source's frames); the dialog in English and Japanese on a phone.
 */

const BASE = `http://localhost:${E2E_PORT}`;
const run = promisify(execFile);

/** One call of the signed-in page's session, its envelope's data (the code checked). */
async function call<T>(page: Page, url: string, data: unknown): Promise<T> {
  const res = await page.request.post(url, { headers: { Origin: BASE }, data });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${url}: ${body.msg}`).toBe(20000);
  return body.data;
}

const balance = (page: Page) => call<{ point: number }>(page, '/user/get_point', {}).then((d) => d.point);

/** the frame of `file` at `atMs`, 160×90 in 8-bit gray */
const W = 160;
const H = 90;
async function grayFrame(file: string, atMs: number): Promise<Buffer> {
  const args = ['-v', 'error', '-ss', (atMs / 1000).toFixed(3), '-i', file, '-frames:v', '1'];
  const { stdout } = await run(
    'ffmpeg',
    [...args, '-vf', `scale=${W}:${H}`, '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    { encoding: 'buffer', maxBuffer: 1024 * 1024 },
  );
  expect(stdout.length).toBe(W * H);
  return stdout;
}

/** the share of pixels in rows `from`–`to` (fractions of the height) that differ by over 32 gray levels */
function changed(a: Buffer, b: Buffer, from: number, to: number): number {
  let n = 0;
  const [start, end] = [Math.floor(from * H) * W, Math.ceil(to * H) * W];
  for (let i = start; i < end; i += 1) if (Math.abs(a[i]! - b[i]!) > 32) n += 1;
  return n / (end - start);
}

let dir: string;
let video: MadeMedia;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'e2e-burn-in-'));
  // a few seconds of speech over a dark 320×180 picture: a couple of lines, a quick render
  video = await makeSpeechMedia(dir, {
    text: 'The boats leave the harbour at dawn. The market opens at seven.',
    format: 'mp4',
    fileName: 'harbour.mp4',
    padSeconds: 1,
  });
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('zh: the video rendered with its lines in a dark box at the top, paid, downloaded as H.264 + AAC', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  const { id } = await completedMediaTask(page, video.path, { points: 60 });
  const state = await call<{ points: number; hasVideo: boolean }>(page, '/task/render_state', { id });
  expect(state.hasVideo).toBe(true);
  const before = await balance(page);
  expect(before).toBeGreaterThanOrEqual(state.points);

  await page.goto(`/edit/${id}`);
  await page.getByTestId('render-open').click();
  const dialog = page.getByTestId('render-dialog');
  await expect(page.getByRole('dialog')).toContainText(text('zh', 'editor.render.title'));
  const image = dialog.getByTestId('render-preview-image');
  await expect(image).toHaveAttribute('src', /^data:image\/jpeg;base64,/, { timeout: 30_000 });
  const first = await image.getAttribute('src');

  // a dark box, at the top, the largest size (by keyboard): a new preview in that style
  await dialog.getByText(text('zh', 'editor.render.backgroundBox'), { exact: true }).click();
  await dialog.getByText(text('zh', 'editor.render.positionTop'), { exact: true }).click();
  await expect(dialog.getByTestId('render-background-box')).toBeChecked();
  await expect(dialog.getByTestId('render-position-top')).toBeChecked();
  const size = dialog.getByRole('slider', { name: text('zh', 'editor.render.sizeLabel') });
  await size.focus();
  await page.keyboard.press('End');
  await expect(size).toHaveAttribute('aria-valuenow', '10');
  await expect.poll(() => image.getAttribute('src'), { timeout: 30_000 }).not.toBe(first);

  // the cost beside the start, with the balance
  const cost = page.getByTestId('render-cost');
  await expect(cost).toContainText(text('zh', 'editor.render.cost', { points: state.points }));
  await expect(page.getByTestId('render-balance')).toHaveText(
    text('zh', 'editor.render.balance', { points: before }),
  );

  await page.getByTestId('render-start').click();
  await expect(page.getByTestId('render-running').or(page.getByTestId('render-completed'))).toBeVisible();
  const done = page.getByTestId('render-completed');
  await expect(done).toBeVisible({ timeout: 60_000 });
  await expect(done).toContainText(text('zh', 'editor.render.completed'));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('render-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.mp4$/);
  const out = path.join(dir, 'rendered.mp4');
  await download.saveAs(out);

  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', out]);
  const streams = (JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string }[] }).streams;
  expect(streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
  expect(streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');

  // at the first line's middle: the top of the picture (the box and its line) differs from the
  // source's frame, the rest of it does not; two grabs of the source do not differ at all
  const { segments } = await call<{ segments: { startTime: string; endTime: string }[] }>(page, '/task/get', {
    id,
  });
  const line = segments[0]!;
  const mid = (parseTimestamp(line.startTime)! + parseTimestamp(line.endTime)!) / 2;
  const [source, again, rendered] = await Promise.all([
    grayFrame(video.path, mid),
    grayFrame(video.path, mid),
    grayFrame(out, mid),
  ]);
  expect(changed(source, again, 0, 1)).toBe(0);
  expect(changed(source, rendered, 0, 0.35)).toBeGreaterThan(0.05);
  expect(changed(source, rendered, 0.5, 1)).toBeLessThan(0.005);

  // the points shown were charged, no more
  await expect.poll(() => balance(page)).toBe(before - state.points);
});

/** what a phone's dialog must not do: reach past the screen's sides, or scroll the page sideways */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc = (globalThis as unknown as { document: DomLike }).document;
    const width = doc.documentElement.clientWidth;
    const wide = [...doc.querySelectorAll('.ant-modal *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < -1 || r.right > width + 1);
      })
      .map((el) => `${el.tagName} ${el.className}`);
    return doc.documentElement.scrollWidth > width ? ['the page scrolls sideways', ...wide] : wide;
  });
}
/** the part of the DOM `overflow` reads (the e2e project compiles without the DOM library) */
interface DomLike {
  documentElement: { clientWidth: number; scrollWidth: number };
  querySelectorAll(s: string): Iterable<{
    tagName: string;
    className: string;
    getBoundingClientRect(): { left: number; right: number; width: number };
  }>;
}

test('en and ja on a phone: the dialog in the language, its preview, a balance that falls short, fitting the screen', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  // points for the transcription only: none left for the video
  const { id } = await completedMediaTask(page, video.path, { points: mediaPrice(video.durationMs) });
  expect(await balance(page)).toBe(0);
  const { points } = await call<{ points: number }>(page, '/task/render_state', { id });
  await page.setViewportSize({ width: 390, height: 844 });

  for (const lang of ['en', 'ja'] as Lang[]) {
    await page.goto(`/edit/${id}?lang=${lang}`);
    const open = page.getByTestId('render-open');
    await expect(open).toHaveAccessibleName(text(lang, 'editor.render.action'));
    await open.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text(lang, 'editor.render.title'));
    await expect(dialog).toContainText(text(lang, 'editor.render.backgroundOutline'));
    await expect(dialog.getByTestId('render-preview-image')).toHaveAttribute('src', /^data:image\/jpeg/, {
      timeout: 30_000,
    });
    await expect(dialog.getByTestId('render-shortfall')).toContainText(
      text(lang, 'editor.render.notEnough', { needed: points, current: 0 }),
    );
    await expect(dialog.getByTestId('render-buy')).toHaveText(text(lang, 'tasks.insufficient.buy'));
    await expect(dialog.getByTestId('render-cost')).toContainText(
      text(lang, 'editor.render.cost', { points }),
    );
    await expect(dialog.getByTestId('render-start')).toBeDisabled();
    expect(await overflow(page)).toEqual([]);
  }
  // the way to points
  await page.getByTestId('render-buy').click();
  await expect(page).toHaveURL(/\/dashboard\?view=points/);
});
