/**
 * The editor-structure bench's actions in the page: a line split or merged by its key, the lines'
 * times changed by the timing dialog, each timed from the key or the click to the next paint that
 * shows the list changed, and the saves the page sends after it.
 */
import type { Page, Request } from '@playwright/test';
import { AFTER_PAINT, settle, TARGET_SEGMENT, waitInPage } from './editor-page.js';

/**
 * window.__armChange(): the next key (not a modifier alone) or click starts a clock that stops at
 * the paint of the first frame whose list differs from the list before it (its rows, their texts
 * and times); the time goes to window.__changeToPaint (-1 after 60 s without a change). A frame's
 * animation callback sees the DOM that frame paints; AFTER_PAINT runs once it is painted.
 */
const CHANGE_PROBE = `(() => {
  if (window.__changeToPaint) return;
  window.__changeToPaint = [];
  const modifiers = new Set(['Alt', 'Control', 'Shift', 'Meta']);
  const shown = () => [...document.querySelectorAll('[data-testid="segment-list"] form[data-testid^="segment-"]')]
    .map((row) => row.dataset.testid + ':' + [...row.querySelectorAll('textarea, input.seg-time')].map((f) => f.value).join('|'))
    .join('\\n');
  window.__armChange = () => {
    const before = shown();
    const start = (e) => {
      if (e.type === 'keydown' && modifiers.has(e.key)) return;
      document.removeEventListener('keydown', start, true);
      document.removeEventListener('click', start, true);
      const now = performance.now();
      const t0 = e.timeStamp > 0 && e.timeStamp <= now && now - e.timeStamp < 10000 ? e.timeStamp : now;
      const frame = () => {
        if (shown() !== before)
          ${AFTER_PAINT}(() => {
            // marks for a trace: the interval measured
            performance.mark('change-start', { startTime: t0 });
            performance.mark('change-painted');
            window.__changeToPaint.push(performance.now() - t0);
          });
        else if (performance.now() - t0 > 60000) window.__changeToPaint.push(-1);
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    };
    document.addEventListener('keydown', start, true);
    document.addEventListener('click', start, true);
  };
})()`;

/** Runs `act` (a key or a click) and answers the ms from it to the paint of the changed list. */
async function toPaint(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(CHANGE_PROBE);
  const n = await page.evaluate<number>('window.__changeToPaint.length');
  await page.evaluate('window.__armChange()');
  await act();
  await waitInPage(page, `window.__changeToPaint.length > ${n}`, 90_000);
  const ms = await page.evaluate<number>(`window.__changeToPaint[${n}]`);
  if (ms < 0) throw new Error('the list did not change within 60 s');
  return ms;
}

export interface Save {
  bytes: number;
  /** lines' values, lines made, lines deleted, time maps */
  patches: number;
  insert: number;
  remove: number;
  retime: number;
}

const SAVE_URL = '/task/update_segments';

/** The page's saves (POST /task/update_segments) as they are sent, and whether one is on its way. */
export function watchSaves(page: Page) {
  const sent: Save[] = [];
  const refused: string[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const ours = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === SAVE_URL;
  page.on('request', (r) => {
    if (!ours(r)) return;
    inFlight += 1;
    lastActivity = Date.now();
    const body = r.postDataBuffer() ?? Buffer.alloc(0);
    const json = JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown[] | undefined>;
    sent.push({
      bytes: body.length,
      patches: json.segments?.length ?? 0,
      insert: json.insert?.length ?? 0,
      remove: json.remove?.length ?? 0,
      retime: json.retime?.length ?? 0,
    });
  });
  const done = (r: Request) => {
    if (!ours(r)) return;
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', (r) => {
    if (ours(r)) refused.push(`${SAVE_URL} failed: ${r.failure()?.errorText}`);
    done(r);
  });
  page.on('response', (res) => {
    if (!ours(res.request())) return;
    void res
      .json()
      .then((j: { code: number; msg: string }) => {
        if (j.code !== 20000) refused.push(`${SAVE_URL}: ${j.code} ${j.msg}`);
      })
      .catch(() => undefined);
  });
  return {
    sent,
    refused,
    /**
     * The saves sent from the `since` count on, once at least `windowMs` has passed since `at`, none
     * is on its way and none has started or ended for 1.5 s (a save put off 800 ms, or the next
     * part of one too large for a call, is counted).
     */
    async after(since: number, at: number, windowMs = 3000): Promise<Save[]> {
      const deadline = Date.now() + 120_000;
      while (Date.now() - at < windowMs || inFlight > 0 || Date.now() - lastActivity < 1500) {
        if (Date.now() > deadline) throw new Error('the saves did not settle within 120 s');
        await page.waitForTimeout(100);
      }
      if (refused.length) throw new Error(`a save was refused: ${refused.join('; ')}`);
      const state = await page.evaluate<string | undefined>(
        `document.querySelector('[data-testid="save-state"]')?.dataset.state`,
      );
      if (state !== 'saved') throw new Error(`the editor says "${state}" after its saves`);
      return sent.slice(since);
    },
  };
}

