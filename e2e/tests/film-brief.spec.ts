import { expect, test } from '@playwright/test';
import { languageName } from '@subtrans/contract';
import { E2E_PORT } from '../playwright.config.js';
import { cellLabel, LANGS, textsOf } from '../support/texts.js';
import { chooseOption, newCustomer, savedGlossary, srtFile, taskOf, ZORBLA_SRT } from '../support/voice.js';

const BASE = `http://localhost:${E2E_PORT}`;

/**
 * Issue 26's upload options and film brief, in each interface language. The local engine's brief
 * proposes "Zorbla" as ZORBLA; its "translation" is "[fr] <the line>" with every term and name it
 * was given written as its target, so the lines show which terms reached it.
 */

for (const lang of LANGS) {
  test(`upload with a glossary, formality, a note and a review of names and terms: the reviewed term is used (${lang})`, async ({
    page,
  }) => {
    const t = textsOf(lang);
    await newCustomer(page);
    await savedGlossary(page, 'Space words', 'fr', [{ source: 'warp drive', target: 'moteur-H' }]);
    await page.goto(`/dashboard?lang=${lang}`);
    await page.getByTestId('srt-card').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles(srtFile('zorbla.srt', ZORBLA_SRT));
    const french = languageName('fr', lang);
    await chooseOption(page, 'srt-target', french, french);
    await expect(dialog.getByTestId('srt-voice')).toHaveText(t('voice.upload.title'));
    await dialog.getByTestId('srt-voice').click();
    await chooseOption(
      page,
      'srt-glossaries',
      'Space',
      t('voice.upload.glossaryOption', { name: 'Space words', count: 1 }),
    );
    await page.keyboard.press('Escape');
    const formal = t('voice.formality.formal');
    await dialog.getByTestId('srt-formality').getByText(formal, { exact: true }).click();
    await dialog.getByTestId('srt-note').fill('A space comedy; keep it light.');
    await dialog.getByRole('switch', { name: t('voice.upload.reviewTerms') }).click();
    await expect(dialog.getByTestId('srt-review-terms')).toBeChecked();
    await expect(dialog.getByTestId('srt-voice')).toHaveText(
      `${t('voice.upload.title')} · ${t('voice.upload.chosen', { count: 1 })}`,
    );
    await dialog.getByTestId('srt-submit').click();
    await expect(dialog).toBeHidden();

    // the engine has read the file and waits for the review
    const row = page.getByTestId('task-list').locator('tr', { hasText: 'zorbla.srt' });
    await expect(row.getByTestId('task-awaiting-review')).toHaveText(t('voice.task.awaitingReview'), {
      timeout: 30_000,
    });
    await expect(row.getByTestId('task-voice-asked')).toHaveText(
      `${formal} · ${t('voice.task.glossaries', { count: 1 })}`,
    );
    await expect(row.getByTestId('task-note')).toHaveText(
      t('voice.task.note', { note: 'A space comedy; keep it light.' }),
    );
    await expect(row.getByTestId('task-review-terms')).toHaveText(t('voice.task.review'));
    await row.getByTestId('task-review-terms').click();
    const review = page.getByTestId('brief-dialog');
    await expect(review).toHaveAttribute('data-mode', 'review');
    await expect(page.getByRole('dialog', { name: t('voice.brief.reviewTitle') })).toBeVisible();
    await expect(review.getByTestId('brief-intro')).toContainText(t('voice.brief.reviewIntro'));
    await expect(review.getByTestId('brief-synopsis')).toHaveValue('A film of 4 lines.');
    await expect(review.getByLabel(cellLabel(lang, 'voice.memory.source', 1))).toHaveValue('Zorbla');
    const rendering = review.getByLabel(cellLabel(lang, 'voice.memory.target', 1));
    await expect(rendering).toHaveValue('ZORBLA');
    await rendering.fill('Zorbelle');
    await expect(review.getByTestId('brief-continue')).toHaveText(t('voice.brief.continue'));
    await review.getByTestId('brief-continue').click();
    await expect(page.getByText(t('voice.brief.continued', { name: 'zorbla.srt' }))).toBeVisible();
    await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', {
      timeout: 60_000,
    });
    // one call for the brief, one for the four lines
    await expect(row.getByTestId('task-engine-calls')).toHaveText(
      t('voice.task.callsWithBrief', { count: 2, brief: 1 }),
    );

    // the lines carry the reviewed name and the glossary's term
    const id = await row.getAttribute('data-row-key');
    expect(id).toBeTruthy();
    await page.goto(`/edit/${id}?lang=${lang}`);
    await expect(page.getByTestId('seg-1-translation')).toHaveValue('[fr] Where is Zorbelle now?');
    await expect(page.getByTestId('seg-2-translation')).toHaveValue('[fr] The moteur-H is broken.');
    await expect(page.getByTestId('seg-3-translation')).toHaveValue(
      '[fr] Tell Zorbelle to fix the moteur-H.',
    );
  });

  test(`re-apply: a glossary term changed after translation, re-applied from the brief, the lines change (${lang})`, async ({
    page,
  }) => {
    const t = textsOf(lang);
    await newCustomer(page);
    const glossaryId = await savedGlossary(page, 'Space words', 'fr', [
      { source: 'warp drive', target: 'moteur-H' },
    ]);
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
    await expect
      .poll(async () => (await taskOf(page, task.id)).status, { timeout: 60_000 })
      .toBe('completed');

    // the glossary's term changed on its page
    await page.goto(`/dashboard?view=glossaries&glossary=${glossaryId}&lang=${lang}`);
    const editor = page.getByTestId('glossary-editor');
    await editor.getByLabel(cellLabel(lang, 'glossaries.col.target', 1)).fill('propulseur');
    await editor.getByTestId('glossary-save').click();
    await expect(page.getByText(t('glossaries.saved', { count: 1 }))).toBeVisible();

    await page.goto(`/dashboard?lang=${lang}`);
    const row = page.getByTestId('task-list').locator('tr', { hasText: 'warp.srt' });
    const open = row.getByTestId('task-brief');
    await expect(open).toHaveText(t('voice.task.brief'));
    await expect(open).toHaveAccessibleName(t('voice.task.briefOf', { name: 'warp.srt' }));
    await open.click();
    const brief = page.getByTestId('brief-dialog');
    await expect(brief).toHaveAttribute('data-mode', 'view');
    await expect(page.getByRole('dialog', { name: t('voice.brief.title') })).toBeVisible();
    await expect(brief.getByTestId('brief-intro')).toContainText(t('voice.brief.editNote'));
    await expect(brief.getByTestId('brief-reapply')).toHaveText(t('voice.brief.reapply'));
    await brief.getByTestId('brief-reapply').click();
    await expect(brief.getByTestId('brief-outcome')).toHaveText(t('voice.brief.reapplied', { count: 2 }), {
      timeout: 30_000,
    });

    await page.goto(`/edit/${task.id}?lang=${lang}`);
    await expect(page.getByTestId('seg-2-translation')).toHaveValue('[fr] The propulseur is broken.');
    await expect(page.getByTestId('seg-3-translation')).toHaveValue(
      '[fr] Tell ZORBLA to fix the propulseur.',
    );
  });
}
