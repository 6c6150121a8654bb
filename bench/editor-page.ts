/** The editor bench's page: opened in Chromium, its first segments awaited, typed into. */
import type { Browser, Page } from '@playwright/test';
import { CUES } from './editor-server.js';

export const TARGET_SEGMENT = 9000;
export const TYPED = ' typed by the bench.!'; // 21 keystrokes
const KEY_DELAY_MS = 50;
// the non-virtualised page at 4× CPU: 99–122 s here since its 10,000 rows are forms (slower machines: more)
export const PAGE_TIMEOUT_MS = 420_000;

/*
 * What runs in the page is sent as source text: bench/ is type-checked without the DOM library,
 * and tsx would wrap named functions in a helper the page does not have.
 */

/**
 * In every page: the time (from navigation start) of the frame after segment 1 is first laid out,
 * and a promise that settles then (window.__firstSegments), for the bench to await without polling.
 */
export const FIRST_SEGMENTS_PROBE = `(() => {
  window.__firstSegments = new Promise((resolve) => { window.__firstSegmentsDone = resolve; });
  const check = () => {
    const el = document.querySelector('[data-testid="segment-1"]');
    if (el && el.getClientRects().length) {
      // this frame paints it; the next frame's callback runs after that paint
      requestAnimationFrame(() => {
        window.__firstSegmentsMs = performance.now();
        performance.mark('first-segments');
        window.__firstSegmentsDone(true);
        if (window.__profileFirstPaint) console.profileEnd('first-paint');
      });
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

const AFTER_FIRST_PAINT = `({
  firstMs: window.__firstSegmentsMs,
  nodes: document.getElementsByTagName('*').length,
  last: document.querySelector('[data-testid="segment-${CUES}"]') !== null,
})`;

/**
 * Resolves true once the first segments are painted, false after `ms`. A single call that waits
 * in the page: Playwright's own waiting (locator.waitFor) checks the page on every animation
 * frame, work that would be counted in the very first paint it waits for (measured at 4×: up to
 * 150 ms more).
 */
export async function firstSegmentsPainted(page: Page, ms: number): Promise<boolean> {
  const expression = `new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ${ms});
    window.__firstSegments.then(() => { clearTimeout(timer); resolve(true); });
  })`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await page.evaluate<boolean>(expression);
    } catch (e) {
      // the navigation replaced the document this call was sent to: ask the new one
      if (attempt < 5 && e instanceof Error && /context was destroyed|navigat/i.test(e.message)) continue;
      throw e;
    }
  }
}

/** Each request of the page (start and end, size) and the long tasks, for BENCH_EDITOR_PROFILE. */
export const PROFILE = `[
  ...performance.getEntriesByType('navigation').map((e) => ({ what: 'document', start: 0, end: Math.round(e.responseEnd), kB: Math.round(e.transferSize / 1024) })),
  ...performance.getEntriesByType('resource').map((e) => ({ what: e.name.replace(location.origin, ''), start: Math.round(e.startTime), end: Math.round(e.responseEnd), kB: Math.round(e.transferSize / 1024) })),
  ...performance.getEntriesByType('paint').map((e) => ({ what: e.name, start: Math.round(e.startTime), end: Math.round(e.startTime), kB: 0 })),
  { what: 'first segments painted', start: Math.round(window.__firstSegmentsMs), end: Math.round(window.__firstSegmentsMs), kB: 0 },
].sort((a, b) => a.start - b.start)`;

/** One step towards segment 9,000 in the virtualised list (rows ~64 px, estimated until measured). */
const SCROLL_STEP = `(() => {
  const target = ${TARGET_SEGMENT};
  const list = document.querySelector('[data-testid="segment-list"]');
  if (document.querySelector('[data-testid="seg-' + target + '-translation"]')) return true;
  const ids = [...list.querySelectorAll('[data-testid^="segment-"]')]
    .map((r) => Number(r.dataset.testid.slice('segment-'.length)))
    .filter((n) => Number.isInteger(n));
  const rowHeight = list.scrollHeight / ${CUES};
  if (!ids.length) list.scrollTop = (target - 1) * rowHeight;
  else list.scrollTop += (target - ids.reduce((a, b) => a + b, 0) / ids.length) * rowHeight;
  return false;
})()`;

/** counts frames in a row at most 50 ms apart (an idle main thread) in window.__calmFrames */
const CALM = `(() => {
  window.__calmFrames = 0;
  let last = performance.now();
  const frame = (t) => {
    window.__calmFrames = t - last <= 50 ? window.__calmFrames + 1 : 0;
    last = t;
    if (window.__calmFrames < 10) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

const FOCUS_TARGET = `(() => {
  document.querySelector('[data-testid="segment-${TARGET_SEGMENT}"]').scrollIntoView({ block: 'center' });
  const area = document.querySelector('[data-testid="seg-${TARGET_SEGMENT}-translation"]');
  area.focus({ preventScroll: true });
  area.setSelectionRange(area.value.length, area.value.length);
})()`;

/**
 * `fn` once the frame being made is painted, called from the frame's animation callback: a task
 * queued there runs when the frame is done. At user-blocking priority it runs then, not behind
 * the page's own queued work: a trace of a split showed its frame painted 22 ms after the key and
 * a setTimeout queued from the frame run at 50 ms, behind a 5 ms selectionchange handler and
 * React's deferred render of the rows' numbers. (setTimeout where postTask is missing.)
 */
export const AFTER_PAINT = `((fn) => globalThis.scheduler?.postTask
  ? scheduler.postTask(fn, { priority: 'user-blocking' })
  : setTimeout(fn, 0))`;

/**
 * keydown → the next paint after the edit: the edit renders on the input event that follows the
 * keydown; the next animation frame paints it (AFTER_PAINT). The start is the event's own time
 * (it counts a wait behind earlier work), or now if that is odd.
 */
const KEY_PROBE = `(() => {
  window.__keyToPaint = [];
  let pending = null;
  document.addEventListener('keydown', (e) => {
    const now = performance.now();
    pending = e.timeStamp > 0 && e.timeStamp <= now && now - e.timeStamp < 10000 ? e.timeStamp : now;
  }, { capture: true });
  document.addEventListener('input', () => {
    if (pending === null) return;
    const start = pending;
    pending = null;
    requestAnimationFrame(() => ${AFTER_PAINT}(() => window.__keyToPaint.push(performance.now() - start)));
  }, { capture: true });
})()`;

/**
 * Resolves once `expression` is truthy in the page. (waitForFunction with source text is refused
 * by the app's Content-Security-Policy, which has no 'unsafe-eval'; page.evaluate is not bound by it.)
 */
export async function waitInPage(page: Page, expression: string, timeoutMs: number): Promise<void> {
  const met = await page.evaluate<boolean>(`new Promise((resolve) => {
    const until = performance.now() + ${timeoutMs};
    const poll = () => {
      if (${expression}) resolve(true);
      else if (performance.now() > until) resolve(false);
      else setTimeout(poll, 20);
    };
    poll();
  })`);
  if (!met) throw new Error(`timed out after ${timeoutMs} ms waiting in the page for ${expression}`);
}

/** Waits `ms`, then until the page is idle: 10 frames in a row at most 50 ms apart. */
export async function settle(page: Page, ms = 500): Promise<void> {
  await page.waitForTimeout(ms);
  await page.evaluate(CALM);
  await waitInPage(page, 'window.__calmFrames >= 10', PAGE_TIMEOUT_MS);
}

export interface Variant {
  virtual: boolean;
  throttle: number;
  /** a phone: 390 × 844 CSS px at 3 device pixels each, touch, the mobile viewport (issue 34) */
  phone?: boolean;
  /** more scripts to run in every page before its own (source text), as FIRST_SEGMENTS_PROBE is */
  probes?: string[];
}

/** the window of a laptop, and of a phone (an iPhone 13's CSS size and pixel ratio) */
const LAPTOP = { viewport: { width: 1400, height: 900 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

export interface Load {
  page: Page;
  close(): Promise<void>;
  firstMs: number;
  timedOut: boolean;
  nodes: number;
}

export async function openEditor(
  browser: Browser,
  base: string,
  cookie: string,
  taskId: string,
  v: Variant,
): Promise<Load> {
  const context = await browser.newContext(v.phone ? PHONE : LAPTOP);
  await context.addCookies([{ name: 'user_sessionid', value: cookie, url: base }]);
  for (const content of [FIRST_SEGMENTS_PROBE, ...(v.probes ?? [])]) await context.addInitScript({ content });
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_TIMEOUT_MS);
  // a missing asset (a copy taken in the middle of a rebuild) would otherwise pass for a slow page
  const broken = new Promise<never>((_, reject) => {
    page.on('response', (r) => {
      if (r.status() >= 400) reject(new Error(`the editor did not load: ${r.status()} ${r.url()}`));
    });
  });
  broken.catch(() => undefined);
  const close = () => context.close();
  try {
    if (v.throttle !== 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: v.throttle });
    }
    await page.goto(`${base}/edit/${taskId}${v.virtual ? '' : '?virtual=off'}`, { waitUntil: 'commit' });
    if (!(await Promise.race([firstSegmentsPainted(page, PAGE_TIMEOUT_MS), broken])))
      return { page, close, firstMs: PAGE_TIMEOUT_MS, timedOut: true, nodes: 0 };
    const { firstMs, nodes, last } = await page.evaluate<{ firstMs: number; nodes: number; last: boolean }>(
      AFTER_FIRST_PAINT,
    );
    // ?virtual=off must render every row, or the comparison means nothing (e.g. a stale build)
    if (last === v.virtual)
      throw new Error(`/edit?virtual=${v.virtual ? 'on' : 'off'}: segment 10,000 rendered: ${last}`);
    return { page, close, firstMs, timedOut: false, nodes };
  } catch (e) {
    await close();
    throw e;
  }
}

/** Scrolls segment 9,000 into view, focuses its translation and measures keydown → next paint. */
export async function typeInto(
  page: Page,
  virtual: boolean,
  around: { before?: () => Promise<void>; after?: () => Promise<void> } = {},
): Promise<number[]> {
  const row = `[data-testid="segment-${TARGET_SEGMENT}"]`;
  if (virtual) {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      if (await page.evaluate<boolean>(SCROLL_STEP)) break;
      await page.waitForTimeout(100);
    }
  }
  await page.locator(row).waitFor({ state: 'attached' });
  await page.evaluate(FOCUS_TARGET);
  // let the scroll, focus and deferred work settle
  await settle(page);
  await page.evaluate(KEY_PROBE);
  await around.before?.();
  await page.keyboard.type(TYPED, { delay: KEY_DELAY_MS });
  await waitInPage(page, `window.__keyToPaint.length >= ${TYPED.length}`, 60_000);
  await around.after?.();
  const samples = await page.evaluate<number[]>('window.__keyToPaint');
  const value = await page.locator(`[data-testid="seg-${TARGET_SEGMENT}-translation"]`).inputValue();
  if (!value.endsWith(TYPED)) throw new Error(`segment ${TARGET_SEGMENT} reads "${value}" after typing`);
  return samples;
}
