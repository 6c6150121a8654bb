import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { makeSpeechMedia } from '../../apps/server/test/support/media.js';
import { E2E_PORT } from '../playwright.config.js';
import { expect, test } from '../support/account.js';
import { expectDashboard, loginViaUi } from '../support/auth.js';
import { E2E_ADMIN } from '../support/paths.js';
import { completedTask } from '../support/tasks.js';
import { chooseOption } from '../support/voice.js';

/**
 * What a customer sees that is theirs to see, and nothing of the operator's (issue 24, 8–12).
 * The tests share one signed-in customer (support/account.ts); each names its own tasks.
 */

const BASE = `http://localhost:${E2E_PORT}`;

/** The options of the SRT dialog's engine picker, as shown, in the dashboard's `lang`. */
async function engineOptions(page: Page, lang: string) {
  await page.goto(`/dashboard?lang=${lang}`);
  await page.getByTestId('srt-card').click();
  const picker = page.getByTestId('srt-engine');
  await expect(picker).toContainText('DeepSeek');
  await picker.click();
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(options.first()).toBeVisible();
  return options;
}

for (const [lang, operatorWords] of [
  ['zh', ['未配置', '尚未实现', '百度', '微软', 'OpenAI']],
  ['en', ['not configured', 'not implemented', 'Baidu', 'Microsoft', 'OpenAI']],
] as const) {
  test(`the engine picker offers a customer only the engines that work (${lang})`, async ({ page }) => {
    const options = await engineOptions(page, lang);
    const shown = await options.allInnerTexts();
    expect(shown).toContain('DeepSeek');
    for (const word of operatorWords) expect(shown.join(' ')).not.toContain(word);
    await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option-disabled')).toHaveCount(
      0,
    );
    await expect(page.getByTestId('srt-engine-operator')).toHaveCount(0);

    // the API still answers the recognised engines as SPEC §1 says
    const res = await page.request.post('/translation/engines', { headers: { Origin: BASE }, data: {} });
    const engines = ((await res.json()) as { data: { name: string; reason: string | null }[] }).data;
    expect(engines.find((e) => e.name === 'baidu')?.reason).toBe('not_implemented');
  });
}

