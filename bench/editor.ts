/**
 * The editor with a completed task of 10,000 segments, in headless Chromium against the real server
 * (child process, built web app, embedded PGlite, a local OpenAI-compatible engine): time from
 * navigation start to the first segments painted, DOM nodes after that, and keystroke-to-paint
 * while typing into segment 9,000; virtualised (/edit/{id}) against every row rendered
 * (/edit/{id}?virtual=off), at normal CPU and at 4× CPU throttling.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  openSync,
  closeSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { formatSrtTime } from '@subtrans/subtitles';
import { startOpenAiServer } from '../apps/server/test/support/translation-servers.js';
import type { Figure } from './ledger.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CUES = 10_000;
const TARGET_SEGMENT = 9000;
const TYPED = ' typed by the bench.!'; // 21 keystrokes
const KEY_DELAY_MS = 50;
/** first-paint runs per variant (fresh browser context each); the median is reported */
const RUNS = Math.max(1, Number(process.env.BENCH_EDITOR_RUNS ?? 3));
// the non-virtualised page at 4× CPU: 99–122 s here since its 10,000 rows are forms (slower machines: more)
const PAGE_TIMEOUT_MS = 420_000;
const ENGINE_KEY = 'bench-editor-key';
const MANAGER = { email: 'bench-editor-admin@example.com', password: 'bench-editor-pass' };

const SENTENCES = [
  'I never thought we would make it back home before the storm.',
  'Could you hand me the keys on the kitchen table, please?',
  'She said the train leaves at seven, so we should hurry up.',
  'There is nothing in this old house that I want to keep.',
  'We walked along the river until the sun went down behind the hills.',
  'Tell me the truth, or I will find out from someone else.',
  'The meeting has been moved to Thursday afternoon at three.',
  'He kept the letter in his pocket for almost twenty years.',
  'If you listen carefully, you can hear the ocean from here.',
  'My brother always wanted to open a small bakery in the village.',
  'Nobody knows where the money went after the bank closed its doors.',
  'Please wait here while I talk to the doctor about your results.',
];

