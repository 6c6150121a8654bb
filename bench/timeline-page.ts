/**
 * The timeline bench's page side: when the timeline (issue 38) is first painted with its waveform,
 * the frames a drag of a line's edge makes, and the zoom and scroll before it.
 */
import type { Page } from '@playwright/test';
import { AFTER_PAINT, settle, waitInPage } from './editor-page.js';

/** wavesurfer's shadow root (open) in the timeline's box */
const SHADOW = `document.querySelector('[data-testid="timeline"] .editor-timeline-view > div')?.shadowRoot`;

/**
 * A column of the waveform's canvas with this share of its rows painted is a waveform; the timeline
 * of media whose peaks have not come (or of a file without media) paints none.
 */
const WAVEFORM_SHARE = 0.1;

/**
 * In every page: the time (from navigation start) of the frame after the timeline is first ready
 * (data-ready="true") with its canvas laid out (`waveform`: with a waveform painted in it),
 * in window.__timelineMs. Looked for on each frame until then, and no longer: the frames measured
 * later are the page's own.
 */
export const timelineProbe = (waveform: boolean) => `(() => {
  const painted = () => {
    if (!document.querySelector('[data-testid="timeline"][data-ready="true"]')) return false;
    const canvas = ${SHADOW}?.querySelector('[part="canvases"] canvas');
    if (!canvas || !canvas.width || !canvas.height) return false;
    // a file without media draws no line at all: its canvas laid out is the ruler's paint
    if (!${waveform}) return true;
    let column;
    try {
      column = canvas.getContext('2d').getImageData(Math.floor(canvas.width / 2), 0, 1, canvas.height).data;
    } catch {
      return false;
    }
    let rows = 0;
    for (let i = 3; i < column.length; i += 4) if (column[i] > 0) rows += 1;
    return rows >= canvas.height * ${WAVEFORM_SHARE};
  };
  const check = () => {
    // this frame paints it; the next frame's callback runs after that paint
    if (painted()) requestAnimationFrame(() => { window.__timelineMs = performance.now(); });
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

/** ms from the first lines painted to the timeline painted (timelineProbe), once it is */
export async function timelineAfterLines(page: Page, timeoutMs: number): Promise<number> {
  await waitInPage(page, 'window.__timelineMs !== undefined', timeoutMs);
  return page.evaluate<number>('window.__timelineMs - window.__firstSegmentsMs');
}

/**
 * Each frame while window.__frames.on: from the frame's start (its animation callbacks' time, the
 * input it handles and any task that held it up counted) to its paint (AFTER_PAINT), with the
 * pointer moves it handled; the long animation frames Chromium reports (over 50 ms, the work
 * before a frame included); when the pointer was last let go. window.__frames.idleAfter(t): the
 * start of the first CALM_MS after t whose frames each took at most 50 ms and came at most 50 ms
 * after the one before (the page idle again), or -1.
 */
const CALM_MS = 1000;
const FRAMES_PROBE = `(() => {
  if (window.__frames) return;
  const f = (window.__frames = { on: false, list: [], long: [], moves: 0, up: 0 });
  addEventListener('pointermove', () => { if (f.on) f.moves += 1; }, { capture: true, passive: true });
  addEventListener('pointerup', (e) => { f.up = e.timeStamp; }, { capture: true, passive: true });
  const frame = (t) => {
    if (f.on) {
      const moves = f.moves;
      f.moves = 0;
      ${AFTER_PAINT}(() => f.list.push({ start: t, ms: performance.now() - t, moves }));
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
  new PerformanceObserver((entries) => {
    for (const e of entries.getEntries()) if (f.on) f.long.push({ start: e.startTime, ms: e.duration });
  }).observe({ type: 'long-animation-frame' });
  f.idleAfter = (t) => {
    let from = -1;
    for (let i = 1; i < f.list.length; i += 1) {
      const frame = f.list[i];
      if (frame.start <= t) continue;
      if (frame.ms > 50 || frame.start - f.list[i - 1].start > 50) from = -1;
      else if (from < 0) from = frame.start;
      else if (frame.start - from >= ${CALM_MS}) return from;
    }
    return -1;
  };
})()`;

interface Frame {
  start: number;
  ms: number;
  moves: number;
}

/** from the pointer's up until the page is idle again */
export interface Drop {
  /** ms; the wait's cap when `capped` */
  idleMs: number;
  capped: boolean;
  /** the longest frame meanwhile (long animation frames included); null when capped (not read) */
  longest: number | null;
}

export interface Frames {
  /** frames that handled a pointer move, ms each */
  moving: number[];
  /** the longest frame of the moves (long animation frames included) */
  max: number;
  drop: Drop | null;
}

/** the pointer moves of a drag, one a frame as a 60 Hz mouse sends them */
export const MOVES = 60;
const MOVE_EVERY_MS = 16;
/** how far the pointer swings either side of the edge, in CSS px */
const SWING_PX = 40;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** the longest of `frames` overlapping [from, to) (page time) */
const longestIn = (frames: Frame[], from: number, to: number) =>
  Math.max(0, ...frames.filter((f) => f.start + f.ms > from && f.start < to).map((f) => f.ms));

/** the frames recorded since `since` (page time): the moves' */
async function movesSince(page: Page, since: number): Promise<Omit<Frames, 'drop'>> {
  const { list, long } = await page.evaluate<{ list: Frame[]; long: Frame[] }>(
    `({ list: window.__frames.list, long: window.__frames.long })`,
  );
  const moving = list.filter((f) => f.start >= since && f.moves > 0).map((f) => f.ms);
  return { moving, max: longestIn([...list, ...long], since, Infinity) };
}

/**
 * The pointer let go, and the page watched until it is idle again, at most `capMs`. The wait is
 * Node's: a page busy with thousands of queued tasks answers nothing before they are done (after
 * the cap it is not asked again: the caller closes it or waits for it).
 */
async function drop(page: Page, capMs: number): Promise<Drop> {
  await page.mouse.up();
  const idle = `window.__frames.idleAfter(window.__frames.up)`;
  const met = await Promise.race([
    waitInPage(page, `${idle} >= 0`, capMs + CALM_MS).then(
      () => true,
      () => false,
    ),
    sleep(capMs + CALM_MS + 1000).then(() => false),
  ]);
  if (!met) return { idleMs: capMs, capped: true, longest: null };
  const { upAt, idleAt, frames } = await page.evaluate<{ upAt: number; idleAt: number; frames: Frame[] }>(
    `({ upAt: window.__frames.up, idleAt: ${idle}, frames: [...window.__frames.list, ...window.__frames.long] })`,
  );
  return { idleMs: idleAt - upAt, capped: false, longest: longestIn(frames, upAt, idleAt + CALM_MS) };
}

/** the pointer's way: a swing right, then left, then back, ending a quarter swing left of the edge */
const offsetAt = (k: number) => SWING_PX * Math.sin((2 * Math.PI * k) / MOVES) - (SWING_PX / 4) * (k / MOVES);

/**
 * The pointer taken over the right edge of line `id` on the timeline MOVES times, one move every
 * MOVE_EVERY_MS: with the button held (`drag`) the edge follows it, then it is let go and the page
 * watched until it is idle (at most `idleCapMs`); without, the same moves over the strip (the
 * baseline). Answers the frames of the moves (and of the drop).
 */
export async function swing(page: Page, id: number, drag: boolean, idleCapMs = 60_000): Promise<Frames> {
  await page.evaluate(FRAMES_PROBE);
  const handle = page.getByTestId('timeline').locator(`[data-line="${id}"] [part~="region-handle-right"]`);
  const box = await handle.boundingBox();
  if (!box) throw new Error(`line ${id} has no right edge on the timeline`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await settle(page, 200);
  const since = await page.evaluate<number>(
    'window.__frames.list = []; window.__frames.long = []; window.__frames.on = true; performance.now()',
  );
  if (drag) await page.mouse.down();
  for (let k = 1; k <= MOVES; k += 1) {
    const started = Date.now();
    await page.mouse.move(x + offsetAt(k), y);
    await sleep(MOVE_EVERY_MS - (Date.now() - started));
  }
  // the last move's frame painted; the moves' frames read before the drop, which may keep the page busy
  await sleep(100);
  const moves = await movesSince(page, since);
  const dropped = drag ? await drop(page, idleCapMs) : null;
  if (!dropped?.capped) await page.evaluate('window.__frames.on = false');
  return { ...moves, drop: dropped };
}

/**
 * The timeline zoomed out as far as it goes: Alt+- until its width stops changing (the keys stop at
 * 2 px a second), then the wheel over the strip (it goes on to the whole file in view). Answers the
 * width after the keys and after the wheel, and the ms each step took until the page was idle.
 */
export async function zoomOutFully(page: Page): Promise<{ keys: number; wheel: number; steps: number[] }> {
  const width = () => page.evaluate<number>(`${SHADOW}.querySelector('[part~="wrapper"]').scrollWidth`);
  const steps: number[] = [];
  const until = async (step: () => Promise<void>, what: string) => {
    let last = await width();
    for (let k = 0; k < 30; k += 1) {
      const started = Date.now();
      await step();
      await settle(page, 100);
      steps.push(Date.now() - started);
      const now = await width();
      if (now === last) return now;
      last = now;
    }
    throw new Error(`the timeline was still zooming out after 30 ${what} (${last} px wide)`);
  };
  const keys = await until(() => page.keyboard.press('Alt+Minus'), 'presses of Alt+-');
  const box = await page.evaluate<{ x: number; y: number }>(`(() => {
    const r = ${SHADOW}.querySelector('[part~="scroll"]').getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  })()`);
  await page.mouse.move(box.x, box.y);
  const wheel = await until(() => page.mouse.wheel(0, 100), 'turns of the wheel');
  return { keys, wheel, steps };
}

/**
 * Zoomed that far out the lines are painted, not regions (timeline-dense.ts): a click at `share` of
 * the view's width selects the line there, which is then drawn as the region to drag.
 */
export async function selectAt(page: Page, share: number): Promise<void> {
  const at = await page.evaluate<{ x: number; y: number }>(`(() => {
    const r = ${SHADOW}.querySelector('[part~="scroll"]').getBoundingClientRect();
    return { x: r.left + r.width * ${share}, y: r.top + 20 };
  })()`);
  await page.mouse.click(at.x, at.y);
  await settle(page);
}

/** The timeline scrolled to the middle of the file; answers its scroll and view's widths (px). */
export async function scrollToMiddle(page: Page): Promise<{ width: number; view: number }> {
  const at = await page.evaluate<{ width: number; view: number }>(`(() => {
    const scroll = ${SHADOW}.querySelector('[part~="scroll"]');
    scroll.scrollLeft = (scroll.scrollWidth - scroll.clientWidth) / 2;
    return { width: scroll.scrollWidth, view: scroll.clientWidth };
  })()`);
  await settle(page);
  return at;
}

/**
 * The lines drawn as regions on screen now, the one whose right edge is nearest the middle of the
 * view first, and the zoom: the regions' median width over `lineMs`, in px a second.
 */
export async function onScreen(page: Page, lineMs: number): Promise<{ ids: number[]; pxPerSecond: number }> {
  const { ids, widths } = await page.evaluate<{ ids: number[]; widths: number[] }>(`(() => {
    const scroll = ${SHADOW}.querySelector('[part~="scroll"]').getBoundingClientRect();
    const middle = scroll.left + scroll.width / 2;
    const shown = [...${SHADOW}.querySelectorAll('[data-line]')]
      .map((el) => ({ id: Number(el.dataset.line), r: el.getBoundingClientRect() }))
      .filter(({ r }) => r.right > scroll.left && r.left < scroll.right)
      .sort((a, b) => Math.abs(a.r.right - middle) - Math.abs(b.r.right - middle));
    return { ids: shown.map((s) => s.id), widths: shown.map((s) => s.r.width).sort((a, b) => a - b) };
  })()`);
  const width = widths[Math.floor(widths.length / 2)] ?? 0;
  return { ids, pxPerSecond: Math.round((width / lineMs) * 1000 * 10) / 10 };
}

/** Resolves once the editor says its edits are saved. */
export async function saved(page: Page): Promise<void> {
  await waitInPage(
    page,
    `document.querySelector('[data-testid="save-state"]')?.dataset.state === 'saved'`,
    60_000,
  );
}
