import { expect, test, type Browser, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';
import { layoutProblems, type LayoutProblem } from '../support/layout-probe.js';
import { completedTask } from '../support/tasks.js';
import { LANGS, type Lang } from '../support/texts.js';
import { newCustomer, savedGlossary, srtFile } from '../support/voice.js';

const BASE = `http://localhost:${E2E_PORT}`;

/**
 * Issue 34: every signed-in screen a creator meets in the first hour, at a phone's, a tablet's and
 * a laptop's width, in each interface language, checked by script (support/layout-probe.ts):
 * nothing wider than the viewport, no text cut without an ellipsis and its title, no text wrapped
 * a letter a line, no control under another, nothing sticking out of its card or dialog.
 */

const WIDTHS = [390, 768, 1280] as const;
const HEIGHT: Record<(typeof WIDTHS)[number], number> = { 390: 844, 768: 1024, 1280: 800 };

/**
 * Containers meant to scroll sideways, what they hide there on purpose: the points' ledgers on a
 * phone (a ledger reads in columns), and a glossary's entries (a grid of fields, as a spreadsheet).
 */
const SCROLLERS = [
  '[data-testid="lots-table"] .ant-table-content',
  '[data-testid="ledger-table"] .ant-table-content',
  '[data-testid="glossary-entries"] .ant-table-content',
];

/** the user's data, made once per worker: a long-named finished film, a pending one, a glossary, a series */
interface Prepared {
  storage: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;
  taskId: string;
}
let prepared: Promise<Prepared> | undefined;

async function prepare(browser: Browser): Promise<Prepared> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await newCustomer(page, 0);
    const { id: taskId } = await completedTask(page, {
      cues: 12,
      name: 'the-first-episode-of-our-little-film-with-a-long-name.srt',
    });
    const post = (path: string, data: object) => page.request.post(path, { headers: { Origin: BASE }, data });
    const pending = await page.request.post('/task/create', {
      headers: { Origin: BASE },
      multipart: {
        targetLanguage: 'ja',
        file: srtFile('pending.srt', '1\n00:00:01,000 --> 00:00:03,000\nGood morning.\n'),
      },
    });
    expect(pending.ok()).toBe(true);
    await savedGlossary(page, 'Names of the film', 'fr', [
      { source: 'Zorbla', target: 'Zorbla' },
      { source: 'warp drive', target: 'moteur de distorsion' },
    ]);
    const series = await post('/series/save', { name: 'Our little film', targetLanguage: 'fr' });
    expect(((await series.json()) as { code: number }).code).toBe(20000);
    return { storage: await context.storageState(), taskId };
  } finally {
    await context.close();
  }
}

/**
 * Resolves once the page has drawn twice (a new width's layout, the renders it causes) and its
 * finite animations (dialogs opening, tabs sliding) have ended; or after a few seconds at most:
 * headless Chromium on a loaded machine once drew no frame for minutes after a resize, and the
 * layout the probe reads is computed when it asks, drawn or not.
 */
async function settled(page: Page) {
  await page.evaluate(async () => {
    const atMost = (ms: number, work: Promise<unknown>) =>
      Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms))]);
    await atMost(1000, new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await atMost(
      3000,
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
  });
}

/** each screen: how to get there, and what is there once it is ready */
const SCREENS: { name: string; open: (page: Page, lang: Lang, p: Prepared) => Promise<void> }[] = [
  {
    name: 'dashboard and task list',
    open: async (page, lang) => {
      await page.goto(`/dashboard?lang=${lang}`);
      await expect(page.getByTestId('task-list').getByText('pending.srt')).toBeVisible();
    },
  },
  {
    // the dialogs open on the dashboard just checked: no page load of their own
    name: 'SRT upload dialog with its cost',
    open: async (page) => {
      await page.getByTestId('srt-card').click();
      const dialog = page.getByRole('dialog');
      await dialog
        .locator('input[type=file]')
        .setInputFiles(
          srtFile('the-second-episode.srt', '1\n00:00:01,000 --> 00:00:03,000\nGood morning, Zorbla.\n'),
        );
      await expect(dialog.getByTestId('srt-cost')).toBeVisible();
    },
  },
  {
    name: 'audio/video upload dialog',
    open: async (page) => {
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await page.getByTestId('media-card').click();
      await expect(page.getByTestId('media-upload-modal')).toBeVisible();
    },
  },
  {
    name: 'editor',
    open: async (page, lang, p) => {
      await page.goto(`/edit/${p.taskId}?lang=${lang}`);
      await expect(page.getByTestId('seg-1-translation')).toBeVisible();
    },
  },
  {
    name: 'assets',
    open: async (page, lang) => {
      await page.goto(`/assets?lang=${lang}`);
      await expect(page.getByTestId('ledger-table')).toBeVisible();
    },
  },
  {
    name: 'glossaries',
    open: async (page, lang) => {
      await page.goto(`/dashboard?view=glossaries&lang=${lang}`);
      await expect(page.getByTestId('glossary-list').getByText('Names of the film')).toBeVisible();
    },
  },
  {
    name: 'a glossary',
    open: async (page) => {
      await page.getByTestId('glossary-open').click();
      await expect(page.getByTestId('glossary-editor')).toBeVisible();
    },
  },
  {
    name: 'series',
    open: async (page, lang) => {
      await page.goto(`/dashboard?view=series&lang=${lang}`);
      await expect(page.getByTestId('series-list').getByText('Our little film')).toBeVisible();
    },
  },
];

for (const lang of LANGS) {
  test(`no overflow, clipped or squeezed text, covered control or escaping part at 390, 768 and 1280 px (${lang})`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const p = await (prepared ??= prepare(browser));
    const context = await browser.newContext({ storageState: p.storage, locale: 'zh-CN' });
    const page = await context.newPage();
    // each problem once, with how many times it was seen (the same flag on every line of the editor)
    const found = new Map<string, number>();
    try {
      for (const screen of SCREENS) {
        // opened on a phone, then the window widened: what a page does on a rotated tablet too
        for (const [i, width] of WIDTHS.entries()) {
          await page.setViewportSize({ width, height: HEIGHT[width] });
          if (i === 0) await screen.open(page, lang, p);
          await settled(page);
          const problems: LayoutProblem[] = await page.evaluate(layoutProblems, { scrollers: SCROLLERS });
          for (const f of problems) {
            const key = `${width}px ${lang} ${screen.name}: ${f.check} ${f.element.replace(/\b\d+\b/g, 'N')}: ${f.detail}`;
            found.set(key, (found.get(key) ?? 0) + 1);
          }
        }
      }
    } finally {
      await context.close();
    }
    const list = [...found].map(([what, n]) => (n > 1 ? `${what} (×${n})` : what));
    expect(list, list.join('\n')).toEqual([]);
  });
}
