import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { layoutText, normsFor, parseSrt } from '@subtrans/subtitles';
import { expectDashboard, registerViaUi } from '../support/auth.js';
import { englishSrt, grantToCurrentUser } from '../support/points.js';

const file = (name: string, text: string) => ({
  name,
  mimeType: 'application/x-subrip',
  buffer: Buffer.from(text, 'utf8'),
});

async function chooseOption(page: Page, testId: string, search: string, option: string) {
  await page.getByTestId(testId).click();
  await page.keyboard.type(search);
  await page.locator('.ant-select-dropdown:visible').getByText(option, { exact: true }).click();
}

test('upload an SRT, watch it translate with the local engine, download it (and bilingual), points charged once', async ({
  page,
}) => {
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  await grantToCurrentUser(page, 100);
  await page.reload();
  await expect(page.getByTestId('user-points')).toContainText('100');

  await page.getByTestId('srt-card').click();
  const dialog = page.getByRole('dialog');
  const input = dialog.locator('input[type=file]');
  // SPEC §5: wrong name, then no cues, each refused with its message
  await input.setInputFiles(file('notes.txt', englishSrt(3)));
  await expect(dialog).toContainText('文件格式无效或不受支持');
  await input.setInputFiles(file('empty.srt', 'nothing here'));
  await expect(dialog).toContainText('这是一份没有时间码的纯文本稿');
  const srt = englishSrt(60);
  await input.setInputFiles(file('film.srt', srt));
  await expect(dialog.getByTestId('srt-detected')).toHaveText('英语');
  await expect(dialog.getByTestId('srt-cost')).toContainText('60 积分');
  await chooseOption(page, 'srt-target', 'ja', '日语');
  await dialog.getByTestId('srt-submit').click();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId('task-list').locator('tr', { hasText: 'film.srt' });
  await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', {
    timeout: 60_000,
  });
  await expect(page.getByTestId('user-points')).toContainText('40');

  const input60 = parseSrt(srt);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row
      .getByTestId('task-download')
      .click()
      .then(() => page.getByTestId('download-srt').click()),
  ]);
  expect(download.suggestedFilename()).toBe('film.ja.srt');
  const out = parseSrt(await readFile(await download.path(), 'utf8'));
  expect(out.map((c) => [c.startMs, c.endMs])).toEqual(input60.map((c) => [c.startMs, c.endMs]));
  // each translated line is laid out for Japanese (the fake engine answers one long line)
  const ja = (text: string) => layoutText(`[ja] ${text}`, 'ja', normsFor('ja'));
  expect(out.map((c) => c.text)).toEqual(input60.map((c) => ja(c.text)));

  const [bilingual] = await Promise.all([
    page.waitForEvent('download'),
    row
      .getByTestId('task-download')
      .click()
      .then(() => page.getByTestId('download-srt-both').click()),
  ]);
  const both = parseSrt(await readFile(await bilingual.path(), 'utf8'));
  expect(both[0]!.text).toBe(`${input60[0]!.text}\n${ja(input60[0]!.text)}`);

  // deleting asks first, then the task leaves the list
  await row.getByTestId('task-delete').click();
  await page.getByTestId('task-delete-confirm').click();
  await expect(page.getByTestId('task-list').locator('tr', { hasText: 'film.srt' })).toHaveCount(0);
  await expect(page.getByTestId('user-points')).toContainText('40');
});

test('the upload dialog names the price rule that applied, and refuses a cue that ends before it starts', async ({
  page,
}) => {
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  await page.getByTestId('srt-card').click();
  const dialog = page.getByRole('dialog');
  const input = dialog.locator('input[type=file]');
  await input.setInputFiles(
    file(
      'backwards.srt',
      '1\n00:00:01,000 --> 00:00:02,000\nFine.\n\n2\n00:00:05,000 --> 00:00:04,500\nBackwards.\n',
    ),
  );
  await expect(dialog).toContainText(
    '第 2 条字幕（00:00:05,000 --> 00:00:04,500）的结束时间早于开始时间，请修正该条的时间后重新上传',
  );
  await expect(dialog.getByTestId('srt-preview')).toHaveCount(0);
  // 30 lines of 100 characters inside one second: priced by their text (3,000 characters)
  const dense = Array.from(
    { length: 30 },
    (_, i) =>
      `${i + 1}\n00:00:00,${String(i * 10).padStart(3, '0')} --> 00:00:00,${String(i * 10 + 5).padStart(3, '0')}\n${'Talk '.repeat(19)}Talk${i % 10}\n`,
  ).join('\n');
  await input.setInputFiles(file('dense.srt', dense));
  await expect(dialog.getByTestId('srt-cost')).toContainText('30 积分');
  await expect(dialog.getByTestId('srt-cost-rule')).toHaveText('按文字：3 千字符');
  await input.setInputFiles(file('film.srt', englishSrt(60)));
  await expect(dialog.getByTestId('srt-cost')).toContainText('60 积分');
  await expect(dialog.getByTestId('srt-cost-rule')).toHaveText('按时长：6 分钟');
  await input.setInputFiles(file('flash.srt', '1\n00:00:00,000 --> 00:00:00,000\n\n'));
  await expect(dialog.getByTestId('srt-cost')).toContainText('10 积分');
  await expect(dialog.getByTestId('srt-cost-rule')).toHaveText('最低收费');
  // 250 one-character cues inside half a second: priced by their count (issue 41)
  const ms = (n: number) => String(n).padStart(3, '0');
  const tiny = Array.from(
    { length: 250 },
    (_, i) => `${i + 1}\n00:00:00,${ms(i * 2)} --> 00:00:00,${ms(i * 2 + 1)}\n的\n`,
  ).join('\n');
  await input.setInputFiles(file('tiny.srt', tiny));
  await expect(dialog.getByTestId('srt-cost')).toContainText('30 积分');
  await expect(dialog.getByTestId('srt-cost-rule')).toHaveText('按条数：3 百条');
  await page.goto('/dashboard?lang=en');
  await page.getByTestId('srt-card').click();
  await page.getByRole('dialog').locator('input[type=file]').setInputFiles(file('dense.srt', dense));
  await expect(page.getByRole('dialog').getByTestId('srt-cost-rule')).toHaveText(
    'by text: 3 thousand characters',
  );
});

test('too few points: the confirm dialog offers to buy points and nothing is created (English)', async ({
  page,
}) => {
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  await page.goto('/dashboard?lang=en');
  await page.getByTestId('srt-card').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles(file('talk.srt', englishSrt(20)));
  await expect(dialog.getByTestId('srt-cost')).toContainText('20 points (balance 0)');
  await dialog.getByTestId('srt-submit').click();
  await expect(dialog).toContainText('Choose the target language');
  await chooseOption(page, 'srt-target', 'French', 'French');
  await dialog.getByTestId('srt-submit').click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('This translation needs 20 points; you have 0.');
  await page.getByTestId('insufficient-buy').click();
  await expect(page).toHaveURL(/view=points/);
  await page.goto('/dashboard');
  await expect(page.getByTestId('task-list')).toContainText('No translation tasks yet');
});

test('the upload modal speaks Japanese', async ({ page }) => {
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  await page.goto('/dashboard?lang=ja');
  await page.getByTestId('srt-card').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('字幕ファイルを翻訳');
  await dialog.locator('input[type=file]').setInputFiles(file('a.srt', englishSrt(10)));
  await expect(dialog.getByTestId('srt-detected')).toHaveText('英語');
  await expect(dialog.getByTestId('srt-cost')).toContainText('10 ポイント');
});
