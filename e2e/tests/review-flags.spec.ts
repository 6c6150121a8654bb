import { expect, test } from '@playwright/test';
import { LANGS, text } from '../support/texts.js';
import { newUserWithTask } from '../support/tasks.js';

/**
 * Issue 36 in the browser, in each interface language: a Spanish task translated by the real
 * Apertium lists for review the lines it left English words in, not the line that opens with a
 * name the film shows elsewhere, and a line with a timing fault (in the editor and the task list);
 * a Japanese task shows its timing faults under Japanese norms (too short, a gap under 2 frames,
 * too long), each a click away from fix timing.
 */

const srt = (cues: [string, string, string][]) =>
  cues.map(([from, to, line], i) => `${i + 1}\n${from} --> ${to}\n${line}\n`).join('\n');

test('a Spanish task by Apertium lists the lines left in English for review (zh, en, ja)', async ({
  page,
}) => {
  const { id } = await newUserWithTask(page, {
    target: 'es',
    fields: { translationService: 'apertium' },
    srt: srt([
      ['00:00:01,000', '00:00:04,000', 'Dopinder, drive faster.'],
      // ends 40 ms before the next line: a timing fault, to review too
      ['00:00:05,000', '00:00:08,960', 'Shut up and drive, Dopinder.'],
      ['00:00:09,000', '00:00:12,000', 'Dude, that was totally awesome.'],
      ['00:00:13,000', '00:00:16,000', '(GRUNTS)'],
      ['00:00:17,000', '00:00:20,000', 'The car is parked outside the house.'],
    ]),
  });
  await page.goto('/dashboard?lang=en');
  await expect(page.getByTestId('task-review')).toHaveText(text('en', 'tasks.review', { count: 3 }));
  for (const lang of LANGS) {
    await page.goto(`/edit/${id}?lang=${lang}`);
    await expect(page.getByTestId('line-filter')).toContainText(
      text(lang, 'editor.filter.review', { count: 3 }),
    );
    await page.getByTestId('filter-review').check();
    const flag = text(lang, 'editor.review.flag.source-language');
    for (const shown of [3, 4]) {
      await expect(
        page.getByTestId(`segment-${shown}`).locator('[data-review-flag="source-language"]'),
      ).toHaveText(flag);
    }
    // line 2 opens with no English word: its timing alone brings it here
    await expect(page.getByTestId('seg-2-fix-gap')).toHaveText(text(lang, 'editor.flag.gap'));
    await expect(page.getByTestId('segment-2').locator('[data-review-flag]')).toHaveCount(0);
    for (const hidden of [1, 5]) await expect(page.getByTestId(`segment-${hidden}`)).toHaveCount(0);
    // Apertium's marks of unknown words are not in the text
    await expect(page.getByTestId('seg-3-translation')).not.toHaveValue(/\*/);
    await page.getByTestId('filter-all').check();
    await expect(page.getByTestId('segment-1').locator('[data-review-flag]')).toHaveCount(0);
  }
});

test('a Japanese task shows its timing faults under Japanese norms, each opening fix timing (zh, en, ja)', async ({
  page,
}) => {
  const { id } = await newUserWithTask(page, {
    target: 'ja',
    srt: srt([
      ['00:00:01,000', '00:00:01,500', 'Run!'],
      ['00:00:02,000', '00:00:04,000', 'Where are you going?'],
      ['00:00:04,020', '00:00:13,000', 'I will wait here.'],
      ['00:00:14,000', '00:00:16,000', 'Thank you.'],
    ]),
  });
  for (const lang of LANGS) {
    await page.goto(`/edit/${id}?lang=${lang}`);
    for (const [seg, flag] of [
      [1, 'short'],
      [2, 'gap'],
      [3, 'long'],
    ] as const) {
      await expect(page.getByTestId(`seg-${seg}-fix-${flag}`)).toHaveText(text(lang, `editor.flag.${flag}`));
    }
    await expect(page.getByTestId('segment-4').locator('.seg-flag-fix')).toHaveCount(0);
    await page.getByTestId('seg-2-fix-gap').click();
    await expect(page.getByTestId('timing-fix-summary')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('timing-fix-summary')).toBeHidden();
  }
});
