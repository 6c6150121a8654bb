import { readFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { parseSrt } from '@subtrans/subtitles';
import { E2E_PORT } from '../playwright.config.js';
import { newCustomer } from './voice.js';
import { englishSrt, grantToCurrentUser } from './points.js';

const BASE = `http://localhost:${E2E_PORT}`;

/**
 * Setup shortcut: a completed task of the user signed in on `page` (created through the API), of
 * `cues` English lines 6 s apart, or of the given `srt` (at most 10 minutes and 10,000 characters).
 */
export async function completedTask(
  page: Page,
  opts: {
    cues?: number;
    target?: string;
    name?: string;
    srt?: string;
    /** more fields of /task/create (translationService, …) */
    fields?: Record<string, string>;
  } = {},
) {
  const cues = opts.cues ?? 12;
  await grantToCurrentUser(page, opts.srt ? 100 : Math.ceil((cues * 6) / 60) * 10 + 10);
  const srt = opts.srt ?? englishSrt(cues);
  const created = await page.request.post('/task/create', {
    headers: { Origin: BASE },
    multipart: {
      targetLanguage: opts.target ?? 'fr',
      ...opts.fields,
      file: { name: opts.name ?? 'scene.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(srt) },
    },
  });
  const { data: task } = (await created.json()) as { data: { id: string } };
  const started = (await (
    await page.request.post('/task/start', { headers: { Origin: BASE }, data: { id: task.id } })
  ).json()) as { code: number; msg: string };
  expect(started.code, started.msg).toBe(20000);
  await expect
    .poll(
      async () => {
        const res = await page.request.post('/task/get', {
          headers: { Origin: BASE },
          data: { id: task.id },
        });
        return ((await res.json()) as { data: { status: string } }).data.status;
      },
      { timeout: 60_000 },
    )
    .toBe('completed');
  return { id: task.id, srt };
}

/**
 * Setup shortcut: a new user, registered through the API (its session in the page's context; the
 * sign-up page has tests of its own: auth.spec.ts), with a completed task. The page is left where
 * it was: the tests open the page they test.
 */
export async function newUserWithTask(page: Page, opts: Parameters<typeof completedTask>[1] = {}) {
  const user = await newCustomer(page, 0);
  return { ...user, ...(await completedTask(page, opts)) };
}

/** The editor's "export SRT" as downloaded: its suggested name and its cues. */
export async function exportedSrt(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByTestId('editor-export')
      .click()
      .then(() => page.getByTestId('export-srt').click()),
  ]);
  return {
    name: download.suggestedFilename(),
    cues: parseSrt(await readFile(await download.path(), 'utf8')),
  };
}
