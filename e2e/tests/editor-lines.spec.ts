import { expect, test, type Page } from '@playwright/test';
import { LANGS, text, type Lang } from '../support/texts.js';
import { exportedSrt, newUserWithTask } from '../support/tasks.js';

/** the rows' original texts, in the list's order */
const originals = (page: Page) =>
  page
    .locator('[data-testid$="-original"][data-testid^="seg-"]')
    .evaluateAll((els) => els.map((el) => (el as HTMLTextAreaElement).value));
/** the rows' numbers as shown, in the list's order (the rows after a split follow a frame later) */
const numbers = (page: Page) =>
  page.locator('[data-testid="segment-list"] .seg-id').evaluateAll((els) => els.map((el) => el.textContent));
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1));
const saved = (page: Page) => expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
const sentence = (n: number) => `This is sentence number ${n} of our little film.`;

/**
 * Records each text field's value set by script, with the rows the list had at that moment, from
 * `start()` on. Installed before the page's scripts run: React's value tracking keeps the setter
 * it finds on a field's prototype when the field is made.
 */
async function watchValueSets(page: Page) {
  type Watch = { on: boolean; log: string[] };
  await page.addInitScript(() => {
    const own = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!;
    const watch: Watch = { on: false, log: [] };
    (window as unknown as { __valueSets: Watch }).__valueSets = watch;
    Object.defineProperty(HTMLTextAreaElement.prototype, 'value', {
      ...own,
      set(this: HTMLTextAreaElement, v: string) {
        if (watch.on) {
          const rows = document.querySelectorAll(
            '[data-testid="segment-list"] form[data-testid^="segment-"]',
          );
          watch.log.push(`${this.dataset.testid}=${v} (${rows.length} rows)`);
        }
        own.set!.call(this, v);
      },
    });
  });
  const watch = (on: boolean) =>
    page.evaluate((on) => {
      const w = (window as unknown as { __valueSets: Watch }).__valueSets;
      w.on = on;
      return w.log;
    }, on);
  return { start: () => watch(true), sets: () => watch(false) };
}

/** the language the whole flow runs in; the toolbar's texts in every language are checked below */
const FLOW_LANG: Lang = 'zh';

/**
 * Issue 35: split, merge, insert and delete lines in the editor, each undone and redone, saved,
 * kept after a reload and in the export. The flow is the same in every interface language: it runs
 * once, and the next test reads the toolbar in each.
 */
