import { expect, test } from '@playwright/test';
import { layoutText, normsFor, parseSrt } from '@subtrans/subtitles';

/** a re-translated line as the server lays it out for French (the fake engine answers one line) */
const fr = (text: string) => layoutText(`[fr] ${text}`, 'fr', normsFor('fr'));
import { newCustomer } from '../support/voice.js';
import { exportedSrt, newUserWithTask } from '../support/tasks.js';

test('edit a line (kept after reload), re-translate it (blocked while running), find/replace, undo, export', async ({
  page,
}) => {
  const { id, srt } = await newUserWithTask(page, { cues: 12, target: 'fr', name: 'scene.srt' });
  const input = parseSrt(srt);

  await page.goto('/dashboard');
  await page
    .getByTestId('task-list')
    .locator('tr', { hasText: 'scene.srt' })
    .getByTestId('task-edit')
    .click();
  await expect(page).toHaveURL(new RegExp(`/edit/${id}$`));
  await expect(page.getByTestId('editor-file')).toHaveText('scene.srt');
  await expect(page.getByTestId('editor-languages')).toHaveText('英语 → 法语');
  await expect(page.getByTestId('editor-engine')).toHaveText('DeepSeek');
  const line3 = page.getByTestId('seg-3-translation');
  await expect(line3).toHaveValue(fr(input[2]!.text));

  // edit: saved automatically, still there after a reload
  await line3.fill('Une ligne corrigée à la main');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await expect(page.getByTestId('seg-3-translation')).toHaveValue('Une ligne corrigée à la main');

  // re-translate that line: the button is blocked while it runs, then the engine's text is back
  const again = page.getByTestId('seg-3-retranslate');
  const retranslations: string[] = [];
  // hold the call until the second click is done, so "while it runs" does not depend on timing
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/task/retranslate', async (route) => {
    retranslations.push(route.request().url());
    await held;
    await route.continue();
  });
  // a DOM click: the virtualised rows may still settle their heights, which could move a mouse click
  await again.dispatchEvent('click');
  await expect(again).toBeDisabled();
  await expect.poll(() => retranslations.length).toBe(1);
  // a second click while it runs does nothing
  await again.dispatchEvent('click');
  release();
  await expect(page.getByTestId('seg-3-translation')).toHaveValue(fr(input[2]!.text));
  await expect(again).toBeEnabled();
  expect(retranslations).toHaveLength(1);
  // …and it can be undone
  await page.getByTestId('editor-undo').click();
  await expect(page.getByTestId('seg-3-translation')).toHaveValue('Une ligne corrigée à la main');
  await page.getByTestId('editor-redo').click();
  await expect(page.getByTestId('seg-3-translation')).toHaveValue(fr(input[2]!.text));

  // find and replace across the translation, then undo it in one step
  await page.getByTestId('editor-find').click();
  await page.getByTestId('find-query').fill('little film');
  await expect(page.getByTestId('find-count')).toHaveText('12 行中有 12 处匹配');
  await page.getByTestId('find-replacement').fill('petit film');
  const petit1 = fr(input[0]!.text).replace('little film', 'petit film');
  await page.getByTestId('find-replace-all').click();
  await expect(page.getByTestId('seg-1-translation')).toHaveValue(petit1);
  await page.keyboard.press('Control+z');
  await expect(page.getByTestId('seg-1-translation')).toHaveValue(fr(input[0]!.text));
  await page.keyboard.press('Control+y');
  await expect(page.getByTestId('seg-1-translation')).toHaveValue(petit1);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');

  // export: the downloaded file has the edits and the input's timings
  const exported = await exportedSrt(page);
  expect(exported.name).toBe('scene.fr.srt');
  const out = exported.cues;
  expect(out.map((c) => [c.startMs, c.endMs])).toEqual(input.map((c) => [c.startMs, c.endMs]));
  expect(out[0]!.text).toBe(petit1);
  expect(out[2]!.text).toBe(fr(input[2]!.text).replace('little film', 'petit film'));
});