/** 10,000 cues, 3 s apart, 2.8 s each, ordinary English sentences of 40–80 characters. */
function longSrt(): string {
  return Array.from({ length: CUES }, (_, k) => {
    const start = k * 3000;
    const text = SENTENCES[k % SENTENCES.length]!;
    return `${k + 1}\r\n${formatSrtTime(start)} --> ${formatSrtTime(start + 2800)}\r\n${text}\r\n`;
  }).join('\r\n');
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the web app when it is missing or older than its sources (a stale build would not measure the current editor). */
function ensureWebBuild() {
  const index = path.join(ROOT, 'apps/web/dist/index.html');
  let builtAt = 0;
  try {
    builtAt = statSync(index).mtimeMs;
  } catch {
    // not built
  }
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'apps/web/src')),
    newestMtime(path.join(ROOT, 'packages/contract/src')),
    newestMtime(path.join(ROOT, 'packages/subtitles/src')),
  );
  if (builtAt > sources) return;
  console.error(
    builtAt ? 'editor bench: the web build is stale, rebuilding' : 'editor bench: building the web app',
  );
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}\n${r.stderr}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, server: ChildProcess, log: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${readFileSync(log, 'utf8')}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready at ${url}:\n${readFileSync(log, 'utf8')}`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

interface Api {
  post<T>(url: string, body: unknown): Promise<T>;
}

function api(base: string, cookie: string): Api {
  return {
    async post<T>(url: string, body: unknown): Promise<T> {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { cookie: `user_sessionid=${cookie}`, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; msg: string; data: T };
      if (json.code !== 20000) throw new Error(`${url}: ${json.code} ${json.msg}`);
      return json.data;
    },
  };
}

/** Signs in as the manager, grants it points and runs a 10,000-segment task to completion. */
async function completedTask(base: string): Promise<{ cookie: string; taskId: string }> {
  const login = await fetch(`${base}/email/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: MANAGER.email, pass: MANAGER.password }),
  });
  const cookie = /user_sessionid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error(`manager login failed: ${await login.text()}`);
  const call = api(base, cookie);
  const me = await call.post<{ id: number }>('/user/profile', {});
  // 10 points per started minute: 10,000 cues × 3 s = 500 min = 5,000 points
  await call.post('/user/grant_points', { userId: me.id, points: 10_000, note: 'editor bench' });

  const form = new FormData();
  form.set('targetLanguage', 'fr');
  form.set('originalLanguage', 'en');
  form.set('file', new Blob([longSrt()], { type: 'application/x-subrip' }), 'ten-thousand.srt');
  const created = await fetch(`${base}/task/create`, {
    method: 'POST',
    headers: { cookie: `user_sessionid=${cookie}`, origin: base },
    body: form,
  });
  const createdJson = (await created.json()) as { code: number; msg: string; data: { id: string } };
  if (createdJson.code !== 20000) throw new Error(`/task/create: ${createdJson.msg}`);
  const taskId = createdJson.data.id;
  await call.post('/task/start', { id: taskId });
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    // the list carries no segments (a light look at the status)
    const page = await call.post<{ list: { id: string; status: string; error: string | null }[] }>(
      '/task/list',
      { page: 1, size: 10 },
    );
    const task = page.list.find((t) => t.id === taskId);
    if (task?.status === 'completed') return { cookie, taskId };
    if (task?.status === 'failed') throw new Error(`task failed: ${task.error}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the 10,000-segment task did not complete in 10 minutes');
}

/*
 * What runs in the page is sent as source text: bench/ is type-checked without the DOM library,
 * and tsx would wrap named functions in a helper the page does not have.
 */

/**
 * In every page: the time (from navigation start) of the frame after segment 1 is first laid out,
 * and a promise that settles then (window.__firstSegments), for the bench to await without polling.
 */
const FIRST_SEGMENTS_PROBE = `(() => {
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
async function firstSegmentsPainted(page: Page, ms: number): Promise<boolean> {
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
const PROFILE = `[
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
 * keydown → the next paint after the edit: the edit renders on the input event that follows the
 * keydown; a task queued from the next animation frame runs once that frame is painted. The start
 * is the event's own time (it counts a wait behind earlier work), or now if that is odd.
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
    requestAnimationFrame(() => setTimeout(() => window.__keyToPaint.push(performance.now() - start), 0));
  }, { capture: true });
})()`;

/**
 * Resolves once `expression` is truthy in the page. (waitForFunction with source text is refused
 * by the app's Content-Security-Policy, which has no 'unsafe-eval'; page.evaluate is not bound by it.)
 */
async function waitInPage(page: Page, expression: string, timeoutMs: number): Promise<void> {
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

interface Variant {
  virtual: boolean;
  throttle: number;
}

interface Load {
  page: Page;
  close(): Promise<void>;
  firstMs: number;
  timedOut: boolean;
  nodes: number;
}

async function openEditor(
  browser: Browser,
  base: string,
  cookie: string,
  taskId: string,
  v: Variant,
): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addCookies([{ name: 'user_sessionid', value: cookie, url: base }]);
  await context.addInitScript({ content: FIRST_SEGMENTS_PROBE });
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
async function typeInto(
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
  // let the scroll, focus and deferred work settle: 10 frames in a row at most 50 ms apart
  await page.waitForTimeout(500);
  await page.evaluate(CALM);
  await waitInPage(page, 'window.__calmFrames >= 10', PAGE_TIMEOUT_MS);
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

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

interface Measured {
  firstMs: number;
  timedOut: boolean;
  nodes: number | null;
  keyMedian: number | null;
  keyMax: number | null;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

/**
 * The browser's own record of the main thread until the first segments (a Chromium trace): each
 * task over 15 ms with when it ran and what it was made of, and the time by kind of work
 * (script, style, layout, paint, parsing), nested work counted in its parent too.
 */
async function traceFirstPaint(
  browser: Browser,
  base: string,
  cookie: string,
  taskId: string,
  throttle: number,
) {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addCookies([{ name: 'user_sessionid', value: cookie, url: base }]);
  await context.addInitScript({ content: FIRST_SEGMENTS_PROBE });
  const page = await context.newPage();
  if (throttle !== 1)
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'blink.user_timing',
    ],
  });
  await page.goto(`${base}/edit/${taskId}`, { waitUntil: 'commit' });
  if (!(await firstSegmentsPainted(page, 60_000)))
    throw new Error('the editor did not paint its first segments');
  const firstMs = await page.evaluate<number>('window.__firstSegmentsMs');
  const raw = (await browser.stopTracing()).toString();
  // BENCH_EDITOR_TRACE_OUT=dir: each throttle's whole trace (trace-1x.json …), for DevTools' Performance panel
  if (process.env.BENCH_EDITOR_TRACE_OUT)
    writeFileSync(path.join(process.env.BENCH_EDITOR_TRACE_OUT, `trace-${throttle}x.json`), raw);
  const events = (JSON.parse(raw) as { traceEvents: TraceEvent[] }).traceEvents;
  await context.close();
  // the page's own mark (its clock and the trace's differ): the window is the firstMs before it
  const mark = events.find((e) => e.name === 'first-segments');
  if (!mark) throw new Error('the trace has no first-segments mark');
  const end = mark.ts;
  const start = end - firstMs * 1000;
  // the page's main thread is the one that wrote the mark
  const onMain = events.filter(
    (e) => e.pid === mark.pid && e.tid === mark.tid && e.ph === 'X' && e.dur && e.ts >= start && e.ts <= end,
  );
  const total = new Map<string, number>();
  for (const e of onMain) total.set(e.name, (total.get(e.name) ?? 0) + e.dur! / 1000);
  console.log(
    `\nmain thread until the first segments (${Math.round(firstMs)} ms at ${throttle}× CPU), by kind of work:`,
  );
  console.table(
    [...total]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([what, ms]) => ({ what, ms: Math.round(ms) })),
  );
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur! > 15_000);
  console.table(
    tasks.map((task) => {
      const inside = new Map<string, number>();
      for (const e of onMain)
        if (e !== task && e.ts >= task.ts && e.ts + e.dur! <= task.ts + task.dur!)
          inside.set(e.name, (inside.get(e.name) ?? 0) + e.dur! / 1000);
      return {
        at: Math.round((task.ts - start) / 1000),
        ms: Math.round(task.dur! / 1000),
        made_of: [...inside]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 4)
          .map(([n, ms]) => `${n} ${Math.round(ms)}`)
          .join(', '),
      };
    }),
  );
}

/** Where the time of typing into segment 9,000 goes: self time by function (BENCH_EDITOR_PROFILE). */
async function profileTyping(
  browser: Browser,
  base: string,
  cookie: string,
  taskId: string,
  throttle: number,
) {
  const load = await openEditor(browser, base, cookie, taskId, { virtual: true, throttle });
  try {
    const cdp = await load.page.context().newCDPSession(load.page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    let profile: unknown = null;
    const keys = await typeInto(load.page, true, {
      before: () => cdp.send('Profiler.start').then(() => undefined),
      after: async () => {
        profile = ((await cdp.send('Profiler.stop')) as { profile: unknown }).profile;
      },
    });
    console.log(
      `\ntyping at ${throttle}× CPU: keystroke-to-paint ${keys.map((k) => Math.round(k)).join(', ')} ms`,
    );
    if (process.env.BENCH_EDITOR_PROFILE_OUT)
      writeFileSync(
        process.env.BENCH_EDITOR_PROFILE_OUT.replace(/(\.cpuprofile)?$/, '-typing.cpuprofile'),
        JSON.stringify(profile),
      );
  } finally {
    await load.close();
  }
}

async function measure(browser: Browser, base: string, cookie: string, taskId: string, v: Variant) {
  const firsts: number[] = [];
  let timedOut = false;
  let nodes = 0;
  let keys: number[] | null = null;
  // the non-virtualised page is the baseline, and slow: loaded once
  const runs = v.virtual ? RUNS : 1;
  for (let run = 0; run < runs; run += 1) {
    const load = await openEditor(browser, base, cookie, taskId, v);
    try {
      firsts.push(load.firstMs);
      if (load.timedOut) {
        timedOut = true;
        break;
      }
      nodes = load.nodes;
      // typing is measured once, on the last load
      if (run === runs - 1) keys = await typeInto(load.page, v.virtual);
    } finally {
      await load.close();
    }
  }
  console.error(
    `editor ${v.virtual ? 'virtualised' : 'all rows'} at ${v.throttle}× CPU: first segments ${firsts.map(Math.round).join(', ')} ms`,
  );
  return {
    firstMs: timedOut ? PAGE_TIMEOUT_MS : Math.round(median(firsts)),
    timedOut,
    nodes: timedOut ? null : nodes,
    keyMedian: keys ? round1(median(keys)) : null,
    keyMax: keys ? round1(Math.max(...keys)) : null,
  } satisfies Measured;
}

function compare(
  name: string,
  unit: string,
  goal: string,
  value: number | null,
  base: number | null,
  flags: { timedOut?: boolean; baseTimedOut?: boolean } = {},
): Figure {
  return {
    name: `${name}${flags.timedOut ? ' (timed out)' : ''}`,
    value: value ?? Number.NaN,
    unit,
    baseline: `non-virtualised (?virtual=off)${flags.baseTimedOut ? ', timed out' : ''}`,
    baselineValue: base,
    ratio: value !== null && base !== null ? Math.round((value / base) * 1000) / 1000 : null,
    goal,
  };
}

export async function benchEditor(): Promise<Figure[]> {
  ensureWebBuild();
  const figures: Figure[] = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-editor-'));
  const engine = await startOpenAiServer(ENGINE_KEY);
  engine.setDelay(0);
  let server: ChildProcess | null = null;
  let browser: Browser | null = null;
  const logFile = path.join(dataDir, 'server.log');
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // a copy of the built web app of its own: a rebuild meanwhile (e2e runs one) changes the asset names
    const web = path.join(dataDir, 'web');
    cpSync(path.join(ROOT, 'apps/web/dist'), web, { recursive: true });
    const log = openSync(logFile, 'a');
    server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: base,
        DATA_DIR: path.join(dataDir, 'data'),
        WEB_DIST_DIR: web,
        DATABASE_URL: '',
        SMTP_URL: '',
        ADMIN_EMAIL: MANAGER.email,
        ADMIN_PASSWORD: MANAGER.password,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        DEEPSEEK_API_KEY: ENGINE_KEY,
        DEEPSEEK_BASE_URL: engine.url,
        TRANSLATE_BATCH_SIZE: '50',
        TRANSLATE_CONCURRENCY: '20',
      },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    await waitForReady(`${base}/readyz`, server, logFile);
    const { cookie, taskId } = await completedTask(base);
    // BENCH_EDITOR_HOLD=1: keep the server with its 10,000-segment task up, to look at by hand
    if (process.env.BENCH_EDITOR_HOLD) {
      console.log(
        `editor bench server: ${base}/edit/${taskId} (cookie user_sessionid=${cookie}); Ctrl-C ends`,
      );
      await new Promise((resolve) => process.once('SIGINT', resolve));
      return figures;
    }

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    // warm-up (server code paths, file cache): not measured
    await (await openEditor(browser, base, cookie, taskId, { virtual: true, throttle: 1 })).close();

    // BENCH_EDITOR_PROFILE=1: where the first paint's time goes (requests and scripts), no figures
    if (process.env.BENCH_EDITOR_PROFILE) {
      for (const throttle of [1, 4]) {
        const load = await openEditor(browser, base, cookie, taskId, { virtual: true, throttle });
        const timeline = await load.page.evaluate(PROFILE);
        console.log(`\neditor first paint at ${throttle}× CPU: ${Math.round(load.firstMs)} ms`);
        console.table(timeline);
        await load.close();
      }
      // where the main thread's time goes until the first segments (self time by function)
      // (a console profile the page starts at its first script and ends in the frame after the
      // first segments are painted, so it holds exactly the work before that paint)
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      await context.addCookies([{ name: 'user_sessionid', value: cookie, url: base }]);
      await context.addInitScript({
        content: `window.__profileFirstPaint = true; console.profile('first-paint');`,
      });
      await context.addInitScript({ content: FIRST_SEGMENTS_PROBE });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      // BENCH_EDITOR_PROFILE=4: the functions' self time at 4× CPU throttling
      const profileThrottle = Number(process.env.BENCH_EDITOR_PROFILE) || 1;
      if (profileThrottle !== 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profileThrottle });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      type CpuProfile = {
        nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
        samples: number[];
        timeDeltas: number[];
      };
      const finished = new Promise<CpuProfile>((resolve) =>
        cdp.on('Profiler.consoleProfileFinished', (e) => resolve(e.profile as unknown as CpuProfile)),
      );
      await page.goto(`${base}/edit/${taskId}`);
      const profile = await finished;
      // BENCH_EDITOR_PROFILE_OUT=file.cpuprofile: the whole profile, for DevTools or a script
      if (process.env.BENCH_EDITOR_PROFILE_OUT)
        writeFileSync(process.env.BENCH_EDITOR_PROFILE_OUT, JSON.stringify(profile));
      const self = new Map<string, number>();
      const byId = new Map(profile.nodes.map((n) => [n.id, n]));
      profile.samples.forEach((id, i) => {
        const f = byId.get(id)!.callFrame;
        const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
      });
      console.table(
        [...self]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 40)
          .map(([fn, ms]) => ({ fn, ms: Math.round(ms) })),
      );
      await context.close();
      for (const throttle of [1, 4]) await traceFirstPaint(browser, base, cookie, taskId, throttle);
      await profileTyping(browser, base, cookie, taskId, profileThrottle);
      return figures;
    }

    for (const throttle of [1, 4]) {
      const label = throttle === 1 ? '' : `, ${throttle}× CPU throttle`;
      const v = await measure(browser, base, cookie, taskId, { virtual: true, throttle });
      const nv = await measure(browser, base, cookie, taskId, { virtual: false, throttle });
      const t = { timedOut: v.timedOut, baseTimedOut: nv.timedOut };
      figures.push(
        compare(
          `editor, 10,000 segments: first segments painted, virtualised${label}`,
          'ms',
          throttle === 1 ? '≤ 1000 ms' : '≤ 1500 ms',
          v.firstMs,
          nv.firstMs,
          t,
        ),
        compare(
          `editor: keystroke-to-paint median, segment 9,000, virtualised${label}`,
          'ms',
          '≤ 50 ms',
          v.keyMedian,
          nv.keyMedian,
          t,
        ),
        compare(
          `editor: keystroke-to-paint max, segment 9,000, virtualised${label}`,
          'ms',
          '≤ 50 ms',
          v.keyMax,
          nv.keyMax,
          t,
        ),
      );
      if (throttle === 1)
        figures.push(
          compare(
            'editor: DOM nodes after first paint, virtualised',
            'nodes',
            '≤ 1,400',
            v.nodes,
            nv.nodes,
            t,
          ),
        );
      figures.push({
        name: `editor: first-paint speed-up, virtualised vs non-virtualised${label}${v.timedOut || nv.timedOut ? ' (timed out: a lower bound)' : ''}`,
        value: Math.round((nv.firstMs / v.firstMs) * 10) / 10,
        unit: '×',
        baseline: null,
        baselineValue: null,
        ratio: null,
        goal: '≥ 3×',
      });
    }
    return figures;
  } finally {
    if (browser) await browser.close();
    if (server) await stopServer(server);
    await engine.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
