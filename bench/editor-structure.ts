/**
 * Issue 35 in the browser: a 10,000-line task (every 4th line running 1 s into the next, for fix
 * timing to remove), opened virtualised in headless Chromium against the real server (editor-session.ts).
 * Each figure against keystroke-to-paint in segment 9,000 of the same page (the editor bench's
 * typing): a line split (Alt+Enter, the cursor mid-text) and merged again (Alt+M), from the key to
 * the paint; every line shifted by 1.5 s, its frame rate changed (25 → 23.976 fps) and its timing
 * fixed, from the apply click to the paint of the rows' new times, with the saves the page sends
 * after it (/task/update_segments calls and their bodies). At normal CPU and at 4× throttling.
 */
import { writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { median, round1, compare } from './editor.js';
import { openEditor, TARGET_SEGMENT, typeInto } from './editor-page.js';
import { onEditorTask } from './editor-session.js';
import {
  retime,
  SHIFT_MS,
  splitsAndMerges,
  undo,
  watchSaves,
  type Save,
  type Timed,
  type TimingOp,
} from './editor-structure-page.js';
import type { Figure } from './ledger.js';

/** lines split and merged again (from segment 9,000 on) per page */
const SAMPLES = Math.max(1, Number(process.env.BENCH_STRUCTURE_SAMPLES ?? 16));
/** times each timing operation is applied per page (fix timing undone between) */
const RUNS = Math.max(1, Number(process.env.BENCH_STRUCTURE_RUNS ?? 3));
const OVERLAP_EVERY = 4;

const KEY_GOAL = '≤ 50 ms, ≤ 2× keystroke';
const TIMING_GOAL = '≤ 50 ms, one save call';
const OPS: { op: TimingOp; name: string }[] = [
  { op: 'shift', name: `shift every line by +${SHIFT_MS} ms` },
  { op: 'rate', name: 'frame rate 25 → 23.976 fps' },
  { op: 'fix', name: 'fix timing (24 fps)' },
];

interface Measured {
  keys: number[];
  split: number[];
  merge: number[];
  timing: Map<TimingOp, Timed[]>;
}

async function measure(browser: Browser, base: string, cookie: string, taskId: string, throttle: number) {
  const load = await openEditor(browser, base, cookie, taskId, { virtual: true, throttle });
  try {
    const { page } = load;
    const saves = watchSaves(page);
    const keys = await typeInto(page, true);
    await saves.after(0, Date.now(), 1000);
    // BENCH_STRUCTURE_PROFILE_OUT=file.cpuprofile: the page's CPU profile of the splits and merges
    const profileOut = throttle === 1 ? process.env.BENCH_STRUCTURE_PROFILE_OUT : undefined;
    const cdp = profileOut ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    // BENCH_STRUCTURE_TRACE_OUT=file.json: a Chromium trace of the same (performance marks around each)
    const traceOut = throttle === 1 ? process.env.BENCH_STRUCTURE_TRACE_OUT : undefined;
    if (traceOut)
      await browser.startTracing(page, {
        path: traceOut,
        categories: ['devtools.timeline', 'blink.user_timing', 'disabled-by-default-devtools.timeline'],
      });
    const { split, merge } = await splitsAndMerges(page, saves, SAMPLES);
    if (traceOut) await browser.stopTracing();
    if (cdp && profileOut)
      writeFileSync(profileOut, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    const timing = new Map<TimingOp, Timed[]>();
    const line = (xs: number[]) => xs.map(Math.round).join(', ');
    const at = `editor structure at ${throttle}× CPU`;
    console.error(`${at}: keys ${line(keys)} ms; split ${line(split)} ms; merge ${line(merge)} ms`);
    const patches = (sent: Save[]) => sent.reduce((sum, s) => sum + s.patches, 0);
    for (let run = 0; run < RUNS; run += 1)
      for (const { op } of OPS) {
        const done = await retime(page, saves, op);
        timing.set(op, [...(timing.get(op) ?? []), done]);
        const bodies = done.saves.map((s) => `${s.bytes} B`).join(' + ');
        console.error(`${at}: ${op} ${Math.round(done.ms)} ms, saves ${bodies || 'none'}`);
        if (op !== 'fix') continue;
        // the overlaps back for the next fix (and the next page's)
        const undone = await undo(page, saves);
        if (patches(undone) !== patches(done.saves))
          throw new Error(
            `undoing fix timing saved ${patches(undone)} lines, not the ${patches(done.saves)} it changed`,
          );
      }
    return { keys, split, merge, timing } satisfies Measured;
  } finally {
    await load.close();
  }
}

/** One throttle's figures: each against the keystroke's median (or max) of the same page. */
function figuresOf(m: Measured, label: string): Figure[] {
  const keyMedian = round1(median(m.keys));
  const keyMax = round1(Math.max(...m.keys));
  const flags = {
    baseline: `text keystroke-to-paint, segment ${TARGET_SEGMENT.toLocaleString('en')}, same page`,
  };
  const lines = `lines ${TARGET_SEGMENT.toLocaleString('en')}–${(TARGET_SEGMENT + SAMPLES - 1).toLocaleString('en')}`;
  const figures: Figure[] = [];
  for (const [what, xs] of [
    ['split (Alt+Enter)', m.split],
    ['merge (Alt+M)', m.merge],
  ] as const)
    figures.push(
      compare(
        `editor: ${what} key-to-paint median, ${lines}${label}`,
        'ms',
        KEY_GOAL,
        round1(median(xs)),
        keyMedian,
        flags,
      ),
      compare(
        `editor: ${what} key-to-paint max, ${lines}${label}`,
        'ms',
        KEY_GOAL,
        round1(Math.max(...xs)),
        keyMax,
        flags,
      ),
    );
  for (const { op, name } of OPS) {
    const runs = m.timing.get(op) ?? [];
    const calls = Math.max(...runs.map((r) => r.saves.length));
    const bytes = Math.max(...runs.map((r) => r.saves.reduce((sum, s) => sum + s.bytes, 0)));
    const fixed = op === 'fix' && runs[0]?.lines ? ` (${runs[0].lines.toLocaleString('en')} lines)` : '';
    figures.push(
      compare(
        `editor: ${name}${fixed}, 10,000 lines, apply-to-paint median of ${runs.length}${label}`,
        'ms',
        TIMING_GOAL,
        round1(median(runs.map((r) => r.ms))),
        keyMedian,
        flags,
      ),
      {
        name: `editor: ${name}${fixed}: /task/update_segments calls after it${label}`,
        value: calls,
        unit: 'calls',
        baseline: null,
        baselineValue: null,
        ratio: null,
        goal: 'one save call',
      },
      {
        name: `editor: ${name}${fixed}: bytes those calls send${label}`,
        value: bytes,
        unit: 'bytes',
        baseline: null,
        baselineValue: null,
        ratio: null,
      },
    );
  }
  return figures;
}

export async function benchEditorStructure(): Promise<Figure[]> {
  return onEditorTask({ overlapEvery: OVERLAP_EVERY }, async ({ browser, base, cookie, taskId }) => {
    const figures: Figure[] = [];
    for (const throttle of [1, 4]) {
      const m = await measure(browser, base, cookie, taskId, throttle);
      figures.push(...figuresOf(m, throttle === 1 ? '' : `, ${throttle}× CPU throttle`));
    }
    return figures;
  });
}