test('keyboard: next/previous line, the edit modal with timing checks, the shortcuts help', async ({
  page,
}) => {
  const { id } = await newUserWithTask(page, { cues: 5 });
  await page.goto(`/edit/${id}?lang=en`);
  await page.getByTestId('seg-1-translation').focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page.getByTestId('seg-2-translation')).toBeFocused();
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page.getByTestId('seg-1-translation')).toBeFocused();
  await page.keyboard.press('Alt+e');
  await expect(page.getByRole('dialog')).toContainText('Edit line 1');
  await page.getByTestId('segment-modal-end').fill('00:00:00,000');
  await page.getByTestId('segment-modal-save').click();
  await expect(page.getByRole('dialog')).toContainText('The end must come after the start');
  await page.getByTestId('segment-modal-end').fill('00:00:03,500');
  await page.getByTestId('segment-modal-save').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.getByTestId('seg-1-end').focus();
  await expect(page.getByTestId('seg-1-end')).toHaveValue('00:00:03,500');
  await page.keyboard.press('F1');
  await expect(page.getByTestId('shortcuts-help')).toContainText('Re-translate the current line');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('shortcuts-help')).toBeHidden();

  // the quality limits are the user's: these 50-character lines read at 25 characters a second break
  // the Netflix defaults; relaxed limits clear them, and the choice is remembered
  await expect(page.getByTestId('line-filter').getByText('With issues (4)')).toBeVisible();
  await expect(page.getByTestId('segment-2')).toContainText('Reads too fast');
  await page.getByTestId('quality-open').click();
  await expect(page.getByRole('dialog')).toContainText('Quality rules');
  await page.getByTestId('quality-maxDuration').fill('0.5');
  await page.getByTestId('quality-save').click();
  await expect(page.getByRole('dialog')).toContainText('Enter a number from 1 to 60');
  await page.getByTestId('quality-maxDuration').fill('7');
  await page.getByTestId('quality-cps').fill('30');
  await page.getByTestId('quality-cpl').fill('60');
  await page.getByTestId('quality-save').click();
  await expect(page.getByTestId('line-filter').getByText('With issues (0)')).toBeVisible();
  await expect(page.getByTestId('segment-2')).not.toContainText('Reads too fast');
  await page.reload();
  await expect(page.getByTestId('seg-2-translation')).toBeVisible();
  await expect(page.getByTestId('line-filter').getByText('With issues (0)')).toBeVisible();
  await page.getByTestId('quality-open').click();
  await page.getByTestId('quality-reset').click();
  await expect(page.getByTestId('quality-cps')).toHaveValue('17');
  await page.getByTestId('quality-save').click();
  await expect(page.getByTestId('line-filter').getByText('With issues (4)')).toBeVisible();
});

test('a zero-length cue: its text edit is saved, its timing still checked', async ({ page }) => {
  const srt = [
    '1\n00:00:01,000 --> 00:00:03,000\nThe door opens slowly.\n',
    '2\n00:00:04,000 --> 00:00:04,000\nBang!\n',
    '3\n00:00:05,000 --> 00:00:07,000\nWho is there?\n',
  ].join('\n');
  const { id } = await newUserWithTask(page, { srt, name: 'flash.srt' });
  await page.goto(`/edit/${id}?lang=en`);
  const line = page.getByTestId('seg-2-translation');
  await expect(line).toHaveValue('[fr] Bang!');
  await line.fill('Pan !');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  // the edit dialog saves a text edit too, keeping the zero length
  await page.getByTestId('seg-2-original').focus();
  await page.keyboard.press('Alt+e');
  await expect(page.getByRole('dialog')).toContainText('Edit line 2');
  await page.getByTestId('segment-modal-original').fill('Bang! Bang!');
  await page.getByTestId('segment-modal-save').click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await page.reload();
  await expect(page.getByTestId('seg-2-translation')).toHaveValue('Pan !');
  await expect(page.getByTestId('seg-2-original')).toHaveValue('Bang! Bang!');
  // a time edit keeps its check
  const end = page.getByTestId('seg-2-end');
  await end.click();
  await end.fill('00:00:03,000');
  await end.press('Enter');
  await expect(page.getByText('The end must come after the start')).toBeVisible();
  await end.blur();
  await end.focus();
  await expect(end).toHaveValue('00:00:04,000');
});

test('a missing task shows that it does not exist, in each language', async ({ page }) => {
  await newCustomer(page, 0);
  const missing = '/edit/00000000-0000-4000-8000-000000000000';
  for (const [lang, text] of [
    ['zh', '任务不存在'],
    ['en', 'The task does not exist'],
    ['ja', 'タスクが存在しません'],
  ] as const) {
    await page.goto(`${missing}?lang=${lang}`);
    await expect(page.getByTestId('editor-not-found')).toContainText(text);
  }
  await page.getByRole('button', { name: 'ホームに戻る' }).click();
  await expect(page).toHaveURL(/\/(dashboard)?$/);
});

