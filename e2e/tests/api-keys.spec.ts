import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { API_KEYS, errorMessage } from '@subtrans/contract';
import { E2E_PORT } from '../playwright.config.js';
import { LANGS, textsOf } from '../support/texts.js';
import { newCustomer, ZORBLA_SRT } from '../support/voice.js';

/**
 * Issue 39: an API key made on the dashboard in each interface language, used by `curl` as a
 * script would (a file uploaded as a task, the task list read), then revoked: curl is refused.
 */

const run = promisify(execFile);
const BASE = `http://localhost:${E2E_PORT}`;

interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

/** curl as a script runs it: the key from the environment, the answer's envelope and HTTP status. */
async function curl(key: string, args: string[]): Promise<{ status: number; body: Envelope }> {
  const { stdout } = await run('curl', [
    '-sS',
    '-w',
    '\n%{http_code}',
    '-H',
    `Authorization: Bearer ${key}`,
    ...args,
  ]);
  const at = stdout.lastIndexOf('\n');
  return { status: Number(stdout.slice(at + 1)), body: JSON.parse(stdout.slice(0, at)) as Envelope };
}

const NAME = { zh: '剪辑机脚本', en: 'edit-suite script', ja: '編集機のスクリプト' } as const;

for (const lang of LANGS) {
  test(`API keys: a key made, used by curl to upload and list, then revoked (${lang})`, async ({ page }) => {
    const t = textsOf(lang);
    await newCustomer(page);
    await page.goto(`/dashboard?view=keys&lang=${lang}`);
    const list = page.getByTestId('api-keys-list');
    await expect(list.getByRole('heading', { name: t('apiKeys.title') })).toBeVisible();
    await expect(list).toContainText(t('apiKeys.intro', { count: 0, max: API_KEYS.perUser }));
    await expect(page.getByTestId('api-keys-empty')).toContainText(t('apiKeys.empty'));

    // made by keyboard: the name typed, the scope chosen with the arrow keys, Enter
    await page.getByTestId('api-key-new').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(t('apiKeys.newTitle'))).toBeVisible();
    await expect(page.getByTestId('api-key-name')).toBeFocused();
    await page.keyboard.type(NAME[lang]);
    await dialog
      .getByRole('radio', { name: new RegExp(t('apiKeys.scopes.read')) })
      .first()
      .focus();
    await page.keyboard.press('ArrowDown');
    await expect(
      dialog.getByRole('radio', { name: new RegExp(t('apiKeys.scopes.translate')) }),
    ).toBeChecked();
    await page.getByTestId('api-key-create').click();
    await expect(dialog.getByText(t('apiKeys.createdTitle', { name: NAME[lang] }))).toBeVisible();
    await expect(dialog).toContainText(t('apiKeys.copyNow'));
    const secret = (await page.getByTestId('api-key-secret').innerText()).trim();
    expect(secret).toMatch(/^stk_[A-Za-z0-9_-]{40}$/);
    await expect(page.getByTestId('api-key-curl')).toContainText(`${BASE}/task/list`);
    await page.getByTestId('api-key-done').click();
    await expect(dialog).toBeHidden();
    // once closed, the page holds the key no more: only its first characters
    expect(await page.content()).not.toContain(secret);
    const row = list.locator('tr', { hasText: NAME[lang] });
    await expect(row.getByTestId('api-key-prefix')).toHaveText(`${secret.slice(0, API_KEYS.shownChars)}…`);
    await expect(row.getByTestId('api-key-scope')).toHaveText(t('apiKeys.scopes.translate'));
    await expect(row).toContainText(t('apiKeys.never'));

    // a script uploads a file with the key, then lists the user's tasks
    const dir = await mkdtemp(path.join(tmpdir(), 'subtrans-key-'));
    const file = path.join(dir, 'episode-7.srt');
    await writeFile(file, ZORBLA_SRT);
    const made = await curl(secret, [
      '-F',
      `file=@${file}`,
      '-F',
      'targetLanguage=fr',
      `${BASE}/task/create`,
    ]);
    expect(made.body.code, made.body.msg).toBe(20000);
    const listed = await curl(secret, [
      '-H',
      'Content-Type: application/json',
      '-d',
      '{"page":1,"size":10}',
      `${BASE}/task/list`,
    ]);
    expect(listed.body.code, listed.body.msg).toBe(20000);
    expect(JSON.stringify(listed.body.data)).toContain('episode-7.srt');
    // the key's own task is the user's: the dashboard lists it
    await page.goto(`/dashboard?lang=${lang}`);
    await expect(page.getByTestId('task-list')).toContainText('episode-7.srt');

    // revoked on the page (confirmed): the next call of the script is refused
    await page.goto(`/dashboard?view=keys&lang=${lang}`);
    await expect(row).not.toContainText(t('apiKeys.never'));
    await row.getByRole('button', { name: t('apiKeys.revokeNamed', { name: NAME[lang] }) }).click();
    await expect(page.getByText(t('apiKeys.confirmRevoke', { name: NAME[lang] }))).toBeVisible();
    await page.getByTestId('api-key-revoke-confirm').click();
    await expect(page.getByText(t('apiKeys.revoked', { name: NAME[lang] }))).toBeVisible();
    await expect(page.getByTestId('api-keys-empty')).toBeVisible();
    const refused = await curl(secret, [
      '-H',
      'Content-Type: application/json',
      '-d',
      '{"page":1,"size":10}',
      `${BASE}/task/list`,
    ]);
    expect({ status: refused.status, code: refused.body.code }).toEqual({ status: 401, code: 40102 });

    // the webhook: a private address is refused with the reason, a public one gets its secret once
    const hook = page.getByTestId('webhook-card');
    await expect(hook.getByRole('heading', { name: t('apiKeys.webhook.title') })).toBeVisible();
    await expect(hook).toContainText(t('apiKeys.webhook.noDeliveries'));
    await hook.getByTestId('webhook-url-input').fill('https://169.254.169.254/latest/meta-data');
    await hook.getByTestId('webhook-url-input').press('Enter');
    await expect(hook.getByTestId('webhook-error')).toHaveText(errorMessage('WEBHOOK_URL_PRIVATE', lang));
    // a literal public address: nothing is sent to it (no task of this user completes from here on)
    await hook.getByTestId('webhook-url-input').fill('https://93.184.215.14/hooks/subtrans');
    await hook.getByTestId('webhook-save').click();
    await expect(hook.getByTestId('webhook-secret')).toContainText(/whsec_[A-Za-z0-9+/]{32}/);
    await expect(hook.getByTestId('webhook-url')).toHaveText('https://93.184.215.14/hooks/subtrans');
    await page.reload();
    await expect(hook.getByTestId('webhook-url')).toHaveText('https://93.184.215.14/hooks/subtrans');
    await expect(hook.getByTestId('webhook-secret')).toHaveCount(0);
    await hook.getByTestId('webhook-remove').click();
    await page.getByTestId('webhook-remove-confirm').click();
    await expect(page.getByText(t('apiKeys.webhook.removed'))).toBeVisible();
    await expect(hook.getByTestId('webhook-url')).toHaveCount(0);
  });
}

test('API keys on a phone: each key and its revoke button fit the screen', async ({ page }) => {
  await newCustomer(page);
  for (const name of ['phone one', 'phone two']) {
    const made = await page.request.post('/key/create', {
      headers: { Origin: BASE },
      data: { name, scope: 'read' },
    });
    expect(((await made.json()) as Envelope).code).toBe(20000);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard?view=keys&lang=ja');
  for (const name of ['phone one', 'phone two']) {
    const row = page.getByTestId('api-keys-list').locator('tr', { hasText: name });
    const revoke = (await row.getByTestId('api-key-revoke').boundingBox())!;
    expect(revoke.x).toBeGreaterThanOrEqual(0);
    expect(revoke.x + revoke.width).toBeLessThanOrEqual(390);
    await expect(row).toContainText(
      textsOf('ja')('apiKeys.lastUsedShort', { when: textsOf('ja')('apiKeys.never') }),
    );
  }
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});
