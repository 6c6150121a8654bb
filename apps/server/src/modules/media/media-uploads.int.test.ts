import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompletedUpload, UploadPartUrls, UploadTicket } from '@subtrans/contract';
import { TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { putPart } from '../../../test/support/media-upload.js';
import { startSpeechApp, type SpeechApp } from '../../../test/support/speech-app.js';
import { cleanupUploads } from './uploads.service.js';

/** Direct uploads of audio and video to local storage: sizes, resuming, and what is left unfinished. */
describe(`audio and video uploads (${TEST_DB})`, () => {
  let app: SpeechApp;
  let t: TestApp;

  beforeAll(async () => {
    app = await startSpeechApp();
    t = app.t;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it('refuses a file over 3 GB before anything is stored, and a declared size the upload does not match', async () => {
    const u = await t.signUp();
    const big = expectFailure(
      await t.post(
        '/file/sts-credentials',
        { fileName: 'film.mp4', size: 3_221_225_473, type: 2 },
        { as: u.token, headers: { 'accept-language': 'en' } },
      ),
      41301,
      413,
    );
    expect(big.msg).toMatch(/3 GB/);
    // declared 10 bytes, sent 5: the part is accepted, the completion is not, and the object is gone
    const ticket = expectSuccess<UploadTicket>(
      await t.post('/file/sts-credentials', { fileName: 'a.mp3', size: 10, type: 1 }, { as: u.token }),
    );
    const { urls } = expectSuccess<UploadPartUrls>(
      await t.post('/file/upload_parts', { uploadId: ticket.uploadId, partNumbers: [1] }, { as: u.token }),
    );
    const put = await putPart(t, urls[0]!.url, Buffer.from('12345'));
    expectFailure(
      await t.post(
        '/file/complete_upload',
        { uploadId: ticket.uploadId, parts: [{ partNumber: 1, etag: put.etag }] },
        { as: u.token },
      ),
      40908,
      409,
    );
    expect(await t.ctx.storage.head(ticket.objectKey)).toBeNull();
    expectFailure(
      await t.post(
        '/file/submit_check_task',
        { objectKey: ticket.objectKey, type: 1, targetLau: 'en' },
        { as: u.token },
      ),
      40407,
      404,
    );
  });

  it('resumes a multipart upload after an interruption: only the missing part is sent again, the object is whole', async () => {
    const u = await t.signUp();
    const bytes = randomBytes(17 * 1024 * 1024);
    const ticket = expectSuccess<UploadTicket>(
      await t.post(
        '/file/sts-credentials',
        { fileName: 'long.mkv', size: bytes.length, type: 2 },
        { as: u.token },
      ),
    );
    expect(ticket.partCount).toBe(3);
    expect(ticket.partSize).toBe(8 * 1024 * 1024);
    const slice = (n: number) => bytes.subarray((n - 1) * ticket.partSize, n * ticket.partSize);
    const first = expectSuccess<UploadPartUrls>(
      await t.post(
        '/file/upload_parts',
        { uploadId: ticket.uploadId, partNumbers: [1, 2, 3] },
        { as: u.token },
      ),
    );
    const etags: Record<number, string> = {};
    for (const n of [1, 3])
      etags[n] = (await putPart(t, first.urls.find((x) => x.partNumber === n)!.url, slice(n))).etag;
    // part 2 broke off half-way (the connection dropped)
    const url2 = first.urls.find((x) => x.partNumber === 2)!.url;
    await putPart(t, url2, slice(2).subarray(0, 1000));
    // someone else cannot continue, complete or abort it
    const stranger = await t.signUp();
    expectFailure(
      await t.post(
        '/file/upload_parts',
        { uploadId: ticket.uploadId, partNumbers: [2] },
        { as: stranger.token },
      ),
      40406,
      404,
    );
    // the owner resumes with part 2 only
    const again = expectSuccess<UploadPartUrls>(
      await t.post('/file/upload_parts', { uploadId: ticket.uploadId, partNumbers: [2] }, { as: u.token }),
    );
    expect(again.urls.map((x) => x.partNumber)).toEqual([2]);
    etags[2] = (await putPart(t, again.urls[0]!.url, slice(2))).etag;
    // a part URL opens only its own part of its own upload
    const forged = again.urls[0]!.url.replace('p=2', 'p=3');
    expect((await putPart(t, forged, slice(3))).status).toBe(403);
    expectFailure(
      await t.post(
        '/file/complete_upload',
        { uploadId: ticket.uploadId, parts: [1, 3].map((n) => ({ partNumber: n, etag: etags[n]! })) },
        { as: u.token },
      ),
      40908,
      409,
    );
    const done = expectSuccess<CompletedUpload>(
      await t.post(
        '/file/complete_upload',
        { uploadId: ticket.uploadId, parts: [1, 2, 3].map((n) => ({ partNumber: n, etag: etags[n]! })) },
        { as: u.token },
      ),
    );
    expect(done.size).toBe(bytes.length);
    const stored = await t.ctx.storage.get(ticket.objectKey);
    const chunks: Buffer[] = [];
    for await (const c of stored!.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    // a completed upload takes no more parts
    expectFailure(
      await t.post('/file/upload_parts', { uploadId: ticket.uploadId, partNumbers: [1] }, { as: u.token }),
      40406,
      404,
    );
    // another user cannot make a task of it; the owner can, once
    expectFailure(
      await t.post(
        '/file/submit_check_task',
        { objectKey: ticket.objectKey, type: 2 },
        { as: stranger.token },
      ),
      40407,
      404,
    );
    expectSuccess(
      await t.post('/file/submit_check_task', { objectKey: ticket.objectKey, type: 2 }, { as: u.token }),
    );
    expectFailure(
      await t.post('/file/submit_check_task', { objectKey: ticket.objectKey, type: 2 }, { as: u.token }),
      40407,
      404,
    );
  });

  it('aborts uploads left unfinished for a day (their parts are deleted) and refuses them afterwards', async () => {
    const u = await t.signUp();
    const ticket = expectSuccess<UploadTicket>(
      await t.post('/file/sts-credentials', { fileName: 'left.mp4', size: 100, type: 2 }, { as: u.token }),
    );
    const { urls } = expectSuccess<UploadPartUrls>(
      await t.post('/file/upload_parts', { uploadId: ticket.uploadId, partNumbers: [1] }, { as: u.token }),
    );
    expect((await putPart(t, urls[0]!.url, Buffer.alloc(50))).status).toBe(200);
    const fresh = await cleanupUploads(t.ctx);
    expect(fresh).toBe(0);
    await t.ctx.db.query(`UPDATE media_uploads SET created_at = now() - interval '25 hours' WHERE id = $1`, [
      ticket.uploadId,
    ]);
    expect(await cleanupUploads(t.ctx)).toBe(1);
    const [row] = await t.ctx.db.query<{ status: string }>(`SELECT status FROM media_uploads WHERE id = $1`, [
      ticket.uploadId,
    ]);
    expect(row!.status).toBe('aborted');
    // the part URL no longer takes data, and the upload cannot be completed
    expect((await putPart(t, urls[0]!.url, Buffer.alloc(50))).status).toBe(404);
    expectFailure(
      await t.post(
        '/file/complete_upload',
        { uploadId: ticket.uploadId, parts: [{ partNumber: 1, etag: '"x"' }] },
        { as: u.token },
      ),
      40406,
      404,
    );
  });
});
