import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CompletedUpload,
  DetectionState,
  DownloadUrl,
  ExecutionState,
  TaskWithSegments,
  UploadPartUrls,
  UploadTicket,
} from '@subtrans/contract';
import { parseSrt } from '@subtrans/subtitles';
import { TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectSuccess } from '../../../test/support/http.js';
import { makeSpeechMedia } from '../../../test/support/media.js';
import { putPart, uploadMedia } from '../../../test/support/media-upload.js';
import { S3_TEST_CREDENTIALS, startS3Server } from '../../../test/support/s3-server.js';
import { grantPoints } from '../../../test/support/tasks.js';
import { startSpeechApp, type SpeechApp } from '../../../test/support/speech-app.js';
import { until } from '../../../test/support/until.js';

describe(`audio and video on S3-compatible storage, long audio in chunks (${TEST_DB})`, () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let app: SpeechApp;
  let stt: SpeechApp['stt'];
  let t: TestApp;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-s3-'));
    s3 = await startS3Server();
    app = await startSpeechApp({
      // about 3 s of 16 kHz mono audio per request: a 12 s file goes in several pieces
      STT_MAX_UPLOAD_MB: '0.1',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
    ({ t, stt } = app);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('uploads straight to the bucket with presigned part URLs, probes through a presigned URL and transcribes in chunks merged in order', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 20);
    const video = await makeSpeechMedia(dir, {
      text: 'The first sentence is here. Then a second one follows. A third sentence closes the test.',
      format: 'mkv',
      fileName: 'three.mkv',
      padSeconds: 1,
    });
    const up = await uploadMedia(t, u.token, { path: video.path, name: 'three.mkv', type: 2 });
    expect(up.ticket.objectKey).toMatch(/^translated-videos\/file_\d+_[0-9a-f]+\.mkv$/);
    expect(await t.ctx.storage.head(up.objectKey)).toEqual({ size: video.bytes });
    const { taskId } = expectSuccess<{ taskId: string }>(
      await t.post(
        '/file/submit_check_task',
        { objectKey: up.objectKey, type: 2, targetLau: 'de' },
        { as: u.token },
      ),
    );
    const d = await until(async () => {
      const x = expectSuccess<DetectionState>(await t.post('/file/check_task', { taskId }, { as: u.token }));
      return x.status >= 4 ? x : null;
    }, 30_000);
    expect(d.status).toBe(4);
    expectSuccess(
      await t.post('/file/submit_execute_task', { taskId, targetLau: 'de', transEngin: 2 }, { as: u.token }),
    );
    const e = await until(async () => {
      const x = expectSuccess<ExecutionState>(
        await t.post('/file/check_execute_task', { taskId }, { as: u.token }),
      );
      return x.status >= 4 ? x : null;
    }, 60_000);
    expect(e.status).toBe(4);
    expect(stt.requests.length).toBeGreaterThan(1);
    // every piece stays under the limit the engine was given
    for (const r of stt.requests) expect(r.bytes).toBeLessThan(0.1 * 1024 * 1024 + 4096);
    const total = stt.requests.reduce((sum, r) => sum + r.durationMs, 0);
    expect(Math.abs(total - video.durationMs)).toBeLessThan(400);
    const task = expectSuccess<TaskWithSegments>(await t.post('/task/get', { id: taskId }, { as: u.token }));
    let last = 0;
    for (const s of task.segments) {
      const start = parseSrt(`1\n${s.startTime} --> ${s.endTime}\nx\n`)[0]!;
      expect(start.startMs).toBeGreaterThanOrEqual(last);
      last = start.endMs;
    }
    // the cues reach into the last piece of the audio
    expect(last).toBeGreaterThan(video.durationMs - 4000);
    // the result is in the bucket
    expect(await t.ctx.storage.head(e.srtObjectKey!)).not.toBeNull();
    const link = expectSuccess<DownloadUrl>(
      await t.post('/file/sts-down-credentials', { taskId }, { as: u.token }),
    );
    expect(link.url.startsWith(s3.endpoint)).toBe(true);
    const head = await fetch(link.url, { headers: { range: 'bytes=0-3' } });
    expect(head.status).toBe(206);
  });

  it('resumes a multipart upload to the bucket after an interruption', async () => {
    const u = await t.signUp();
    const bytes = randomBytes(17 * 1024 * 1024);
    const ticket = expectSuccess<UploadTicket>(
      await t.post(
        '/file/sts-credentials',
        { fileName: 'long.webm', size: bytes.length, type: 2 },
        { as: u.token },
      ),
    );
    const slice = (n: number) => bytes.subarray((n - 1) * ticket.partSize, n * ticket.partSize);
    const first = expectSuccess<UploadPartUrls>(
      await t.post(
        '/file/upload_parts',
        { uploadId: ticket.uploadId, partNumbers: [1, 2, 3] },
        { as: u.token },
      ),
    );
    for (const x of first.urls) expect(x.url.startsWith(s3.endpoint)).toBe(true);
    const etags: Record<number, string> = {};
    for (const n of [1, 3])
      etags[n] = (await putPart(t, first.urls.find((x) => x.partNumber === n)!.url, slice(n))).etag;
    // the connection dropped before part 2: after a reload the browser asks for it alone
    const again = expectSuccess<UploadPartUrls>(
      await t.post('/file/upload_parts', { uploadId: ticket.uploadId, partNumbers: [2] }, { as: u.token }),
    );
    etags[2] = (await putPart(t, again.urls[0]!.url, slice(2))).etag;
    const done = expectSuccess<CompletedUpload>(
      await t.post(
        '/file/complete_upload',
        { uploadId: ticket.uploadId, parts: [3, 1, 2].map((n) => ({ partNumber: n, etag: etags[n]! })) },
        { as: u.token },
      ),
    );
    expect(done.size).toBe(bytes.length);
    const stored = await t.ctx.storage.get(ticket.objectKey);
    const chunks: Buffer[] = [];
    for await (const c of stored!.body) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });
});
