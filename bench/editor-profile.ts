/** BENCH_EDITOR_PROFILE: where the editor's first paint and typing spend their time (no figures). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { FIRST_SEGMENTS_PROBE, firstSegmentsPainted, openEditor, PROFILE, typeInto } from './editor-page.js';

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

/** Requests, scripts and long tasks of the first paint, self time by function, then typing. */
export async function profileEditor(browser: Browser, base: string, cookie: string, taskId: string) {
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
}