test(`split, merge, insert and delete lines, with undo and redo (${FLOW_LANG})`, async ({ page }) => {
  const lang = FLOW_LANG;
  const { id } = await newUserWithTask(page, { cues: 6, target: 'fr', name: 'lines.srt' });
  const values = await watchValueSets(page);
  await page.goto(`/edit/${id}?lang=${lang}`);
  await expect(page.getByTestId('lines-split')).toHaveText(text(lang, 'editor.lines.split'));
  await expect(page.getByTestId('seg-2-original')).toHaveValue(sentence(2));

  // split line 2 after "This is sentence", by its key
  const two = page.getByTestId('seg-2-original');
  await two.click();
  await two.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(16, 16));
  await values.start();
  await page.keyboard.press('Alt+Enter');
  await expect.poll(() => originals(page)).toHaveLength(7);
  // the split line's fields took their first halves before the list had its new row (set after,
  // the focused one forced a layout of the changed list), and the render did not set them again
  const splitField = (await values.sets()).filter((s) => s.startsWith('seg-2-'));
  expect(splitField).toEqual([
    'seg-2-original=This is sentence (6 rows)',
    'seg-2-translation=[fr] This is sentence (6 rows)',
  ]);
  const afterSplit = await originals(page);
  expect(afterSplit[1]).toBe('This is sentence');
  expect(afterSplit[2]).toBe('number 2 of our little film.');
  await expect.poll(() => numbers(page)).toEqual(oneTo(7));
  // undone and redone
  await page.getByTestId('editor-undo').click();
  await expect.poll(() => originals(page)).toEqual([1, 2, 3, 4, 5, 6].map(sentence));
  await page.getByTestId('editor-redo').click();
  await expect.poll(() => originals(page)).toEqual(afterSplit);
  await saved(page);

  // merge line 4 with the next, by the toolbar's button
  await page.getByTestId('seg-4-original').click();
  await page.getByTestId('lines-merge').click();
  await expect.poll(() => originals(page)).toHaveLength(6);
  const merged = (await originals(page))[4]!;
  expect(merged).toContain('number 4');
  expect(merged).toContain('number 5');
  await expect.poll(() => numbers(page)).toEqual(oneTo(6));
  await page.getByTestId('editor-undo').click();
  await expect.poll(() => originals(page)).toHaveLength(7);
  await page.getByTestId('editor-redo').click();
  await expect.poll(() => originals(page)).toHaveLength(6);

  // insert a line after line 1, and type its texts
  await page.getByTestId('seg-1-original').click();
  await page.getByTestId('lines-insert').click();
  await expect.poll(() => originals(page)).toHaveLength(7);
  const fresh = page.locator('[data-testid^="seg-"][data-testid$="-original"]').nth(1);
  await expect(fresh).toHaveValue('');
  await fresh.click();
  await page.keyboard.type('A new');
  // its save gives the line its id: the field keeps the cursor, and typing goes on into it
  await saved(page);
  await expect(fresh).toBeFocused();
  await page.keyboard.type(' line');
  await expect(fresh).toHaveValue('A new line');
  const freshTranslation = page.locator('[data-testid^="seg-"][data-testid$="-translation"]').nth(1);
  await freshTranslation.fill('Une nouvelle ligne');

  // insert before line 3 (into the gap before it), undone
  await page.getByTestId('seg-3-original').click();
  await page.getByTestId('lines-insert-before').click();
  await expect.poll(() => originals(page)).toHaveLength(8);
  expect((await originals(page))[4]).toBe('');
  await page.getByTestId('editor-undo').click();
  await expect.poll(() => originals(page)).toHaveLength(7);

  // delete the last line (selected), undone and redone
  await page.getByTestId('segment-6').getByRole('checkbox').check();
  await page.getByTestId('lines-delete').click();
  await expect.poll(() => originals(page)).toHaveLength(6);
  // the message it shows lies over undo and redo: clicks pass through it, a pointer on it does
  // not hold it there
  await expect(page.locator('.ant-message-notice').first()).toHaveCSS('pointer-events', 'none');
  await page.getByTestId('editor-undo').click();
  await expect.poll(() => originals(page)).toHaveLength(7);
  await page.getByTestId('editor-redo').click();
  await expect.poll(() => originals(page)).toHaveLength(6);
  await saved(page);
  const final = await originals(page);
  expect(final).toEqual([
    sentence(1),
    'A new line',
    'This is sentence',
    'number 2 of our little film.',
    sentence(3),
    merged,
  ]);

  // the server holds it: after a reload, and in the export (numbered 1…6 in time order)
  await page.reload();
  await expect.poll(() => originals(page)).toEqual(final);
  const exported = await exportedSrt(page);
  const cues = exported.cues;
  expect(cues.map((c) => c.index)).toEqual([1, 2, 3, 4, 5, 6]);
  expect(cues[1]!.text).toBe('Une nouvelle ligne');
  for (let i = 1; i < cues.length; i += 1)
    expect(cues[i]!.startMs).toBeGreaterThanOrEqual(cues[i - 1]!.startMs);
});

test('the lines toolbar in each interface language', async ({ page }) => {
  const { id } = await newUserWithTask(page, { cues: 2, target: 'fr', name: 'toolbar.srt' });
  for (const lang of LANGS) {
    await page.goto(`/edit/${id}?lang=${lang}`);
    await expect(page.getByTestId('lines-split')).toHaveText(text(lang, 'editor.lines.split'));
  }
});
