import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config.js';
import { grantToCurrentUser } from './points.js';

const BASE = `http://localhost:${E2E_PORT}`;

/** One call of the signed-in page's session, its envelope's data (the code checked). */
async function call<T>(page: Page, url: string, data: unknown): Promise<T> {
  const res = await page.request.post(url, { headers: { Origin: BASE }, data });
  const body = (await res.json()) as { code: number; msg: string; data: T };
  expect(body.code, `${url}: ${body.msg}`).toBe(20000);
  return body.data;
}

/**
 * A completed audio/video task of the signed-in user, made through the calls the upload dialog
 * makes (direct upload in parts, detection, execution): the media tests that are about the
 * editor need not click through the upload each time.
 */
export async function completedMediaTask(
  page: Page,
  file: string,
  opts: { type?: 1 | 2; target?: string; points?: number } = {},
): Promise<{ id: string }> {
  await grantToCurrentUser(page, opts.points ?? 50);
  const bytes = await readFile(file);
  const type = opts.type ?? 2;
  const ticket = await call<{ uploadId: string; objectKey: string; partSize: number; partCount: number }>(
    page,
    '/file/sts-credentials',
    {
      fileName: path.basename(file),
      size: bytes.length,
      contentType: type === 2 ? 'video/mp4' : 'audio/mpeg',
      type,
    },
  );
  const partNumbers = Array.from({ length: ticket.partCount }, (_, i) => i + 1);
  const { urls } = await call<{ urls: { partNumber: number; url: string }[] }>(page, '/file/upload_parts', {
    uploadId: ticket.uploadId,
    partNumbers,
  });
  const parts = [];
  for (const { partNumber, url } of urls) {
    const from = (partNumber - 1) * ticket.partSize;
    const put = await page.request.put(url, {
      headers: { Origin: BASE },
      data: bytes.subarray(from, from + ticket.partSize),
    });
    expect(put.status(), `part ${partNumber}`).toBe(200);
    parts.push({ partNumber, etag: put.headers()['etag']! });
  }
  await call(page, '/file/complete_upload', { uploadId: ticket.uploadId, parts });
  const { taskId } = await call<{ taskId: string }>(page, '/file/submit_check_task', {
    objectKey: ticket.objectKey,
    type,
    targetLau: opts.target ?? 'fr',
  });
  await expect
    .poll(async () => (await call<{ status: number }>(page, '/file/check_task', { taskId })).status, {
      timeout: 60_000,
    })
    .toBe(4);
  await call(page, '/file/submit_execute_task', { taskId, targetLau: opts.target ?? 'fr' });
  await expect
    .poll(async () => (await call<{ status: string }>(page, '/task/get', { id: taskId })).status, {
      timeout: 90_000,
    })
    .toBe('completed');
  return { id: taskId };
}
