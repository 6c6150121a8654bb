import type { LightMyRequestResponse } from 'fastify';
import type { Task } from '@subtrans/contract';
import { formatSrtTime } from '@subtrans/subtitles';
import { ADMIN, type TestApp } from '../harness.js';
import { grant } from '../../src/modules/billing/ledger.service.js';
import { expectSuccess, multipart, OWN_ORIGIN } from './http.js';
import { until } from './until.js';

/** POST /task/create as `token` with an SRT file (or none) and the upload form's fields. */
export function uploadSrt(
  t: TestApp,
  token: string,
  file: { name: string; data: Buffer | string } | null,
  fields: Record<string, string> = { targetLanguage: 'ja' },
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const { payload, contentType } = multipart([
    ...Object.entries(fields).map(([name, data]) => ({ name, data })),
    ...(file
      ? [{ name: 'file', filename: file.name, contentType: 'application/x-subrip', data: file.data }]
      : []),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/task/create',
    headers: {
      ...headers,
      'content-type': contentType,
      cookie: `user_sessionid=${token}`,
      origin: OWN_ORIGIN,
    },
    payload,
  });
}

/** An SRT of `count` cues, 6 s apart, each 2 s long, with the text `line N …`. */
/** line `i` (from 1) of the tests' film */
export const filmLine = (i: number) => `This is line number ${i} of the test film.`;

export function makeSrt(count: number, text = filmLine) {
  const cues = Array.from({ length: count }, (_, k) => {
    const i = k + 1;
    const start = k * 6000;
    return `${i}\r\n${formatSrtTime(start)} --> ${formatSrtTime(start + 2000)}\r\n${text(i)}\r\n`;
  });
  return cues.join('\r\n');
}

/**
 * An SRT of `lines` in 7 s cues 10 s apart: room for any short translation (nothing condensed),
 * and no timing fault (7 s is the longest the norms allow).
 */
export const roomySrt = (lines: readonly string[]) =>
  lines
    .map(
      (text, k) =>
        `${k + 1}\n${formatSrtTime(k * 10_000)} --> ${formatSrtTime(k * 10_000 + 7000)}\n${text}\n`,
    )
    .join('\n');

/** Gives `userId` points as the first manager would. */
export async function grantPoints(t: TestApp, userId: number, points: number): Promise<void> {
  const [admin] = await t.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [
    ADMIN.email,
  ]);
  await grant(t.ctx.db, admin!.id, userId, points, { note: 'test' });
}

/** Uploads `srt` as `token`, starts it and waits until it is completed (the user needs the points). */
export async function completedTaskOf(
  t: TestApp,
  token: string,
  srt: string,
  name = 'film.srt',
): Promise<Task> {
  const created = expectSuccess<Task>(await uploadSrt(t, token, { name, data: srt }));
  expectSuccess(await t.post('/task/start', { id: created.id }, { as: token }));
  return until(async () => {
    const task = expectSuccess<Task>(await t.post('/task/get', { id: created.id }, { as: token }));
    return task.status === 'completed' && task;
  });
}