test('a manager is told which engines the operator could still turn on, not in the options', async ({
  page,
}) => {
  await page.context().clearCookies();
  await loginViaUi(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expectDashboard(page, E2E_ADMIN.email);
  const options = await engineOptions(page, 'en');
  expect((await options.allInnerTexts()).join(' ')).not.toContain('OpenAI');
  const note = page.getByTestId('srt-engine-operator');
  await expect(note).toContainText('OpenAI (not configured)');
  await expect(note).not.toContainText('Baidu');
});

for (const [lang, words] of [
  ['zh', { charged: '已扣费', task: '翻译“history-zh.srt”', deleted: '已删除的任务', hold: '冻结' }],
  [
    'en',
    { charged: 'Charged', task: 'Translation of “history-en.srt”', deleted: 'A deleted task', hold: 'Hold' },
  ],
] as const) {
  test(`the points history names the task's file, one line a task, no internal ids (${lang})`, async ({
    page,
  }) => {
    const name = `history-${lang}.srt`;
    // 12 cues 6 s apart: 20 points held, then charged
    const { id } = await completedTask(page, { name });
    await page.goto(`/assets?lang=${lang}`);
    const table = page.getByTestId('ledger-table');
    const rows = table.locator('tr.ant-table-row');
    // the newest line is the task's: one line for its hold and its charge
    const line = rows.first();
    await expect(line).toContainText(words.task);
    await expect(rows.filter({ hasText: name })).toHaveCount(1);
    await expect(line).toContainText(words.charged);
    await expect(line).toContainText('-20');
    await expect(table).not.toContainText('task:');
    await expect(table).not.toContainText(id);
    await expect(table).not.toContainText(words.hold);

    // a deleted task keeps its line, under a neutral label
    const deleted = await page.request.post('/task/delete', { headers: { Origin: BASE }, data: { id } });
    expect(deleted.ok()).toBe(true);
    await page.reload();
    await expect(rows.first()).toContainText(words.deleted);
    await expect(rows.first()).toContainText('-20');
    await expect(rows.filter({ hasText: name })).toHaveCount(0);
  });
}

for (const [lang, empty] of [
  ['zh', '暂无订单'],
  ['ja', '注文はまだありません'],
] as const) {
  test(`the orders page shows one state at a time: the error with a retry, then the empty list (${lang})`, async ({
    page,
  }) => {
    let failing = true;
    await page.route('**/order/query_order_list', (route) =>
      failing ? route.fulfill({ status: 503, body: 'unavailable' }) : route.fallback(),
    );
    await page.goto(`/dashboard?view=orders&lang=${lang}`);
    const error = page.getByRole('alert');
    await expect(error).toBeVisible();
    // the error is alone: no table saying there are no orders beside it
    await expect(page.getByTestId('orders-table')).toHaveCount(0);
    await expect(page.getByText(empty)).toHaveCount(0);

    failing = false;
    // (antd spaces out a two-character Chinese label: "重 试")
    await error.getByRole('button').click();
    await expect(page.getByTestId('orders-empty')).toContainText(empty);
    await expect(error).toHaveCount(0);
    await expect(page.getByTestId('orders-table')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
}

for (const [lang, analysisFailed, returned] of [
  ['zh', '文件检测失败', '积分已退回'],
  ['en', 'Analysing the file failed', 'returned'],
] as const) {
  test(`a file whose detection failed says so, and nothing of points never held (${lang})`, async ({
    page,
  }) => {
    const name = `broken-${lang}.mp3`;
    await page.goto(`/dashboard?lang=${lang}`);
    await page.getByTestId('media-card').click();
    const modal = page.getByTestId('media-upload-modal');
    // named like audio, but no audio inside: ffprobe refuses it at detection
    await modal.locator('input[type=file]').setInputFiles({
      name,
      mimeType: 'audio/mpeg',
      buffer: Buffer.alloc(4096, 7),
    });
    await page.getByTestId('media-target').click();
    await page.keyboard.type('fr');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await page.getByTestId('media-upload-submit').click();
    await expect(modal).toBeHidden();

    const row = page.locator('tr.ant-table-row', { hasText: name });
    await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'failed', {
      timeout: 60_000,
    });
    await expect(row.getByTestId('task-status')).toContainText(analysisFailed);
    await expect(row).not.toContainText(returned);

    // the task's own page (a bookmark, a shared link) says the same
    const id = (await row.getAttribute('data-testid'))!.replace(/^task-/, '');
    await page.goto(`/edit/${id}?lang=${lang}`);
    await expect(page.getByTestId('editor-failed')).toContainText(analysisFailed);
    await expect(page.locator('body')).not.toContainText(returned);
    // no player for a file that is no audio or video
    await expect(page.getByTestId('media-failed')).toHaveCount(0);
  });
}

/** The vertical positions of the buttons in a cell: one value when they sit on one line. */
async function buttonLines(cell: Locator): Promise<number[]> {
  const boxes = await Promise.all((await cell.locator('button').all()).map((b) => b.boundingBox()));
  return [...new Set(boxes.map((b) => Math.round(b?.y ?? -1)))];
}

test('task actions fit one line at 1280 px; the media dialog has a bilingual switch and room under its hint', async ({
  page,
}) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'e2e-layout-'));
  try {
    const audio = await makeSpeechMedia(dir, { text: 'Good morning. This is a short test.', format: 'mp3' });
    await completedTask(page, { name: 'done.srt' });
    // an audio file waiting for its confirmation: the row with the most actions
    await page.goto('/dashboard?lang=en');
    await page.getByTestId('media-card').click();
    const modal = page.getByTestId('media-upload-modal');
    // like the SRT dialog's: a switch with its label, not a checkbox
    await expect(modal.getByRole('switch', { name: 'Include the original text' })).toBeVisible();
    await expect(modal.getByRole('checkbox')).toHaveCount(0);
    await modal.locator('input[type=file]').setInputFiles({
      name: 'morning.mp3',
      mimeType: 'audio/mpeg',
      buffer: await readFile(audio.path),
    });
    await chooseOption(page, 'media-target', 'ja', 'Japanese');
    await page.getByTestId('media-upload-submit').click();
    await expect(page.getByTestId('media-confirm-dialog')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('media-confirm-later').click();

    for (const lang of ['en', 'ja', 'zh']) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/dashboard?lang=${lang}`);
      const waiting = page.locator('tr.ant-table-row', { hasText: 'morning.mp3' });
      await expect(waiting.getByTestId('media-execute')).toBeVisible();
      for (const row of [waiting, page.locator('tr.ant-table-row', { hasText: 'done.srt' })]) {
        const cell = row.locator('td').last();
        expect(await buttonLines(cell), `${lang}: the actions wrap`).toHaveLength(1);
      }

      // the size hint under the file keeps its distance from the next field's label
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await page.getByTestId('media-card').click();
        const dialog = page.getByTestId('media-upload-modal');
        const hint = dialog.getByText(lang === 'en' ? 'of up to 3 GB' : '3 GB');
        const next = dialog.locator('.ant-form-item-label').nth(1);
        // polled: the dialog opens with a zoom, which draws every distance smaller at first
        await expect
          .poll(
            async () => {
              const hintBox = (await hint.boundingBox())!;
              return (await next.boundingBox())!.y - (hintBox.y + hintBox.height);
            },
            { message: `${lang} at ${width} px` },
          )
          .toBeGreaterThanOrEqual(8);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
