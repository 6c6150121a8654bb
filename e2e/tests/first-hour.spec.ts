import { expect, test, type Locator, type Page } from '@playwright/test';
import { newUserWithTask } from '../support/tasks.js';
import { text } from '../support/texts.js';

/**
 * Issue 34, a creator's first hour: the editor opens on every line, from line 1, with the lines to
 * review a choice in view with its count; on a phone the task list shows each task's status and
 * actions, and the editor shows each line as a card one can read, type in and act on.
 */

/** Lines 1–3 are words French writes as English does; lines 4–6 are English sentences, which the
 * local engine leaves in English ("[fr] …"): the server flags those three to review. */
const FILM = [
  'Bravo!',
  'Pardon?',
  'Taxi!',
  'We have to leave the station before the storm reaches the valley.',
  'Nobody believes that the old engine will start again tonight.',
  'Tell everyone to meet at the bridge when the lights go out.',
]
  .map(
    (line, k) =>
      `${k + 1}\n00:00:${String(k * 5).padStart(2, '0')},000 --> 00:00:${String(k * 5 + 4).padStart(2, '0')},000\n${line}\n`,
  )
  .join('\n');

/** the ids of the lines the list shows, top first */
const shownLines = (page: Page) =>
  page
    .getByTestId('segment-list')
    .locator('form[data-testid^="segment-"]')
    .evaluateAll((rows) =>
      rows
        .map((r) => ({
          id: Number(r.getAttribute('data-testid')!.slice('segment-'.length)),
          top: r.getBoundingClientRect().top,
        }))
        .sort((a, b) => a.top - b.top)
        .map((r) => r.id),
    );

test('after a translation the editor opens on all lines from line 1; the lines to review are a choice with its count, kept for the session', async ({
  page,
  context,
}) => {
  const { id } = await newUserWithTask(page, { srt: FILM, name: 'storm.srt' });
  await page.goto('/dashboard?lang=en');
  const task = page.getByTestId(`task-${id}`);
  // the task list counts the lines to review; following that count is what a newcomer does first
  await expect(task.getByTestId('task-review')).toHaveText('3 lines to review');
  await task.getByTestId('task-review').click();
  await expect(page).toHaveURL(new RegExp(`/edit/${id}$`));

  await expect(page.getByTestId('filter-all')).toBeChecked();
  const filter = page.getByTestId('line-filter');
  await expect(filter).toContainText(text('en', 'editor.filter.all', { count: 6 }));
  await expect(filter).toContainText(text('en', 'editor.filter.review', { count: 3 }));
  await expect(page.getByTestId('seg-1-translation')).toBeVisible();
  await expect.poll(() => shownLines(page)).toEqual([1, 2, 3, 4, 5, 6]);

  // the filter, chosen: the lines to review alone, and the choice kept while the tab lives
  await page.getByTestId('filter-review').check();
  await expect.poll(() => shownLines(page)).toEqual([4, 5, 6]);
  await page.reload();
  await expect(page.getByTestId('filter-review')).toBeChecked();
  await expect.poll(() => shownLines(page)).toEqual([4, 5, 6]);
  // every line again, one click away
  await page.getByTestId('filter-all').check();
  await expect.poll(() => shownLines(page)).toEqual([1, 2, 3, 4, 5, 6]);
  await page.getByTestId('filter-review').check();

  // another tab (a session of its own) opens on all lines again, in each language with its counts
  const other = await context.newPage();
  for (const lang of ['zh', 'ja'] as const) {
    await other.goto(`/edit/${id}?lang=${lang}`);
    await expect(other.getByTestId('filter-all')).toBeChecked();
    await expect(other.getByTestId('line-filter')).toContainText(
      text(lang, 'editor.filter.review', { count: 3 }),
    );
    await expect.poll(() => shownLines(other)).toEqual([1, 2, 3, 4, 5, 6]);
  }
});

/** the box of a locator, which must be in view */
type Box = { x: number; y: number; width: number; height: number };

/** where a segment card's parts are, all read in the same frame */
function cardBoxes(page: Page, seg: number) {
  return page.evaluate((n) => {
    const parts = ['original', 'translation', 'start', 'retranslate'] as const;
    const out = {} as Record<(typeof parts)[number], Box>;
    for (const part of parts) {
      const el = document.querySelector(`[data-testid="seg-${n}-${part}"]`);
      if (!el) throw new Error(`seg-${n}-${part} is not on the page`);
      const r = el.getBoundingClientRect();
      out[part] = { x: r.x, y: r.y, width: r.width, height: r.height };
    }
    return out;
  }, seg);
}

async function box(l: Locator) {
  await expect(l).toBeVisible();
  return (await l.boundingBox())!;
}

test('on a phone: each task shows its status and actions; the editor shows each line as a card to read, type in and act on', async ({
  page,
}) => {
  const { id } = await newUserWithTask(page, { srt: FILM, name: 'storm.srt' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard?lang=ja');
  const task = page.getByTestId(`task-${id}`);
  for (const part of [
    task.getByTestId('task-status'),
    task.getByTestId('task-review'),
    task.getByTestId('task-edit'),
    task.getByTestId('task-download'),
    task.getByTestId('task-delete'),
  ]) {
    const b = await box(part);
    expect(b.x).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width).toBeLessThanOrEqual(390);
  }
  await expect(task.getByTestId('task-status')).toHaveAttribute('data-status', 'completed');
  await task.getByTestId('task-edit').click();
  await expect(page).toHaveURL(new RegExp(`/edit/${id}$`));

  // a card: times and actions on top, then the original, then the translation, each full width.
  // The list measures its rows after the first paint and moves them, so the card's parts are read
  // in one pass, once two readings agree
  await expect(page.getByTestId('seg-4-retranslate')).toBeVisible();
  let boxes = await cardBoxes(page, 4);
  await expect
    .poll(async () => {
      const before = JSON.stringify(boxes);
      boxes = await cardBoxes(page, 4);
      return JSON.stringify(boxes) === before;
    })
    .toBe(true);
  const { original, translation, start, retranslate: again } = boxes;
  for (const field of [original, translation]) {
    expect(field.width).toBeGreaterThan(300);
    expect(field.x + field.width).toBeLessThanOrEqual(390);
  }
  expect(start.y + start.height).toBeLessThanOrEqual(original.y);
  expect(original.y + original.height).toBeLessThanOrEqual(translation.y);
  expect(again.x + again.width).toBeLessThanOrEqual(390);
  expect(again.width).toBeGreaterThanOrEqual(32);
  // the card's flags read as words, not a letter a line
  const flag = page.getByTestId('segment-4').locator('[data-review-flag]').first();
  expect((await box(flag)).height).toBeLessThan(30);

  // typing and the keys work as on a desktop: the next line by Alt+↓, the text saved
  await page.getByTestId('seg-4-translation').fill('Nous devons partir avant la tempête.');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page.getByTestId('seg-5-translation')).toBeFocused();
  await page.reload();
  await expect(page.getByTestId('seg-4-translation')).toHaveValue('Nous devons partir avant la tempête.');
});
