import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';
import { expectDashboard, registerViaUi } from '../support/auth.js';
import { englishSrt, grantToCurrentUser } from '../support/points.js';

const BASE = `http://localhost:${E2E_PORT}`;

/**
 * Issue 34: a trial that translates something. A 20-minute file (200 points) with 30 points: the
 * dialog offers the first 3 minutes, they are translated, points are bought through the sandbox
 * checkout, the rest is continued from the editor and the list, and the ledger shows two holds,
 * each captured.
 */
test('30 points translate the first 3 minutes of a 20-minute file; the rest after buying points', async ({
  page,
}) => {
  // two translations, a checkout and the editor, on a machine shared with other runs
  test.setTimeout(300_000);
  const { email } = await registerViaUi(page);
  await expectDashboard(page, email);
  await grantToCurrentUser(page, 30);
  await page.goto('/dashboard?lang=en');
  await expect(page.getByTestId('user-points')).toContainText('30');

  // 200 cues 6 s apart: the last ends at 19:56 → 200 points; line 30 ends at 2:56, line 31 at 3:02
  await page.getByTestId('srt-card').click();
  const dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'twenty.srt',
    mimeType: 'application/x-subrip',
    buffer: Buffer.from(englishSrt(200), 'utf8'),
  });
  await expect(dialog.getByTestId('srt-cost')).toContainText('200 points');
  await page.getByTestId('srt-target').click();
  await page.keyboard.type('ja');
  await page.locator('.ant-select-dropdown:visible').getByText('Japanese', { exact: true }).click();
  await dialog.getByTestId('srt-submit').click();

  const offer = page.getByTestId('part-offer');
  await expect(offer).toContainText('The whole file costs 200 points; you have 30.');
  await expect(offer.getByTestId('part-offer-range')).toHaveText(
    'Your points cover the first 3 min (lines 1–30) for 30 points.',
  );
  await expect(page.getByTestId('part-buy')).toBeVisible();
  await page.getByTestId('part-translate').click();

  const row = page.getByTestId('task-list').locator('tr', { hasText: 'twenty.srt' });
  await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', {
    timeout: 60_000,
  });
  await expect(row.getByTestId('task-partial')).toHaveAttribute('data-through', '30');
  await expect(row.getByTestId('task-partial')).toContainText('Lines 1–30 of 200 translated');
  await expect(row.getByTestId('task-partial-rest')).toHaveText('170 lines (17 min) left: 170 points');
  await expect(page.getByTestId('user-points')).toContainText('0');

  // the editor: the part translated, the rest marked as not translated yet
  await row.getByTestId('task-edit').click();
  await expect(page.getByTestId('editor-partial')).toContainText('Lines 1–30 of 200 are translated');
  // the list is virtualised: scrolled until line 31 is drawn
  await page.getByTestId('segment-list').hover();
  await expect(async () => {
    await page.mouse.wheel(0, 400);
    await expect(page.getByTestId('segment-31')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByTestId('seg-30-translation')).toHaveValue(/\S/);
  await expect(page.getByTestId('segment-31')).toHaveAttribute('data-untranslated', 'true');
  await expect(page.getByTestId('seg-31-translation')).toHaveValue('');
  await expect(page.getByTestId('seg-31-translation')).toHaveAttribute('readonly', '');

  // no points left: continuing asks to buy them
  await page.getByTestId('editor-continue').click();
  await page.getByTestId('insufficient-buy').click();
  await expect(page).toHaveURL(/view=points/);

  // a sandbox card purchase of 1,200 points
  await page.getByTestId('pay-method').getByText('Card ($)').click();
  await page.getByTestId('buy-3').click();
  await page.getByTestId('sandbox-approve').click();
  await expect(page.getByTestId('card-success')).toContainText('SUCCEEDED');
  await page.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('user-points')).toContainText('1,200');

  // continue from the list: the balance covers the rest, so all of it
  await page.goto('/dashboard?lang=en');
  await row.getByTestId('task-continue').click();
  await expect(row.getByTestId('task-status')).toHaveAttribute('data-status', 'completed', {
    timeout: 60_000,
  });
  await expect(row.getByTestId('task-partial')).toBeHidden();
  await expect(row.getByTestId('task-continue')).toBeHidden();
  await expect(page.getByTestId('user-points')).toContainText('1,030');

  await row.getByTestId('task-edit').click();
  await expect(page.getByTestId('editor-partial')).toBeHidden();
  await expect(page.getByTestId('seg-200-translation').or(page.getByTestId('seg-1-translation'))).toHaveValue(
    /\S/,
  );
  await expect(page.locator('[data-untranslated]')).toHaveCount(0);

  // the ledger: two task runs, each held and then charged (30 + 170 = the whole file's 200)
  const history = (await (
    await page.request.post('/user/point_history', { headers: { Origin: BASE }, data: { page: 1, size: 10 } })
  ).json()) as {
    data: {
      list: {
        kind: string;
        amount: number;
        task: { fileName: string; state: string; held: number } | null;
      }[];
    };
  };
  const runs = history.data.list.filter((e) => e.kind === 'task');
  expect(runs.map((e) => [e.task?.fileName, e.task?.state, e.task?.held, e.amount])).toEqual([
    ['twenty.srt', 'charged', 170, -170],
    ['twenty.srt', 'charged', 30, -30],
  ]);
  await page.goto('/assets?lang=en');
  const ledger = page.getByTestId('ledger-table');
  await expect(ledger.locator('tr', { hasText: 'twenty.srt' })).toHaveCount(2);
  await expect(ledger.locator('tr', { hasText: 'Charged' })).toHaveCount(2);
  await expect(ledger).toContainText('-170');
  await expect(ledger).toContainText('-30');
});
