import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';
import { newUserWithTask } from '../support/tasks.js';

const BASE = `http://localhost:${E2E_PORT}`;

/**
 * Issue 25 in the browser: the server's review flags reach the task list and the editor, and the
 * quality limits are kept on the server per target language. The local engine answers
 * "[fr] <the English line>", so every line is still in the source language: all of them are to review.
 */

test('lines to review: the task list counts them, the editor counts and filters them and F8 steps through them (zh, en, ja)', async ({
  page,
}) => {
  const { id } = await newUserWithTask(page, { cues: 5 });
  for (const [lang, listText, filterText] of [
    ['zh', '5 行待检查', '待检查（5）'],
    ['en', '5 lines to review', 'To review (5)'],
    ['ja', '確認が必要な行 5 行', '要確認（5）'],
  ] as const) {
    await page.goto(`/dashboard?lang=${lang}`);
    const link = page.getByTestId('task-review');
    await expect(link).toHaveText(listText);
    await link.click();
    // the editor opens on all lines (issue 34); the lines to review are the filter beside, counted
    await expect(page).toHaveURL(new RegExp(`/edit/${id}$`));
    await expect(page.getByTestId('filter-all')).toBeChecked();
    await expect(page.getByTestId('line-filter').getByText(filterText)).toBeVisible();
  }
  await page.getByTestId('filter-review').check();
  await expect(page.getByTestId('filter-review')).toBeChecked();
  // F8 goes to the next line to review, Shift+F8 back
  await page.getByTestId('seg-1-translation').focus();
  await page.keyboard.press('F8');
  await expect(page.getByTestId('seg-2-translation')).toBeFocused();
  await page.keyboard.press('Shift+F8');
  await expect(page.getByTestId('seg-1-translation')).toBeFocused();
});

test('quality limits are saved on the server for the target language, and reset to its defaults', async ({
  page,
}) => {
  const { id } = await newUserWithTask(page, { cues: 3 });
  const limits = async () => {
    const res = await page.request.post('/quality/get', {
      headers: { Origin: BASE },
      data: { target: 'fr' },
    });
    return ((await res.json()) as { data: { overrides: Record<string, number>; norms: { cps: number } } })
      .data;
  };
  await page.goto(`/edit/${id}?lang=en`);
  await page.getByTestId('quality-open').click();
  await page.getByTestId('quality-cps').fill('30');
  await page.getByTestId('quality-save').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect.poll(async () => (await limits()).overrides).toEqual({ cps: 30 });

  // another browser of the same user (no local storage in common) reads them from the server
  await page.evaluate('localStorage.clear()');
  await page.goto(`/edit/${id}?lang=zh`);
  await page.getByTestId('quality-open').click();
  await expect(page.getByTestId('quality-cps')).toHaveValue('30');
  await page.getByTestId('quality-reset').click();
  await expect.poll(async () => (await limits()).overrides).toEqual({});
  expect((await limits()).norms.cps).toBe(17);
});
