import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import iconv from 'iconv-lite';
import { parseAss } from '@subtrans/subtitles';
import { chooseOption, newCustomer } from '../support/voice.js';
import { E2E_PORT } from '../playwright.config.js';

const BASE = `http://localhost:${E2E_PORT}`;

const ASS = `[Script Info]
Title: Episode 1
ScriptType: v4.00+

[V4+ Styles]
Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding
Style: Default,Arial,64,&H00FFFFFF,&H000000FF,&H00000000,&H64000000,0,0,0,0,100,100,0,0,1,2,1,2,40,40,40,1

[Events]
Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text
Comment: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,typeset check
Dialogue: 0,0:00:01.00,0:00:03.50,Default,Anna,0,0,0,,Good morning,\\Neveryone here.
Dialogue: 0,0:00:04.00,0:00:06.00,Default,,0,0,0,,We start at nine today, as always.
`;

/** the id of the signed-in user's task named `name`, once it is completed */
async function completedTaskNamed(page: Page, name: string): Promise<string> {
  let id = '';
  await expect
    .poll(
      async () => {
        const res = await page.request.post('/task/list', {
          headers: { Origin: BASE },
          data: { page: 1, size: 10 },
        });
        const list = (
          (await res.json()) as { data: { list: { id: string; fileName: string; status: string }[] } }
        ).data.list;
        const task = list.find((t) => t.fileName === name);
        id = task?.id ?? '';
        return task?.status;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
  return id;
}

/**
 * The editor's export dialog, opened from its menu: on a loaded machine a click can land while the
 * menu still moves in, so the menu is opened and clicked again until the dialog shows
 */
async function openExportDialog(page: Page) {
  const dialog = page.getByTestId('export-dialog');
  await expect(async () => {
    // an earlier try's click may have opened it late: its mask now covers the menu's button
    if (await dialog.isVisible()) return;
    if (!(await page.getByTestId('export-options').isVisible()))
      await page.getByTestId('editor-export').click({ timeout: 2_000 });
    await page.getByTestId('export-options').click({ timeout: 2_000 });
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  return dialog;
}

const segmentsOf = async (page: Page, id: string) => {
  const res = await page.request.post('/task/get', { headers: { Origin: BASE }, data: { id } });
  return ((await res.json()) as { data: { segments: { startTime: string; originalText: string }[] } }).data
    .segments;
};

const UI = [
  { lang: 'en', english: 'English', french: 'French', above: 'Original above the translation' },
  { lang: 'zh', english: '英语', french: '法语', above: '原文在译文上方' },
  { lang: 'ja', english: '英語', french: 'フランス語', above: '原文を訳文の上に' },
] as const;
type Ui = (typeof UI)[number];
const uiOf = (lang: Ui['lang']) => UI.find((u) => u.lang === lang)!;

/** the subtitle dialog, in `lang`, with the ASS sample chosen and read as ASS */
async function chooseAss(page: Page, lang: Ui['lang']) {
  await page.goto(`/dashboard?lang=${lang}`);
  await page.getByTestId('srt-card').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'episode.ass',
    mimeType: 'text/x-ssa',
    buffer: Buffer.from(ASS),
  });
  await expect(dialog.getByTestId('srt-format')).toHaveText('Advanced SubStation Alpha (ASS)');
  return dialog;
}

/**
 * Each flow below runs whole in one interface language (the flows do not differ by language); the
 * texts they meet are checked in every language: the language names and the detected language
 * here, the bilingual layout's name by the flows (ASS in English, Shift-JIS in Japanese, Big5 in
 * Chinese).
 */
test('the upload dialog names the detected and the target language in each interface language', async ({
  page,
}) => {
  await newCustomer(page);
  for (const u of UI) {
    const dialog = await chooseAss(page, u.lang);
    await expect(dialog.getByTestId('srt-detected')).toHaveText(u.english);
    await chooseOption(page, 'srt-target', 'fr', u.french);
    // the first Escape may close the language list only
    await expect(async () => {
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
  }
});

for (const ui of [uiOf('en')]) {
  test(`an ASS file: read as ASS, translated, edited, exported whole as bilingual ASS (${ui.lang}, issue 37)`, async ({
    page,
  }) => {
    await newCustomer(page);
    const dialog = await chooseAss(page, ui.lang);
    // the sample is the dialogue, not the script's header
    await expect(dialog.getByTestId('srt-sample')).toHaveText(
      'Good morning,\neveryone here.\nWe start at nine today, as always.',
    );
    await expect(dialog.getByTestId('srt-detected')).toHaveText(ui.english);
    await chooseOption(page, 'srt-target', 'fr', ui.french);
    await dialog.getByTestId('srt-submit').click();
    await expect(dialog).toBeHidden();
    const id = await completedTaskNamed(page, 'episode.ass');

    await page.goto(`/edit/${id}?lang=${ui.lang}`);
    const line1 = page.getByTestId('seg-1-translation');
    await line1.fill('Bonjour à tous, revu.');
    await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
    // the export dialog: ASS first for a file that was ASS, kept whole; the original above at 50 %
    const options = await openExportDialog(page);
    await expect(options.getByTestId('export-kept')).toBeVisible();
    await chooseOption(page, 'export-bilingual', '', ui.above);
    await chooseOption(page, 'export-original-size', '', '50%');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe('episode.fr.bilingual.ass');
    const ass = await readFile(await download.path(), 'utf8');
    // the file's own header, styles and comment, with the original's style added
    expect(ass).toContain('Title: Episode 1');
    expect(ass).toContain('Comment: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,typeset check');
    expect(ass).toMatch(/^Style: Original,Arial,32,/m);
    const events = parseAss(ass);
    expect(events.map((e) => [e.startMs, e.endMs])).toEqual([
      [1000, 3500],
      [4000, 6000],
    ]);
    expect(events[0]!.text).toBe('{\\rOriginal}Good morning,\neveryone here.{\\r}\nBonjour à tous, revu.');
    // SRT from it: the list says what it cannot carry
    await (await openExportDialog(page)).getByText('SRT', { exact: true }).click();
    await expect(page.getByTestId('export-lost')).toBeVisible();
  });
}

/** legacy-encoded SRT files as creators have them: CRLF, no BOM */
const LEGACY = [
  {
    encoding: 'shift_jis',
    shown: 'Shift-JIS',
    name: 'anime.srt',
    lines: ['おはようございます、皆さん。', '今日は九時に始めます。'],
    font: 'Noto Sans CJK JP',
  },
  {
    encoding: 'big5',
    shown: 'Big5',
    name: 'class.srt',
    lines: ['我們今天九點開始上課。', '請大家準時到達教室。'],
    font: 'Noto Sans CJK TC',
  },
] as const;

for (const [file, ui] of [
  [LEGACY[0], uiOf('ja')],
  [LEGACY[1], uiOf('zh')],
] as const)
  test(`a ${file.shown} SRT: previewed as text, translated, edited, exported as bilingual ASS (${ui.lang}, issue 37)`, async ({
    page,
  }) => {
    const srt = file.lines.map(
      (l, i) => `${i + 1}\r\n00:00:0${i * 3 + 1},000 --> 00:00:0${i * 3 + 3},000\r\n${l}\r\n`,
    );
    await newCustomer(page);
    await page.goto(`/dashboard?lang=${ui.lang}`);
    await page.getByTestId('srt-card').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({
      name: file.name,
      mimeType: 'application/x-subrip',
      buffer: iconv.encode(srt.join('\r\n'), file.encoding),
    });
    // the encoding read and the first lines as text, not mojibake
    await expect(dialog.getByTestId('srt-encoding')).toContainText(file.shown);
    await expect(dialog.getByTestId('srt-sample')).toHaveText(file.lines.join('\n'));
    await chooseOption(page, 'srt-target', 'en', ui.english);
    await dialog.getByTestId('srt-submit').click();
    await expect(dialog).toBeHidden();
    const id = await completedTaskNamed(page, file.name);
    expect((await segmentsOf(page, id)).map((s) => s.originalText)).toEqual(file.lines);

    await page.goto(`/edit/${id}?lang=${ui.lang}`);
    await expect(page.getByTestId('seg-2-original')).toHaveValue(file.lines[1]);
    await page.getByTestId('seg-2-translation').fill('We begin at nine today, reviewed.');
    await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
    const options = await openExportDialog(page);
    await options.getByText('ASS', { exact: true }).click();
    await chooseOption(page, 'export-bilingual', '', ui.above);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-download').click(),
    ]);
    expect(download.suggestedFilename()).toBe(file.name.replace('.srt', '.en.bilingual.ass'));
    const ass = await readFile(await download.path(), 'utf8');
    // the original in a CJK font of its own script, smaller (70 % of 64), above the English
    expect(ass).toMatch(new RegExp(`^Style: Original,${file.font},45,`, 'm'));
    expect(ass).toMatch(/^Style: Default,Arial,64,/m);
    const events = parseAss(ass);
    expect(events.map((e) => [e.startMs, e.endMs])).toEqual([
      [1000, 3000],
      [4000, 6000],
    ]);
    expect(events[1]!.text).toBe(`{\\rOriginal}${file.lines[1]}{\\r}\nWe begin at nine today, reviewed.`);
  });

test('a Big5 SRT: read as Big5 Traditional Chinese, translated, downloaded as ASS from the list (zh)', async ({
  page,
}) => {
  const lines = ['我們今天九點開始上課。', '請大家準時到達教室。'];
  const srt = lines.map(
    (l, i) => `${i + 1}\r\n00:00:0${i * 3 + 1},000 --> 00:00:0${i * 3 + 3},000\r\n${l}\r\n`,
  );
  await newCustomer(page);
  await page.goto('/dashboard?lang=zh');
  await page.getByTestId('srt-card').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'class.srt',
    mimeType: 'application/x-subrip',
    buffer: iconv.encode(srt.join('\r\n'), 'big5'),
  });
  await expect(dialog.getByTestId('srt-encoding')).toContainText('Big5');
  await expect(dialog.getByTestId('srt-format')).toHaveText('SubRip (SRT)');
  await expect(dialog.getByTestId('srt-sample')).toHaveText(lines.join('\n'));
  await chooseOption(page, 'srt-target', 'en', '英语');
  await dialog.getByTestId('srt-submit').click();
  await expect(dialog).toBeHidden();
  const id = await completedTaskNamed(page, 'class.srt');
  expect((await segmentsOf(page, id)).map((s) => s.originalText)).toEqual(lines);

  const row = page.getByTestId('task-list').locator('tr', { hasText: 'class.srt' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row
      .getByTestId('task-download')
      .click()
      .then(() => page.getByTestId('download-ass').click()),
  ]);
  expect(download.suggestedFilename()).toBe('class.en.ass');
  const ass = await readFile(await download.path(), 'utf8');
  expect(ass).toMatch(/^Style: Default,Arial,64,/m);
  expect(parseAss(ass).map((e) => [e.startMs, e.endMs])).toEqual([
    [1000, 3000],
    [4000, 6000],
  ]);
});

