import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';
import { chooseOption, newCustomer, savedGlossary, srtFile, taskOf, ZORBLA_SRT } from '../support/voice.js';

const BASE = `http://localhost:${E2E_PORT}`;

/**
 * Issue 26's upload options and film brief. The local engine's brief proposes "Zorbla" as ZORBLA;
 * its "translation" is "[fr] <the line>" with every term and name it was given written as its
 * target, so the lines show which terms reached it.
 */

test('upload with a glossary, formality, a note and a review of names and terms: the reviewed term is used (en)', async ({
  page,
}) => {
  await newCustomer(page);
  await savedGlossary(page, 'Space words', 'fr', [{ source: 'warp drive', target: 'moteur-H' }]);
  await page.goto('/dashboard?lang=en');
  await page.getByTestId('srt-card').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles(srtFile('zorbla.srt', ZORBLA_SRT));
  await chooseOption(page, 'srt-target', 'French', 'French');
  await dialog.getByTestId('srt-voice').click();
  await chooseOption(page, 'srt-glossaries', 'Space', 'Space words (1 entry)');
  await page.keyboard.press('Escape');
  await dialog.getByTestId('srt-formality').getByText('Formal', { exact: true }).click();
  await dialog.getByTestId('srt-note').fill('A space comedy; keep it light.');
  await dialog.getByTestId('srt-review-terms').click();
  await expect(dialog.getByTestId('srt-voice')).toContainText('1 glossary');
  await dialog.getByTestId('srt-submit').click();
  await expect(dialog).toBeHidden();

  // the engine has read the file and waits for the review
  const row = page.getByTestId('task-list').locator('tr', { hasText: 'zorbla.srt' });
  await expect(row.getByTestId('task-awaiting-review')).toHaveText('Waiting for your review', {
    timeout: 30_000,
  });
  await expect(row.getByTestId('task-voice-asked')).toContainText('Formal');
  await expect(row.getByTestId('task-note')).toHaveText('Note: A space comedy; keep it light.');
  await row.getByTestId('task-review-terms').click();
  const review = page.getByTestId('brief-dialog');
  await expect(review).toHaveAttribute('data-mode', 'review');
  await expect(review.getByTestId('brief-synopsis')).toHaveValue('A film of 4 lines.');
  await expect(review.getByLabel('Term, row 1')).toHaveValue('Zorbla');
  await expect(review.getByLabel('Translation, row 1')).toHaveValue('ZORBLA');
  await review.getByLabel('Translation, row 1').fill('Zorbelle');
  await review.getByTestId('brief-continue').click();
  await expect(page.getByText('“zorbla.srt” continues translating with your names and terms')).toBeVisible();
  await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', {
    timeout: 60_000,
  });
  // one call for the brief, one for the four lines
  await expect(row.getByTestId('task-engine-calls')).toHaveText('2 engine calls (1 for the brief)');

  // the lines carry the reviewed name and the glossary's term
  const id = await row.getAttribute('data-row-key');
  expect(id).toBeTruthy();
  await page.goto(`/edit/${id}?lang=en`);
  await expect(page.getByTestId('seg-1-translation')).toHaveValue('[fr] Where is Zorbelle now?');
  await expect(page.getByTestId('seg-2-translation')).toHaveValue('[fr] The moteur-H is broken.');
  await expect(page.getByTestId('seg-3-translation')).toHaveValue('[fr] Tell Zorbelle to fix the moteur-H.');
});

test('re-apply: a glossary term changed after translation, re-applied from the brief, the lines change (ja)', async ({
  page,
}) => {
  await newCustomer(page);
  const glossaryId = await savedGlossary(page, '宇宙', 'fr', [{ source: 'warp drive', target: 'moteur-H' }]);
  const created = await page.request.post('/task/create', {
    headers: { Origin: BASE },
    multipart: {
      targetLanguage: 'fr',
      glossaryIds: glossaryId,
      file: srtFile('warp.srt', ZORBLA_SRT),
    },
  });
  const { data: task } = (await created.json()) as { data: { id: string } };
  await page.request.post('/task/start', { headers: { Origin: BASE }, data: { id: task.id } });
  await expect.poll(async () => (await taskOf(page, task.id)).status, { timeout: 60_000 }).toBe('completed');

  // the glossary's term changed on its page
  await page.goto(`/dashboard?view=glossaries&glossary=${glossaryId}&lang=ja`);
  const editor = page.getByTestId('glossary-editor');
  await editor.getByLabel('訳語（1 行目）').fill('propulseur');
  await editor.getByTestId('glossary-save').click();
  await expect(page.getByText('用語集を保存しました（用語 1 件）')).toBeVisible();

  await page.goto('/dashboard?lang=ja');
  const row = page.getByTestId('task-list').locator('tr', { hasText: 'warp.srt' });
  await row.getByTestId('task-brief').click();
  const brief = page.getByTestId('brief-dialog');
  await expect(brief).toHaveAttribute('data-mode', 'view');
  await expect(brief.getByTestId('brief-intro')).toContainText(
    '概要を編集しても、翻訳済みの行は再適用するまで変わりません。',
  );
  await brief.getByTestId('brief-reapply').click();
  await expect(brief.getByTestId('brief-outcome')).toHaveText('2 行を翻訳し直しました。', {
    timeout: 30_000,
  });

  await page.goto(`/edit/${task.id}?lang=ja`);
  await expect(page.getByTestId('seg-2-translation')).toHaveValue('[fr] The propulseur is broken.');
  await expect(page.getByTestId('seg-3-translation')).toHaveValue('[fr] Tell ZORBLA to fix the propulseur.');
});
