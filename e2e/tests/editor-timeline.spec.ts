import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parseTimestamp } from '@subtrans/subtitles/time';
import { makeShotsVideo } from '../../apps/server/test/support/media.js';
import { expectDashboard, registerViaUi } from '../support/auth.js';
import { completedMediaTask } from '../support/media-task.js';
import { newUserWithTask } from '../support/tasks.js';
import { text } from '../support/texts.js';
import { E2E_PORT } from '../playwright.config.js';

const BASE = `http://localhost:${E2E_PORT}`;

/** the part of HTMLVideoElement used here (the e2e project compiles without the DOM library) */
interface Video {
  currentTime: number;
}

interface Line {
  id: number;
  startMs: number;
  endMs: number;
}

let dir: string;
let video: Awaited<ReturnType<typeof makeShotsVideo>>;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'e2e-timeline-'));
  // six test pictures of 2 s: cuts at 2, 4, 6, 8 and 10 s; a tone the test engine "hears" as lines
  video = await makeShotsVideo(dir, { shots: 6, secondsEach: 2, tone: true, fileName: 'cuts.mp4' });
});
test.afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** the task's lines as the server holds them */
async function serverLines(page: Page, id: string): Promise<Line[]> {
  const res = await page.request.post('/task/get', { headers: { Origin: BASE }, data: { id } });
  const { data } = (await res.json()) as {
    data: { segments: { id: number; startTime: string; endTime: string }[] };
  };
  return data.segments.map((s) => ({
    id: s.id,
    startMs: parseTimestamp(s.startTime)!,
    endMs: parseTimestamp(s.endTime)!,
  }));
}

const saved = (page: Page) => expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');

/** where time `ms` is on the timeline, in page pixels */
async function xOf(timeline: Locator, ms: number, durationMs: number) {
  const box = (await timeline.locator('[part~="wrapper"], .wrapper').first().boundingBox())!;
  return box.x + (ms / durationMs) * box.width;
}