test('a MicroDVD file asks for the frame rate; a transcript is refused for what it is (ja, phone)', async ({
  page,
}) => {
  await newCustomer(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard?lang=ja');
  await page.getByTestId('srt-card').click();
  const dialog = page.getByRole('dialog');
  const input = dialog.locator('input[type=file]');
  await input.setInputFiles({
    name: 'notes.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from('おはようございます。\n今日は九時に始めます。\n'),
  });
  await expect(dialog).toContainText(
    'これはタイムコードのないプレーンテキストで、字幕ファイルではありません',
  );

  await input.setInputFiles({
    name: 'movie.sub',
    mimeType: 'text/plain',
    buffer: Buffer.from('{25}{87}おはようございます。|皆さん。\n{100}{150}今日は九時に始めます。\n'),
  });
  await expect(dialog.getByTestId('srt-format')).toHaveText('MicroDVD');
  const rate = dialog.getByTestId('srt-frame-rate');
  await expect(rate).toContainText('23.976 fps');
  await expect(dialog).toContainText('このファイルにはフレームレートがありません');
  const box = await rate.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await rate.click();
  await page.locator('.ant-select-dropdown:visible').getByText('25 fps', { exact: true }).click();
  await expect(rate).toContainText('25 fps');
  await chooseOption(page, 'srt-target', 'en', '英語');
  await dialog.getByTestId('srt-submit').click();
  await expect(dialog).toBeHidden();
  const id = await completedTaskNamed(page, 'movie.sub');
  // frame 25 at 25 fps is one second in; at 23.976 it would be 1.043 s
  expect((await segmentsOf(page, id)).map((s) => [s.startTime, s.originalText])).toEqual([
    ['00:00:01,000', 'おはようございます。\n皆さん。'],
    ['00:00:04,000', '今日は九時に始めます。'],
  ]);
});
