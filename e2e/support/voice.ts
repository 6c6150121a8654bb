import { expect, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';
import { codeFromMail, uniqueEmail } from './mailbox.js';
import { grantToCurrentUser } from './points.js';

const BASE = `http://localhost:${E2E_PORT}`;

export const srtFile = (name: string, text: string, mimeType = 'application/x-subrip') => ({
  name,
  mimeType,
  buffer: Buffer.from(text, 'utf8'),
});

const sec = (n: number) => String(n).padStart(2, '0');

/**
 * A short English film: "Zorbla" recurs (the local engine's brief proposes it as ZORBLA) and
 * "warp drive" is left for a glossary.
 */
export const ZORBLA_SRT = [
  'Where is Zorbla now?',
  'The warp drive is broken.',
  'Tell Zorbla to fix the warp drive.',
  'We wait here.',
]
  // 4 s each: no line is over its reading speed, so no call shortens one
  .map((text, k) => `${k + 1}\r\n00:00:${sec(k * 5)},000 --> 00:00:${sec(k * 5 + 4)},000\r\n${text}\r\n`)
  .join('\r\n');

/** A select of antd: opened, searched, the option clicked. */
export async function chooseOption(page: Page, testId: string, search: string, option: string) {
  // on a loaded machine a click can land while the list is still filtering or moving: the choice is
  // checked, and made again until the field shows it
  await expect(async () => {
    await page.getByTestId(testId).click();
    // a try that failed left its search typed: replaced, not added to
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(search);
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText(option, { exact: true })
      .click({ timeout: 5_000 });
    await expect(page.getByTestId(testId)).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 45_000 });
}

/**
 * A new user signed in on `page` with `points` to spend, registered through the API (its session
 * cookie lands in the page's context): the sign-up pages have tests of their own, and these tests
 * run once a language, so a second each counts.
 */
export async function newCustomer(page: Page, points = 100) {
  const email = uniqueEmail('voice');
  const pass = 'e2e-secret-1';
  const post = async (path: string, data: object) => {
    const body = (await (await page.request.post(path, { headers: { Origin: BASE }, data })).json()) as {
      code: number;
      msg: string;
    };
    expect(body.code, `${path}: ${body.msg}`).toBe(20000);
  };
  await post('/user/send_code', { email });
  await post('/user/register', {
    email,
    name: 'Voice Customer',
    pass,
    code: await codeFromMail(email),
  });
  if (points) await grantToCurrentUser(page, points);
  return { email, pass };
}

/** Setup shortcut: a glossary of the signed-in user, saved through the API. */
export async function savedGlossary(
  page: Page,
  name: string,
  targetLanguage: string,
  entries: { source: string; target: string }[],
) {
  const res = await page.request.post('/glossary/save', {
    headers: { Origin: BASE },
    data: {
      name,
      sourceLanguage: 'auto',
      targetLanguage,
      entries: entries.map((e) => ({ ...e, note: '', keep: false, caseSensitive: false })),
    },
  });
  const body = (await res.json()) as { code: number; msg: string; data: { id: string } };
  expect(body.code, body.msg).toBe(20000);
  return body.data.id;
}

/** The task's status and voice as the server reports them. */
export async function taskOf(page: Page, id: string) {
  const res = await page.request.post('/task/get', { headers: { Origin: BASE }, data: { id } });
  return ((await res.json()) as { data: { status: string; voice: { awaitingReview: boolean } } }).data;
}
