import { readFile } from 'node:fs/promises';
import type { CompletedUpload, UploadPartUrls, UploadTicket } from '@subtrans/contract';
import type { TestApp } from '../harness.js';
import { expectSuccess, OWN_ORIGIN } from './http.js';

/** PUTs one part to a presigned URL: through the app for local disk (relative URL), over HTTP for S3. */
export async function putPart(
  t: TestApp,
  url: string,
  body: Buffer,
): Promise<{ status: number; etag: string }> {
  if (url.startsWith('/')) {
    const res = await t.app.inject({
      method: 'PUT',
      url,
      headers: { 'content-type': 'application/octet-stream', origin: OWN_ORIGIN },
      payload: body,
    });
    return { status: res.statusCode, etag: String(res.headers.etag ?? '') };
  }
  const res = await fetch(url, { method: 'PUT', body });
  await res.arrayBuffer();
  return { status: res.status, etag: res.headers.get('etag') ?? '' };
}

/** The browser's side of the direct upload protocol: start, PUT every part, complete. */
export async function uploadMedia(
  t: TestApp,
  token: string,
  file: { path?: string; bytes?: Buffer; name: string; type: 1 | 2 },
): Promise<CompletedUpload & { ticket: UploadTicket }> {
  const bytes = file.bytes ?? (await readFile(file.path!));
  const ticket = expectSuccess<UploadTicket>(
    await t.post(
      '/file/sts-credentials',
      { fileName: file.name, size: bytes.length, contentType: 'application/octet-stream', type: file.type },
      { as: token },
    ),
  );
  const numbers = Array.from({ length: ticket.partCount }, (_, i) => i + 1);
  const { urls } = expectSuccess<UploadPartUrls>(
    await t.post('/file/upload_parts', { uploadId: ticket.uploadId, partNumbers: numbers }, { as: token }),
  );
  const parts = [];
  for (const { partNumber, url } of urls) {
    // local disk: the app's own signed route; S3: the bucket's endpoint, never this app
    if (!url.startsWith('/storage/part?') && !/^https?:\/\//.test(url))
      throw new Error(`unexpected part URL ${url}`);
    const slice = bytes.subarray((partNumber - 1) * ticket.partSize, partNumber * ticket.partSize);
    const put = await putPart(t, url, slice);
    if (put.status !== 200) throw new Error(`part ${partNumber}: HTTP ${put.status}`);
    parts.push({ partNumber, etag: put.etag });
  }
  const done = expectSuccess<CompletedUpload>(
    await t.post('/file/complete_upload', { uploadId: ticket.uploadId, parts }, { as: token }),
  );
  return { ...done, ticket };
}