export type Saves = ReturnType<typeof watchSaves>;

/** The line's original text focused, its cursor at the space nearest its middle; its text. */
const focusOriginal = (id: number) => `(() => {
  document.querySelector('[data-testid="segment-${id}"]').scrollIntoView({ block: 'center' });
  const area = document.querySelector('[data-testid="seg-${id}-original"]');
  area.focus({ preventScroll: true });
  const middle = Math.floor(area.value.length / 2);
  const space = area.value.indexOf(' ', middle);
  const at = space > 0 && space < area.value.length - 1 ? space : middle;
  area.setSelectionRange(at, at);
  return area.value;
})()`;

const originalOf = (id: number) => `document.querySelector('[data-testid="seg-${id}-original"]').value`;

/** Splits `line` at its cursor (Alt+Enter), then merges it with its new half (Alt+M): each to paint. */
async function splitAndMerge(page: Page, saves: Saves, line: number) {
  const text = await page.evaluate<string>(focusOriginal(line));
  await settle(page);
  const split = await toPaint(page, () => page.keyboard.press('Alt+Enter'));
  const first = await page.evaluate<string>(originalOf(line));
  if (first.length >= text.length) throw new Error(`line ${line} was not split: "${first}"`);
  await saves.after(saves.sent.length, Date.now(), 1000);
  await page.evaluate(focusOriginal(line));
  await settle(page);
  const merge = await toPaint(page, () => page.keyboard.press('Alt+KeyM'));
  const merged = await page.evaluate<string>(originalOf(line));
  if (merged.length <= first.length) throw new Error(`line ${line} was not merged: "${merged}"`);
  await saves.after(saves.sent.length, Date.now(), 1000);
  return { split, merge };
}

/**
 * Lines TARGET_SEGMENT, TARGET_SEGMENT + 1 … each split and merged again (the maths loaded and
 * run once before, on the line two before them, unmeasured).
 */
export async function splitsAndMerges(page: Page, saves: Saves, samples: number) {
  await splitAndMerge(page, saves, TARGET_SEGMENT - 2);
  const split: number[] = [];
  const merge: number[] = [];
  for (let k = 0; k < samples; k += 1) {
    const ms = await splitAndMerge(page, saves, TARGET_SEGMENT + k);
    split.push(ms.split);
    merge.push(ms.merge);
  }
  return { split, merge };
}

export type TimingOp = 'shift' | 'rate' | 'fix';

export interface Timed {
  ms: number;
  saves: Save[];
  /** fix timing: the lines it changes, as its button says */
  lines: number | null;
}

/** the dialog's tab of each operation, and its apply button */
const TABS: Record<TimingOp, { tab: number; apply: string }> = {
  shift: { tab: 0, apply: 'timing-apply-shift' },
  rate: { tab: 1, apply: 'timing-apply-rate' },
  fix: { tab: 3, apply: 'timing-apply-fix' },
};

export const SHIFT_MS = 1500;

/**
 * The timing dialog opened, `op` chosen (shift every line by SHIFT_MS; 25 → 23.976 fps; fix timing
 * at 24 fps), applied: from the click to the paint of the rows' new times, and the saves after it.
 */
export async function retime(page: Page, saves: Saves, op: TimingOp): Promise<Timed> {
  await page.getByTestId('lines-timing').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('tab').nth(TABS[op].tab).click();
  if (op === 'shift') await dialog.getByTestId('timing-amount').fill(String(SHIFT_MS));
  const apply = `document.querySelector('[data-testid="${TABS[op].apply}"]')`;
  // fix timing's button is enabled once its maths has run over the lines (and finds some to change)
  try {
    await waitInPage(page, `${apply} && !${apply}.disabled`, 120_000);
  } catch (e) {
    const summary = await page.evaluate<string>(
      `document.querySelector('[data-testid="timing-fix-summary"]')?.textContent ?? '(no summary)'`,
    );
    throw new Error(`${op}: nothing to apply (${summary})`, { cause: e });
  }
  const label = await page.evaluate<string>(`${apply}.textContent`);
  await settle(page);
  const since = saves.sent.length;
  const at = Date.now();
  const ms = await toPaint(page, () => dialog.getByTestId(TABS[op].apply).click());
  const sent = await saves.after(since, at);
  const count = /\d[\d,]*/.exec(label)?.[0];
  return { ms, saves: sent, lines: op === 'fix' && count ? Number(count.replace(/,/g, '')) : null };
}

/** Ctrl+Z: the last step undone (fix timing's, so that the next fix has the overlaps again), saved. */
export async function undo(page: Page, saves: Saves): Promise<Save[]> {
  await settle(page);
  const since = saves.sent.length;
  const at = Date.now();
  await toPaint(page, () => page.keyboard.press('Control+z'));
  return saves.after(since, at);
}
