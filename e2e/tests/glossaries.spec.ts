import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { chooseOption, newCustomer, srtFile } from '../support/voice.js';

/**
 * Issue 26's glossary page: entries typed in, a CSV imported (a malformed row reported by its
 * number, the others kept), the glossary exported as a CSV download.
 */

test('glossary page: its texts in zh, en and ja; entries typed in, a CSV imported, a CSV exported (zh)', async ({
  page,
}) => {
  await newCustomer(page, 0);
  for (const [lang, title, newLabel, empty] of [
    ['en', 'Glossaries', 'New glossary', 'No glossaries yet. Make one, or import a CSV or TSV file.'],
    [
      'ja',
      '用語集',
      '新しい用語集',
      '用語集はまだありません。新しく作るか、CSV/TSV ファイルを読み込んでください。',
    ],
    ['zh', '术语表', '新建术语表', '还没有术语表。新建一个，或导入 CSV/TSV 文件。'],
  ] as const) {
    await page.goto(`/dashboard?view=glossaries&lang=${lang}`);
    const list = page.getByTestId('glossary-list');
    await expect(list.getByRole('heading', { name: title })).toBeVisible();
    await expect(list.getByTestId('glossary-new')).toHaveText(newLabel);
    await expect(list.getByTestId('glossary-empty')).toContainText(empty);
  }

  // a glossary typed in: two entries
  await page.getByTestId('glossary-new').click();
  const editor = page.getByTestId('glossary-editor');
  await editor.getByTestId('glossary-name').fill('太空剧');
  await chooseOption(page, 'glossary-target', '法语', '法语');
  for (const [row, source, target] of [
    [1, 'warp drive', 'moteur-H'],
    [2, 'Moonbase', 'Base lunaire'],
  ] as const) {
    await editor.getByTestId('glossary-entries-add').click();
    await editor.getByLabel(`原文术语，第 ${row} 行`).fill(source);
    await editor.getByLabel(`译文，第 ${row} 行`).fill(target);
  }
  await editor.getByTestId('glossary-save').click();
  await expect(page.getByText('术语表已保存，共 2 条术语')).toBeVisible();
  // the saved glossary opens under its own address (the editor is made anew)
  await expect(page).toHaveURL(/glossary=[0-9a-f-]{36}/);
  await expect(editor.getByRole('heading', { name: '太空剧' })).toBeVisible();

  // a CSV merged into it: row 2's keep is not a flag, row 3 opens a quote it never closes
  await editor.getByTestId('glossary-import').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('导入到“太空剧”');
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
  await expect(result).toContainText('已向“太空剧”导入 1 行（共 3 条术语）。');
  await expect(result).toContainText('有 2 行未导入：');
  await expect(result.getByTestId('import-skipped')).toHaveText([
    /^第 2 行：keep.*perhaps/,
    '第 3 行：格式有误（引号未配对？）',
  ]);
  await dialog.getByTestId('import-done').click();
  await expect(editor.getByLabel('原文术语，第 3 行')).toHaveValue('Zorbla');
  await expect(editor.getByLabel('译文，第 3 行')).toHaveValue('Zorbelle');

  // exported from the list as a CSV file holding the three entries
  await page.getByTestId('glossary-back').click();
  const row = page.getByTestId('glossary-list').locator('tr', { hasText: '太空剧' });
  await expect(row).toContainText('3');
  await row.getByTestId('glossary-export').click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('glossary-export-csv').click(),
  ]);
  expect(download.suggestedFilename()).toBe('太空剧.csv');
  const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
  expect(text.trim().split(/\r?\n/)).toEqual([
    'source,target,note,keep,case_sensitive',
    'warp drive,moteur-H,,false,false',
    'Moonbase,Base lunaire,,false,false',
    'Zorbla,Zorbelle,captain,false,false',
  ]);
});