async function openTimeline(page: Page, phone = false) {
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  const { id } = await completedMediaTask(page, video.path);
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/edit/${id}`);
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-ready', 'true');
  return { id, timeline };
}

test('the timeline shows the waveform, the lines and the shot changes; drags retime and snap; keys set times; undo', async ({
  page,
}) => {
  const { id, timeline } = await openTimeline(page);
  const before = await serverLines(page, id);
  expect(before.length).toBeGreaterThanOrEqual(2);
  const [first, second] = before as [Line, Line];

  // the shot changes the server found, each where the pictures were joined
  const marks = timeline.locator('[part="shot"]');
  await expect(marks).toHaveCount(video.cutsMs.length, { timeout: 60_000 });
  const found = await marks.evaluateAll((els) =>
    els.map((el) => Number((el as unknown as { dataset: { ms: string } }).dataset.ms)),
  );
  found.forEach((ms, i) => expect(Math.abs(ms - video.cutsMs[i]!)).toBeLessThanOrEqual(40));
  // the waveform is drawn from the server's peaks (a canvas), and every line is a region
  await expect(timeline.locator('canvas').first()).toBeAttached();
  await expect(timeline.locator('[data-line]')).toHaveCount(before.length);
  await page.screenshot({ path: path.join('test-results', 'timeline-desktop.png') });

  // the first line's end dragged to just after the cut at 2 s snaps to it
  const cut = video.cutsMs.find((ms) => ms > first.startMs + 300 && ms < first.endMs) ?? video.cutsMs[0]!;
  const handle = timeline.locator(`[data-line="${first.id}"] [part~="region-handle-right"]`);
  const grip = (await handle.boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  // the pointer moves by the distance from the line's end to 30 ms past the cut (within the snap)
  const to =
    grip.x +
    grip.width / 2 +
    (await xOf(timeline, cut + 30, video.durationMs)) -
    (await xOf(timeline, first.endMs, video.durationMs));
  await page.mouse.move(to, grip.y + grip.height / 2, { steps: 8 });
  await page.mouse.up();
  await saved(page);
  expect((await serverLines(page, id)).find((l) => l.id === first.id)!.endMs).toBe(cut);

  // undo puts it back
  await page.getByTestId('editor-undo').click();
  await saved(page);
  expect((await serverLines(page, id)).find((l) => l.id === first.id)!.endMs).toBe(first.endMs);

  // the second line moved whole, 500 ms later: its length kept, never over the third
  const region = timeline.locator(`[data-line="${second.id}"]`);
  const body = (await region.boundingBox())!;
  const from = body.x + body.width / 2;
  const by = (await xOf(timeline, 500, video.durationMs)) - (await xOf(timeline, 0, video.durationMs));
  await page.mouse.move(from, body.y + body.height / 2);
  await page.mouse.down();
  await page.mouse.move(from + by, body.y + body.height / 2, { steps: 8 });
  await page.mouse.up();
  await saved(page);
  const moved = (await serverLines(page, id)).find((l) => l.id === second.id)!;
  expect(moved.endMs - moved.startMs).toBe(second.endMs - second.startMs);
  expect(moved.startMs).toBeGreaterThan(second.startMs);
  const third = before[2];
  if (third) expect(moved.endMs).toBeLessThanOrEqual(third.startMs);

  // a click on the waveform (between lines, below the regions' labels) seeks the player there
  const wave = (await timeline.locator('[part~="wrapper"]').boundingBox())!;
  const gapMs = (first.endMs + second.startMs) / 2;
  await page.mouse.click(await xOf(timeline, gapMs, video.durationMs), wave.y + wave.height * 0.8);
  await expect
    .poll(() => page.getByTestId('media-element').evaluate((el) => (el as unknown as Video).currentTime))
    .toBeCloseTo(gapMs / 1000, 0);

  // the first line's start at the playhead (Alt+[), after seeking the player to 0.5 s
  await page.getByTestId(`seg-${first.id}-original`).click();
  await page.getByTestId('media-element').evaluate((el) => {
    (el as unknown as Video).currentTime = 0.5;
  });
  await page.keyboard.press('Alt+BracketLeft');
  await saved(page);
  expect((await serverLines(page, id)).find((l) => l.id === first.id)!.startMs).toBe(500);
  // a frame (at 24 fps) later, then its end a frame earlier
  await page.keyboard.press('Alt+Period');
  await page.keyboard.press('Alt+Shift+Comma');
  await saved(page);
  const nudged = (await serverLines(page, id)).find((l) => l.id === first.id)!;
  expect(nudged.startMs).toBe(542);
  expect(nudged.endMs).toBe(first.endMs - 42);
});

test.describe('on a phone', () => {
  test.use({ hasTouch: true });

  test('the timeline is a strip under the player, and a line is retimed by touch', async ({ page }) => {
    const { id, timeline } = await openTimeline(page, true);
    const [first] = (await serverLines(page, id)) as [Line];
    const box = (await timeline.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    expect(box.height).toBeLessThan(110);
    await page.screenshot({ path: path.join('test-results', 'timeline-phone.png') });

    // a finger drags the first line's end 300 ms earlier (touch pointer events, held first)
    const handle = timeline.locator(`[data-line="${first.id}"] [part~="region-handle-right"]`);
    const grip = (await handle.boundingBox())!;
    const by = (await xOf(timeline, 300, video.durationMs)) - (await xOf(timeline, 0, video.durationMs));
    await handle.evaluate(async (el, dx) => {
      const r = (
        el as unknown as { getBoundingClientRect(): { x: number; y: number; width: number; height: number } }
      ).getBoundingClientRect();
      const at = (x: number) => ({
        clientX: x,
        clientY: r.y + r.height / 2,
        pointerId: 7,
        pointerType: 'touch',
        isPrimary: true,
        bubbles: true,
        cancelable: true,
        button: 0,
      });
      const x0 = r.x + r.width / 2;
      const g = globalThis as unknown as {
        PointerEvent: new (t: string, i: object) => object;
        dispatchEvent(e: object): void;
        setTimeout(f: () => void, ms: number): void;
      };
      (el as unknown as { dispatchEvent(e: object): void }).dispatchEvent(
        new g.PointerEvent('pointerdown', at(x0)),
      );
      await new Promise<void>((r2) => g.setTimeout(r2, 200));
      for (let i = 1; i <= 6; i += 1)
        g.dispatchEvent(new g.PointerEvent('pointermove', at(x0 - (dx * i) / 6)));
      g.dispatchEvent(new g.PointerEvent('pointerup', at(x0 - dx)));
    }, by);
    await saved(page);
    const after = (await serverLines(page, id)).find((l) => l.id === first.id)!;
    expect(Math.abs(after.endMs - (first.endMs - 300))).toBeLessThanOrEqual(120);
    expect(grip.width).toBeGreaterThan(0);
  });
});

test('a subtitle file shows its lines on a ruler, then is given its video: player, waveform and cuts', async ({
  page,
}) => {
  // two lines, 0–2 s and 6–8 s, of a file translated from SRT
  const { id } = await newUserWithTask(page, { cues: 2, target: 'fr', name: 'later.srt' });
  await page.goto(`/edit/${id}?lang=en`);
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-ready', 'true');
  await expect(timeline).toContainText(text('en', 'editor.timeline.noMedia'));
  await expect(timeline.locator('[data-line]')).toHaveCount(2);
  await expect(page.getByTestId('media-element')).toHaveCount(0);
  const points = async () =>
    JSON.stringify(
      await (await page.request.post('/user/get_point', { headers: { Origin: BASE }, data: {} })).json(),
    );
  const pointsBefore = await points();

  await page.getByTestId('attach-media-input').setInputFiles(video.path);
  await expect(page.getByTestId('media-element')).toBeVisible({ timeout: 60_000 });
  await expect(timeline.locator('[part="shot"]')).toHaveCount(video.cutsMs.length, { timeout: 60_000 });
  await expect(timeline).not.toContainText(text('en', 'editor.timeline.noMedia'));
  await expect(page.getByTestId('attach-media')).toHaveText(text('en', 'editor.timeline.replaceMedia'));
  // nothing charged; and the media stay with the task
  expect(await points()).toBe(pointsBefore);
  await page.reload();
  await expect(page.getByTestId('media-element')).toBeVisible();
  await expect(timeline.locator('[part="shot"]')).toHaveCount(video.cutsMs.length);
});

/** `count` one-word lines a second apart, each half a second long */
function denseSrt(count: number): string {
  const t = (ms: number) =>
    `00:${String(Math.floor(ms / 60_000)).padStart(2, '0')}:${String(Math.floor(ms / 1000) % 60).padStart(2, '0')},${String(ms % 1000).padStart(3, '0')}`;
  return Array.from(
    { length: count },
    (_, k) => `${k + 1}\n${t(k * 1000)} --> ${t(k * 1000 + 500)}\nWord${k + 1}\n`,
  ).join('\n');
}

test('the ruler follows the zoom; zoomed far out the lines are painted and a click picks the one to drag', async ({
  page,
}) => {
  // 400 lines over 400 s: more than the timeline keeps as regions once zoomed out
  const { id } = await newUserWithTask(page, { srt: denseSrt(400), target: 'fr', name: 'many.srt' });
  await page.goto(`/edit/${id}?lang=en`);
  const timeline = page.getByTestId('timeline');
  await expect(timeline).toHaveAttribute('data-ready', 'true');
  const ruler = timeline.locator('[part="ruler"]');
  const dense = timeline.locator('[part="dense-lines"]');
  // the first zoom: notches of the window only, labelled every 2 s; every line a region
  await expect(ruler).toContainText('0:02');
  expect(await ruler.locator('div').count()).toBeLessThan(400);
  await expect(dense).toBeHidden();
  expect(await timeline.locator('[data-line]').count()).toBeGreaterThan(10);

  // zoomed out as far as the keys go: the ruler's labels are minutes apart, the lines painted
  for (let k = 0; k < 12 && !(await dense.isVisible()); k += 1) await page.keyboard.press('Alt+Minus');
  await expect(dense).toBeVisible();
  await expect(ruler).toContainText('1:00');
  await expect(ruler).not.toContainText('0:02');
  expect(await timeline.locator('[data-line]').count()).toBeLessThanOrEqual(1);

  // a click on the painted lines selects the line there: it is the region to drag, and the list's
  const view = (await timeline.locator('.editor-timeline-view').boundingBox())!;
  const x = view.x + view.width / 3;
  await page.mouse.click(x, view.y + 30);
  const region = timeline.locator('[data-line]');
  await expect(region).toHaveCount(1);
  const picked = Number(await region.getAttribute('data-line'));
  const box = (await region.boundingBox())!;
  // the line under the pointer, or the nearest within the snap tolerance
  expect(Math.abs(box.x + box.width / 2 - x)).toBeLessThanOrEqual(box.width / 2 + 8);
  await expect(page.getByTestId(`segment-${picked}`)).toHaveAttribute('data-current', 'true');

  // zoomed in again: regions, not paint
  for (let k = 0; k < 12 && (await dense.isVisible()); k += 1) await page.keyboard.press('Alt+Equal');
  await expect(dense).toBeHidden();
  expect(await timeline.locator('[data-line]').count()).toBeGreaterThan(10);
});
