import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { languageName } from '@subtrans/contract';
import { layoutProblems } from '../support/layout-probe.js';
import { LANGS, textsOf, type Lang } from '../support/texts.js';
import { chooseOption, newCustomer, srtFile } from '../support/voice.js';

/**
 * Issue 39 in each interface language: three episodes picked at once into two languages (French
 * and Japanese, which the local engine answers as "[fr] …", "[ja] …"), listed in the dialog in
 * episode order with their total; one batch row that reaches 6 of 6 done, opens to its six tasks,
 * and downloads as one ZIP of every result in the formats chosen. Then a phone's width: the
 * dialog with three files and the batch's card, nothing past the screen's sides.
 */

/** each episode's own word, so each file of the ZIP is seen to hold its own episode */
const WORDS = { 'Show - ep1.srt': 'Alpha', 'Show - ep2.srt': 'Bravo', 'Show - ep10.srt': 'Charlie' } as const;
type Episode = keyof typeof WORDS;
const EPISODES = Object.keys(WORDS) as Episode[];

/** two lines: 10 points (the minimum) a language */
const episode = (name: Episode) =>
  srtFile(
    name,
    `1\r\n00:00:01,000 --> 00:00:03,000\r\n${WORDS[name]} walks into the kitchen.\r\n\r\n` +
      `2\r\n00:00:05,000 --> 00:00:07,000\r\nThe soup is ready, ${WORDS[name]}.\r\n`,
  );

/** the dialog, three episodes picked at once (in no order), each read and listed in episode order */
async function pickThree(page: Page, lang: Lang) {
  const t = textsOf(lang);
  await page.goto(`/dashboard?lang=${lang}`);
  await page.getByTestId('srt-card').click();
  const dialog = page.getByRole('dialog');
  await dialog
    .locator('input[type=file]')
    .setInputFiles([episode('Show - ep10.srt'), episode('Show - ep2.srt'), episode('Show - ep1.srt')]);
  const files = dialog.getByTestId('batch-file');
  await expect(files).toHaveCount(3);
  await expect(files.and(page.locator('[data-state="ready"]'))).toHaveCount(3, { timeout: 30_000 });
  await expect(files.locator('strong')).toHaveText(['Show - ep1.srt', 'Show - ep2.srt', 'Show - ep10.srt']);
  await expect(files.getByTestId('batch-file-language')).toHaveText(Array(3).fill(languageName('en', lang)));
  await expect(dialog.locator('.ant-upload-drag')).toContainText(t('tasks.batch.chosen', { count: 3 }));
  return dialog;
}

/** the batch's row (a table's) or card (a phone's) in the task list */
const batchOf = (page: Page, tag: 'tr' | 'li') =>
  page.getByTestId('task-list').locator(`${tag}[data-testid^="batch-"]`);

