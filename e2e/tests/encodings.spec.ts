import { expect, test } from '@playwright/test';
import iconv from 'iconv-lite';
import { expectDashboard, registerViaUi } from '../support/auth.js';
import { grantToCurrentUser } from '../support/points.js';

const LINES = ['こんにちは、世界。今日はいい天気ですね。', '私の名前は田中です。よろしくお願いします。'];
const SRT = LINES.map((l, i) => `${i + 1}\r\n00:00:0${i},000 --> 00:00:0${i},900\r\n${l}\r\n`).join('\r\n');

test('a Shift-JIS SRT: previewed in Japanese, read again in another encoding, uploaded intact (issue 37)', async ({
  page,
  baseURL,
}) => {
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  await grantToCurrentUser(page, 100);
  // a phone's width: the menu and the lines fit
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();

  await page.getByTestId('srt-card').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'anime.srt',
    mimeType: 'application/x-subrip',
    buffer: iconv.encode(SRT, 'shift_jis'),
  });
  const encoding = dialog.getByTestId('srt-encoding');
  const sample = dialog.getByTestId('srt-sample');
  await expect(encoding).toContainText('Shift-JIS（日文）');
  await expect(sample).toHaveText(LINES.join('\n'));
  await expect(dialog.getByTestId('srt-detected')).toHaveText('日语');
  for (const box of [await encoding.boundingBox(), await sample.boundingBox()])
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);

  // by keyboard: the menu is a labelled field; typing filters it, Enter picks
  await dialog.getByLabel('文本编码').focus();
  await page.keyboard.type('1252');
  await page.keyboard.press('Enter');
  await expect(encoding).toContainText('Windows-1252（西欧）');
  await expect(sample).toContainText('‚±‚ñ‚É‚¿‚Í');
  await expect(sample).not.toContainText('こんにちは');
  await dialog.getByLabel('文本编码').focus();
  await page.keyboard.type('Shift');
  await page.keyboard.press('Enter');
  await expect(sample).toHaveText(LINES.join('\n'));

  await dialog.getByTestId('srt-target').click();
  await page.keyboard.type('en');
  await page.locator('.ant-select-dropdown:visible').getByText('英语', { exact: true }).click();
  await dialog.getByTestId('srt-submit').click();
  await expect(dialog).toBeHidden();

  const headers = { Origin: new URL(baseURL!).origin };
  const list = (await (
    await page.request.post('/task/list', { headers, data: { page: 1, size: 10 } })
  ).json()) as { data: { list: { id: string; fileName: string }[] } };
  const task = list.data.list.find((t) => t.fileName === 'anime.srt')!;
  const got = (await (await page.request.post('/task/get', { headers, data: { id: task.id } })).json()) as {
    data: { segments: { originalText: string }[] };
  };
  expect(got.data.segments.map((s) => s.originalText)).toEqual(LINES);
});
