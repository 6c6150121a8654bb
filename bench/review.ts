/**
 * Issue 40 §2: a review link to a 1,000-line task opened in headless Chromium (no account, a fresh
 * browser context each time) against the real server (built web app, embedded PGlite, a local
 * OpenAI-compatible engine): from navigation start to the frame after its first lines are painted.
 * Baseline: the owner's editor on the same task in the same run (its first segments, the same way).
 * The goal is the issue's: lines shown within 1 s.
 */
import type { Browser } from '@playwright/test';
import { openEditor, waitInPage } from './editor-page.js';
import { api } from './editor-server.js';
import { median, round1 } from './editor.js';
import { onEditorTask } from './editor-session.js';
import type { Figure } from './ledger.js';

const LINES = 1000;
const RUNS = Math.max(1, Number(process.env.BENCH_REVIEW_RUNS ?? 5));
const TIMEOUT_MS = 60_000;

/** the time (from navigation start) of the frame after the first translated line is laid out */
const FIRST_LINES_PROBE = `(() => {
  const check = () => {
    const el = document.querySelector('[data-testid="review-translated"]');
    if (el && el.getClientRects().length && el.textContent) {
      requestAnimationFrame(() => { window.__firstLinesMs = performance.now(); });
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})()`;

async function openReview(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    await context.addInitScript({ content: FIRST_LINES_PROBE });
    const page = await context.newPage();
    page.on('response', (r) => {
      if (r.status() >= 400) console.error(`review bench: ${r.status()} ${r.url()}`);
    });
    await page.goto(url, { waitUntil: 'commit' });
    await waitInPage(page, 'window.__firstLinesMs !== undefined', TIMEOUT_MS);
    // the page shows every line's place: the list knows all 1,000 (virtualised or not)
    const lines = await page.evaluate<number>(
      `document.querySelectorAll('[data-testid="review-line"]').length`,
    );
    if (lines < 1) throw new Error('the review page showed no line');
    return page.evaluate<number>('window.__firstLinesMs');
  } finally {
    await context.close();
  }
}

export async function benchReview(): Promise<Figure[]> {
  return onEditorTask({ cues: LINES }, async ({ browser, base, cookie, taskId }) => {
    const link = await api(base, cookie).post<{ url: string }>('/task/review_link_create', {
      id: taskId,
      access: 'comment',
    });
    // the link as the owner copies it, on the bench server's origin
    const url = `${base}/review#${link.url.split('#')[1]}`;
    await openReview(browser, url); // warm-up: not measured
    const review: number[] = [];
    const editor: number[] = [];
    // alternate, so drift of the machine falls on both
    for (let run = 0; run < RUNS; run += 1) {
      review.push(await openReview(browser, url));
      const load = await openEditor(browser, base, cookie, taskId, { virtual: true, throttle: 1 });
      editor.push(load.firstMs);
      await load.close();
    }
    const r = median(review);
    const e = median(editor);
    console.error(
      `review link, ${LINES} lines: ${review.map(Math.round).join(', ')} ms; editor ${editor.map(Math.round).join(', ')} ms`,
    );
    return [
      {
        name: `review link of a ${LINES}-line task: lines shown (ms)`,
        value: round1(r),
        unit: 'ms',
        baseline: "the owner's editor on the same task, first segments",
        baselineValue: round1(e),
        ratio: Number((r / e).toFixed(3)),
        goal: '<= 1000 ms',
      },
    ];
  });
}
