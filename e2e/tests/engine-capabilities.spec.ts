import { expect, test, type Page } from '@playwright/test';
import { languageName } from '@subtrans/contract';
import { LANGS, textsOf, type Lang } from '../support/texts.js';
import { chooseOption, newCustomer } from '../support/voice.js';

/**
 * Issue 34, item 3: the upload dialogs say what the chosen engine honours, from the server's
 * engine registry. The e2e server has DeepSeek (a local OpenAI-compatible server) and Apertium (the
 * apertium command with eng-spa, installed here and in CI): with DeepSeek every option is offered;
 * with Apertium the glossaries and the series (their terms are held out of its dictionaries, issue
 * 36), the others disabled with their reason, and the dialog says it gives a draft.
 */

const OPTIONS = [
  ['glossaries', 'glossaryIds'],
  ['series', 'seriesId'],
  ['formality', 'formality'],
  ['note', 'translatorNote'],
  ['review-terms', 'reviewTerms'],
] as const;

async function pickEngine(page: Page, prefix: string, name: string) {
  await page.getByTestId(`${prefix}-engine`).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(name, { exact: true }).click();
  await expect(page.getByTestId(`${prefix}-engine`)).toContainText(name);
}

/** Each option's control: enabled (true) or disabled (false), in the dialog's order. */
async function enabledOptions(page: Page, prefix: string): Promise<boolean[]> {
  return [
    !(await page.getByTestId(`${prefix}-glossaries`).getAttribute('class'))?.includes('ant-select-disabled'),
    !(await page.getByTestId(`${prefix}-series`).getAttribute('class'))?.includes('ant-select-disabled'),
    await page.getByTestId(`${prefix}-formality`).locator('input').first().isEnabled(),
    await page.getByTestId(`${prefix}-note`).isEnabled(),
    await page.getByTestId(`${prefix}-review-terms`).isEnabled(),
  ];
}

async function expectHonest(page: Page, lang: Lang, prefix: string) {
  const t = textsOf(lang);
  const deepseek = t('tasks.engine.deepseek');
  const apertium = t('tasks.engine.apertium');
  await page.getByTestId(`${prefix}-voice`).click();

  // DeepSeek (preselected): every option offered, the hint says what it uses
  await expect(page.getByTestId(`${prefix}-engine`)).toContainText(deepseek);
  await expect(page.getByTestId(`${prefix}-engine-hint`)).toContainText(
    t('tasks.engineHint.capability.terms'),
  );
  await expect(page.getByTestId(`${prefix}-engine-draft`)).toHaveCount(0);
  await expect.poll(() => enabledOptions(page, prefix)).toEqual([true, true, true, true, true]);
  for (const [id] of OPTIONS) await expect(page.getByTestId(`${prefix}-${id}-unavailable`)).toHaveCount(0);

  // Apertium: a draft; the terms taken, each other option disabled, saying why and which engine would
  // take it
  await pickEngine(page, prefix, apertium);
  await expect(page.getByTestId(`${prefix}-engine-draft`)).toHaveText(
    t('tasks.engineHint.draft', { engine: apertium }),
  );
  await expect(page.getByTestId(`${prefix}-engine-hint`)).toContainText(apertium);
  await expect.poll(() => enabledOptions(page, prefix)).toEqual([true, true, false, false, false]);
  const instead = t('voice.upload.useInstead', { engines: deepseek });
  for (const [id] of OPTIONS.slice(0, 2))
    await expect(page.getByTestId(`${prefix}-${id}-unavailable`)).toHaveCount(0);
  for (const [id, option] of OPTIONS.slice(2)) {
    await expect(page.getByTestId(`${prefix}-${id}-unavailable`)).toHaveText(
      `${t(`voice.upload.unavailable.${option}`, { engine: apertium })}${lang === 'en' ? ' ' : ''}${instead}`,
    );
  }
  // the reason is the control's description, read with it (no hover needed)
  await expect(page.getByTestId(`${prefix}-note`)).toHaveAccessibleDescription(
    new RegExp(t('voice.upload.unavailable.translatorNote', { engine: apertium }).replace(/[.?]/g, '\\$&')),
  );
  await expect(page.getByTestId(`${prefix}-voice`)).toContainText(
    t('voice.upload.someUnused', { engine: apertium }),
  );

  // DeepSeek again: offered again
  await pickEngine(page, prefix, deepseek);
  await expect.poll(() => enabledOptions(page, prefix)).toEqual([true, true, true, true, true]);
}

for (const lang of LANGS) {
  test(`the SRT upload says what each engine honours (${lang})`, async ({ page }) => {
    await newCustomer(page, 0);
    await page.goto(`/dashboard?lang=${lang}`);
    await page.getByTestId('srt-card').click();
    const spanish = languageName('es', lang);
    await chooseOption(page, 'srt-target', spanish, spanish);
    await expectHonest(page, lang, 'srt');
  });
}

test('the audio/video upload says the same (en)', async ({ page }) => {
  await newCustomer(page, 0);
  await page.goto('/dashboard?lang=en');
  await page.getByTestId('media-card').click();
  const spanish = languageName('es', 'en');
  await chooseOption(page, 'media-target', spanish, spanish);
  await expectHonest(page, 'en', 'media');
});
