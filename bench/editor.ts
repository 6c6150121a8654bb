/**
 * The editor with a completed task of 10,000 segments, in headless Chromium against the real server
 * (child process, built web app, embedded PGlite, a local OpenAI-compatible engine): time from
 * navigation start to the first segments painted, DOM nodes after that, and keystroke-to-paint
 * while typing into segment 9,000; virtualised (/edit/{id}) against every row rendered
 * (/edit/{id}?virtual=off), at normal CPU and at 4× CPU throttling; and on a phone (390 px wide,
 * each line a card) at 4× against the laptop's virtualised figures of the same run.
 */
import type { Browser } from '@playwright/test';
import { openEditor, PAGE_TIMEOUT_MS, typeInto, type Variant } from './editor-page.js';
import { profileEditor } from './editor-profile.js';
import { onEditorTask } from './editor-session.js';
import type { Figure } from './ledger.js';

/** first-paint runs per variant (fresh browser context each); the median is reported */
const RUNS = Math.max(1, Number(process.env.BENCH_EDITOR_RUNS ?? 3));

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export const round1 = (n: number) => Math.round(n * 10) / 10;

interface Measured {
  firstMs: number;
  timedOut: boolean;
  nodes: number | null;
  keyMedian: number | null;
  keyMax: number | null;
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
    `editor ${v.virtual ? 'virtualised' : 'all rows'}${v.phone ? ' on a phone' : ''} at ${v.throttle}× CPU: first segments ${firsts.map(Math.round).join(', ')} ms`,
  );
  return {
    firstMs: timedOut ? PAGE_TIMEOUT_MS : Math.round(median(firsts)),
    timedOut,
    nodes: timedOut ? null : nodes,
    keyMedian: keys ? round1(median(keys)) : null,
    keyMax: keys ? round1(Math.max(...keys)) : null,
  } satisfies Measured;
}

export function compare(
  name: string,
  unit: string,
  goal: string,
  value: number | null,
  base: number | null,
  flags: { timedOut?: boolean; baseTimedOut?: boolean; baseline?: string } = {},
): Figure {
  return {
    name: `${name}${flags.timedOut ? ' (timed out)' : ''}`,
    value: value ?? Number.NaN,
    unit,
    baseline: `${flags.baseline ?? 'non-virtualised (?virtual=off)'}${flags.baseTimedOut ? ', timed out' : ''}`,
    baselineValue: base,
    ratio: value !== null && base !== null ? Math.round((value / base) * 1000) / 1000 : null,
    goal,
  };
}

/**
 * Issue 34's goals on a phone: 390 px wide (each line a card, segment-row.css), 4× CPU throttling,
 * first paint ≤ 1.5 s and keystroke-to-paint ≤ 50 ms; the baseline is the laptop's virtualised
 * list at 4× in the same run.
 */
async function phoneFigures(
  browser: Browser,
  base: string,
  cookie: string,
  taskId: string,
  laptop: Measured,
): Promise<Figure[]> {
  const phone = await measure(browser, base, cookie, taskId, { virtual: true, throttle: 4, phone: true });
  const t = { timedOut: phone.timedOut, baseline: 'a laptop (1400 px), virtualised, 4×' };
  const label = 'virtualised, phone 390 px, 4× CPU throttle';
  return [
    compare(
      `editor, 10,000 segments: first segments painted, ${label}`,
      'ms',
      '≤ 1500 ms',
      phone.firstMs,
      laptop.firstMs,
      t,
    ),
    compare(
      `editor: keystroke-to-paint median, segment 9,000, ${label}`,
      'ms',
      '≤ 50 ms',
      phone.keyMedian,
      laptop.keyMedian,
      t,
    ),
    compare(
      `editor: keystroke-to-paint max, segment 9,000, ${label}`,
      'ms',
      '≤ 50 ms',
      phone.keyMax,
      laptop.keyMax,
      t,
    ),
    compare(
      'editor: DOM nodes after first paint, phone 390 px',
      'nodes',
      '≤ 1,400',
      phone.nodes,
      laptop.nodes,
      t,
    ),
  ];
}

export async function benchEditor(): Promise<Figure[]> {
  return onEditorTask({}, async ({ browser, base, cookie, taskId }) => {
    const figures: Figure[] = [];
    // BENCH_EDITOR_PROFILE=1: where the first paint's time goes (requests and scripts), no figures
    if (process.env.BENCH_EDITOR_PROFILE) {
      await profileEditor(browser, base, cookie, taskId);
      return figures;
    }

    // BENCH_EDITOR_PHONE_ONLY=1: the phone's figures and their baseline alone (no ?virtual=off loads)
    if (process.env.BENCH_EDITOR_PHONE_ONLY) {
      const laptop = await measure(browser, base, cookie, taskId, { virtual: true, throttle: 4 });
      return [...figures, ...(await phoneFigures(browser, base, cookie, taskId, laptop))];
    }

    let laptop4: Measured | null = null;
    for (const throttle of [1, 4]) {
      const label = throttle === 1 ? '' : `, ${throttle}× CPU throttle`;
      const v = await measure(browser, base, cookie, taskId, { virtual: true, throttle });
      if (throttle === 4) laptop4 = v;
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
    figures.push(...(await phoneFigures(browser, base, cookie, taskId, laptop4!)));
    return figures;
  });
}
