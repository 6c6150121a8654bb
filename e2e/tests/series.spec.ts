import { expect, test } from '@playwright/test';
import { BRIEF_LIMITS, languageName } from '@subtrans/contract';
import { cellLabel, LANGS, textsOf } from '../support/texts.js';
import { chooseOption, newCustomer, srtFile, ZORBLA_SRT } from '../support/voice.js';

/**
 * Issue 26's series page in each interface language: a series made, an episode uploaded into it;
 * the series lists the episode and keeps the names its brief found (the local engine proposes
 * "Zorbla" as ZORBLA) as its memory.
 */

// the user's own words, as a user of that language would name a show
const NAME = { zh: '星际迷航', en: 'Star Trek', ja: 'スター・トレック' } as const;

for (const lang of LANGS) {
  test(`series page: a series made, an episode uploaded into it, the series shows it and its memory (${lang})`, async ({
    page,
  }) => {
    const t = textsOf(lang);
    const name = NAME[lang];
    const french = languageName('fr', lang);
    await newCustomer(page);
    await page.goto(`/dashboard?view=series&lang=${lang}`);
    const list = page.getByTestId('series-list');
    await expect(list.getByRole('heading', { name: t('series.title') })).toBeVisible();
    await expect(list).toContainText(t('series.intro', { count: 0, max: BRIEF_LIMITS.seriesPerUser }));
    await expect(page.getByTestId('series-empty')).toContainText(t('series.empty'));
    await expect(page.getByTestId('series-new')).toHaveText(t('series.new'));
    await page.getByTestId('series-new').click();
    const editor = page.getByTestId('series-editor');
    await expect(editor.getByRole('heading', { name: t('series.newTitle') })).toBeVisible();
    await expect(editor).toContainText(t('series.memoryIntro'));
    await editor.getByTestId('series-name').fill(name);
    await chooseOption(page, 'series-target', french, french);
    await editor.getByTestId('series-save').click();
    await expect(page.getByText(t('series.saved'))).toBeVisible();
    await expect(page).toHaveURL(/series=[0-9a-f-]{36}/);
    await expect(editor).toContainText(t('series.noEpisodes'));

    await page.goto(`/dashboard?lang=${lang}`);
    await page.getByTestId('srt-card').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles(srtFile('episode-1.srt', ZORBLA_SRT));
    await chooseOption(page, 'srt-target', french, french);
    await dialog.getByTestId('srt-voice').click();
    await expect(dialog.getByText(t('voice.upload.seriesHint'))).toBeVisible();
    await chooseOption(page, 'srt-series', name.slice(0, 3), name);
    await dialog.getByTestId('srt-submit').click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('task-list').locator('tr', { hasText: 'episode-1.srt' });
    await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', {
      timeout: 60_000,
    });
    await expect(row.getByTestId('task-voice-asked')).toHaveText(t('voice.task.series'));

    await page.goto(`/dashboard?view=series&lang=${lang}`);
    const listed = page.getByTestId('series-list').locator('tr', { hasText: name });
    await listed.getByTestId('series-open').click();
    await expect(editor.getByTestId('series-episodes')).toContainText('episode-1.srt');
    await expect(editor.getByLabel(cellLabel(lang, 'voice.memory.source', 1))).toHaveValue('Zorbla');
    await expect(editor.getByLabel(cellLabel(lang, 'voice.memory.target', 1))).toHaveValue('ZORBLA');
  });
}
