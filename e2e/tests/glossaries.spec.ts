import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { GLOSSARY_LIMITS, languageName } from '@subtrans/contract';
import { rowProblemText } from '../../apps/server/src/modules/glossary/glossary-messages.js';
import { cellLabel, LANGS, textsOf } from '../support/texts.js';
import { chooseOption, newCustomer, srtFile } from '../support/voice.js';

/**
 * Issue 26's glossary page in each interface language: entries typed in, a CSV imported (a
 * malformed row reported by its number, the others kept), the glossary exported as a CSV download.
 */

// the user's own words, as a user of that language would name a glossary
const NAME = { zh: '太空剧', en: 'Space drama', ja: '宇宙ドラマ' } as const;

for (const lang of LANGS) {
  test(`glossary page: entries typed in, a CSV imported, a CSV exported (${lang})`, async ({ page }) => {
    const t = textsOf(lang);
    const name = NAME[lang];
    await newCustomer(page, 0);
    await page.goto(`/dashboard?view=glossaries&lang=${lang}`);
    const list = page.getByTestId('glossary-list');
    await expect(list.getByRole('heading', { name: t('glossaries.title') })).toBeVisible();
    await expect(list).toContainText(
      t('glossaries.intro', { count: 0, max: GLOSSARY_LIMITS.glossariesPerUser }),
    );
    await expect(list.getByTestId('glossary-new')).toHaveText(t('glossaries.new'));
    await expect(list.getByTestId('glossary-empty')).toContainText(t('glossaries.empty'));

    // a glossary typed in: two entries
    await page.getByTestId('glossary-new').click();
    const editor = page.getByTestId('glossary-editor');
    await expect(editor.getByRole('heading', { name: t('glossaries.newTitle') })).toBeVisible();
    await editor.getByTestId('glossary-name').fill(name);
    const french = languageName('fr', lang);
    await chooseOption(page, 'glossary-target', french, french);
    for (const [row, source, target] of [
      [1, 'warp drive', 'moteur-H'],
      [2, 'Moonbase', 'Base lunaire'],
    ] as const) {
      await editor.getByTestId('glossary-entries-add').click();
      await editor.getByLabel(cellLabel(lang, 'glossaries.col.source', row)).fill(source);
      await editor.getByLabel(cellLabel(lang, 'glossaries.col.target', row)).fill(target);
    }
    await editor.getByTestId('glossary-save').click();
    await expect(page.getByText(t('glossaries.saved', { count: 2 }))).toBeVisible();
    // the saved glossary opens under its own address (the editor is made anew)
    await expect(page).toHaveURL(/glossary=[0-9a-f-]{36}/);
    await expect(editor.getByRole('heading', { name })).toBeVisible();

    // a CSV merged into it: row 2's keep is not a flag, row 3 opens a quote it never closes
    await editor.getByTestId('glossary-import').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(t('glossaries.import.intoTitle', { name }));
    const csv = [
      'source,target,note,keep',
      'Zorbla,Zorbelle,captain,no',
      'laser,laser,,perhaps',
      'Moonbase,"Base ""lunaire,',
    ].join('\n');
    await dialog.locator('input[type=file]').setInputFiles(srtFile('terms.csv', csv, 'text/csv'));
    await expect(dialog.getByTestId('import-file-name')).toHaveText('terms.csv (CSV)');
    await dialog.getByTestId('import-submit').click();
    const result = dialog.getByTestId('import-result');
    await expect(result).toContainText(t('glossaries.import.imported', { count: 1, name, total: 3 }));
    await expect(result).toContainText(t('glossaries.import.skipped', { count: 2 }));
    await expect(result.getByTestId('import-skipped')).toHaveText([
      t('glossaries.import.skippedRow', {
        row: 2,
        reason: rowProblemText({ kind: 'not_a_flag', column: 'keep', value: 'perhaps' }, lang),
      }),
      t('glossaries.import.skippedRow', { row: 3, reason: rowProblemText({ kind: 'malformed' }, lang) }),
    ]);
    await dialog.getByTestId('import-done').click();
    await expect(editor.getByLabel(cellLabel(lang, 'glossaries.col.source', 3))).toHaveValue('Zorbla');
    await expect(editor.getByLabel(cellLabel(lang, 'glossaries.col.target', 3))).toHaveValue('Zorbelle');

    // exported from the list as a CSV file holding the three entries
    await page.getByTestId('glossary-back').click();
    const row = page.getByTestId('glossary-list').locator('tr', { hasText: name });
    await expect(row).toContainText('3');
    await row.getByTestId('glossary-export').click();
    const csvItem = page.getByTestId('glossary-export-csv');
    await expect(csvItem).toHaveText(t('glossaries.exportAs', { format: 'CSV' }));
    const [download] = await Promise.all([page.waitForEvent('download'), csvItem.click()]);
    expect(download.suggestedFilename()).toBe(`${name}.csv`);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    expect(text.trim().split(/\r?\n/)).toEqual([
      'source,target,note,keep,case_sensitive',
      'warp drive,moteur-H,,false,false',
      'Moonbase,Base lunaire,,false,false',
      'Zorbla,Zorbelle,captain,false,false',
    ]);
  });
}