test('an editor link’s page names its code and task, and the task is fetched once', async ({ page }) => {
  const { id } = await newUserWithTask(page, { cues: 3 });
  const html = await (await page.request.get(`/edit/${id}?lang=en`)).text();
  expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="/task/lines?id=${id}" />`);
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/editor-page-[\w-]+\.js" \/>/);
  const calls: string[] = [];
  page.on('request', (r) => {
    const { pathname } = new URL(r.url());
    if (pathname === '/task/get' || pathname === '/task/lines') calls.push(`${r.method()} ${pathname}`);
  });
  await page.goto(`/edit/${id}?lang=en`);
  await expect(page.getByTestId('line-filter')).toContainText('All (3)');
  await expect(page.getByTestId('seg-1-translation')).toHaveValue(/^\[fr\] /);
  // the preload's answer was the app's: no second request for the same task
  expect(calls).toEqual(['GET /task/lines']);
});

test('the editor speaks English and Japanese', async ({ page }) => {
  const { id } = await newUserWithTask(page, { cues: 3 });
  await page.goto(`/edit/${id}?lang=en`);
  await expect(page.getByTestId('editor-export')).toHaveText('Export');
  await expect(page.getByTestId('line-filter')).toContainText('All (3)');
  await expect(page.getByTestId('editor-languages')).toHaveText('English → French');
  await page.goto(`/edit/${id}?lang=ja`);
  await expect(page.getByTestId('editor-export')).toHaveText('エクスポート');
  await expect(page.getByTestId('line-filter')).toContainText('すべて（3）');
  await expect(page.getByTestId('editor-languages')).toHaveText('英語 → フランス語');
});

test('offline edits are kept and saved when the network is back; a second tab takes them in, a conflict is told', async ({
  page,
  context,
}) => {
  const { id } = await newUserWithTask(page, { cues: 4 });
  await page.goto(`/edit/${id}?lang=en`);
  const other = await context.newPage();
  await other.goto(`/edit/${id}?lang=en`);
  await expect(other.getByTestId('seg-1-translation')).toBeVisible();

  await context.setOffline(true);
  await page.getByTestId('seg-1-translation').fill('Typed while offline');
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'failed');
  await context.setOffline(false);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved', { timeout: 20_000 });

  // the other tab still holds the old version: a line the first did not touch is saved, and the
  // first tab's line comes in with the answer (issue 35)
  await other.getByTestId('seg-2-translation').fill('From the other tab');
  await expect(other.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');
  await expect(other.getByTestId('seg-1-translation')).toHaveValue('Typed while offline');
  // the same line changed in both: told, with the other text, nothing lost until it chooses
  await page.getByTestId('seg-2-translation').fill('First tab again');
  await expect(page.getByTestId('save-conflict')).toContainText('changed in another tab');
  await expect(page.getByTestId('save-conflict-theirs')).toContainText('From the other tab');
  await page.getByTestId('conflict-take-theirs').click();
  await expect(page.getByTestId('seg-2-translation')).toHaveValue('From the other tab');
  await page.reload();
  await expect(page.getByTestId('seg-1-translation')).toHaveValue('Typed while offline');
  await expect(page.getByTestId('seg-2-translation')).toHaveValue('From the other tab');
});

test('opening an editor link while signed out: sign in, then the task opens', async ({ page, context }) => {
  const { email, pass, id } = await newUserWithTask(page, { cues: 3, name: 'link.srt' });
  await context.clearCookies();
  await page.goto(`/edit/${id}`);
  await expect(page).toHaveURL(/\/login/);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(pass);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(new RegExp(`/edit/${id}$`));
  await expect(page.getByTestId('editor-file')).toHaveText('link.srt');
});

test('keys typed faster than a slow page keeps up, and text from an input method, are all kept and saved', async ({
  page,
  context,
}) => {
  const { id } = await newUserWithTask(page, { cues: 4 });
  await page.goto(`/edit/${id}?lang=en`);
  const line = page.getByTestId('seg-2-translation');
  await expect(line).toBeVisible();

  // a slow machine: the page takes each key in after the field has already shown the next ones
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await line.fill('');
  const typed = 'Typed fast, no key lost: 0123456789';
  await line.pressSequentially(typed);
  await expect(line).toHaveValue(typed);

  // an input method (Chinese pinyin): the composition shows in the field, then the chosen words
  await line.press('End');
  for (const step of ['n', 'ni', 'ni h', 'ni ha', 'ni hao'])
    await cdp.send('Input.imeSetComposition', {
      text: step,
      selectionStart: step.length,
      selectionEnd: step.length,
    });
  await cdp.send('Input.insertText', { text: '你好' });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(line).toHaveValue(`${typed}你好`);
  await expect(page.getByTestId('save-state')).toHaveAttribute('data-state', 'saved');

  await page.reload();
  await expect(page.getByTestId('seg-2-translation')).toHaveValue(`${typed}你好`);
});