for (const lang of LANGS) {
  test(`many files into two languages as one batch: listed, one row, 6 of 6 done, one ZIP (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const t = textsOf(lang);
    const [french, japanese] = [languageName('fr', lang), languageName('ja', lang)];
    await newCustomer(page, 100);
    const dialog = await pickThree(page, lang);
    await chooseOption(page, 'srt-target', french, french);
    await chooseOption(page, 'srt-target', japanese, japanese);
    await expect(dialog.getByTestId('batch-file-cost')).toHaveText(
      Array(3).fill(t('tasks.batch.costEach', { each: 10, languages: 2, points: 20 })),
    );
    await expect(dialog.getByTestId('batch-total')).toHaveText(
      t('tasks.batch.total', { count: 6, points: 60, balance: 100 }),
    );
    await expect(dialog.getByTestId('batch-short')).toHaveCount(0);
    await dialog.getByTestId('srt-submit').click();
    await expect(dialog).toBeHidden();

    const row = batchOf(page, 'tr');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('batch-name')).toHaveText('Show - ep1.srt (+2)');
    await expect(row.getByTestId('batch-languages')).toHaveText(
      `${languageName('en', lang)} → ${new Intl.ListFormat(lang, { style: 'narrow', type: 'conjunction' }).format([french, japanese])}`,
    );
    await expect(row.getByTestId('batch-done')).toHaveText(t('tasks.batch.progress', { done: 6, total: 6 }), {
      timeout: 60_000,
    });
    await expect(row.getByTestId('batch-failed')).toHaveCount(0);
    // each task charged its 10 points as it completed
    await expect(page.getByTestId('user-points')).toContainText('40');
    // its six tasks are not rows of their own until it is opened
    const tasks = page.getByTestId('task-list').locator('tr[data-testid^="task-"]');
    await expect(tasks).toHaveCount(0);
    await row.getByRole('button', { name: t('tasks.batch.open', { name: 'Show - ep1.srt (+2)' }) }).click();
    await expect(tasks).toHaveCount(6);
    await expect(tasks.locator('strong')).toHaveText(EPISODES.flatMap((e) => [e, e]));
    expect(
      await tasks.getByTestId('task-status').evaluateAll((els) => els.map((e) => e.dataset.status)),
    ).toEqual(Array(6).fill('completed'));

    // download all: SRT and WebVTT, the translation only
    await row.getByTestId('batch-download').click();
    const choice = page.getByTestId('batch-download-dialog');
    await expect(choice).toContainText(t('tasks.batch.downloadNote', { done: 6, total: 6 }));
    await expect(choice.getByRole('checkbox', { name: 'SRT' })).toBeChecked();
    await choice.getByRole('checkbox', { name: 'WebVTT' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('batch-download-ok').click(),
    ]);
    expect(download.suggestedFilename()).toBe('Show - ep1.zip');
    const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
    const expected = EPISODES.flatMap((e) =>
      ['fr', 'ja'].flatMap((l) => ['srt', 'vtt'].map((f) => `${e.replace(/\.srt$/, '')}.${l}.${f}`)),
    );
    expect(Object.keys(zip).sort()).toEqual(expected.sort());
    for (const [name, bytes] of Object.entries(zip)) {
      const [, ep, target, format] = /^(.+)\.(fr|ja)\.(srt|vtt)$/.exec(name)!;
      const body = strFromU8(bytes);
      expect(body, name).toContain('-->');
      if (format === 'vtt') expect(body, name).toMatch(/^WEBVTT/);
      // both lines translated by the local engine, each file its own episode's
      expect(body.split(`[${target}] `), name).toHaveLength(3);
      expect(body, name).toContain(WORDS[`${ep}.srt` as Episode]);
    }
  });
}

test('a phone: the dialog with three files and the batch card fit the screen, the card opens to its tasks', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const lang = 'ja';
  const t = textsOf(lang);
  await page.setViewportSize({ width: 390, height: 844 });
  await newCustomer(page, 100);
  const dialog = await pickThree(page, lang);
  const french = languageName('fr', lang);
  await chooseOption(page, 'srt-target', french, french);
  await expect(dialog.getByTestId('batch-total')).toHaveText(
    t('tasks.batch.total', { count: 3, points: 30, balance: 100 }),
  );
  expect(await page.evaluate(layoutProblems, { scrollers: [] })).toEqual([]);
  await dialog.getByTestId('srt-submit').click();
  await expect(dialog).toBeHidden();

  const card = batchOf(page, 'li');
  await expect(card.getByTestId('batch-done')).toHaveText(t('tasks.batch.progress', { done: 3, total: 3 }), {
    timeout: 60_000,
  });
  await card.getByTestId('batch-toggle').click();
  // the batch's "started" notice gone: it lies over the page's top for a while
  await expect(page.locator('.ant-message-notice')).toHaveCount(0);
  await expect(card.locator('li[data-testid^="task-"]')).toHaveCount(3);
  const box = (await card.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await page.evaluate(layoutProblems, { scrollers: [] })).toEqual([]);
});
