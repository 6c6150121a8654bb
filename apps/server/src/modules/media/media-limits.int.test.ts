import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview, Task, UploadPartUrls, UploadTicket } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { envelope, expectFailure, expectSuccess } from '../../../test/support/http.js';
import { putPart, uploadMedia } from '../../../test/support/media-upload.js';
import { makeShotsVideo } from '../../../test/support/media.js';
import { STORAGE_KINDS, storageEnv, submitMedia } from '../../../test/support/media-storage.js';
import { grantPoints, makeSrt, uploadSrt } from '../../../test/support/tasks.js';
import { until } from '../../../test/support/until.js';
import { getBalance } from '../billing/ledger.service.js';

/** the user's upload rows (any state) and their declared bytes */
async function uploadsOf(t: TestApp, userId: number) {
  const [row] = await t.ctx.db.query<{ n: number; bytes: number }>(
    `SELECT count(*)::int AS n, coalesce(sum(size_bytes), 0)::float8 AS bytes FROM media_uploads WHERE user_id = $1`,
    [userId],
  );
  return { n: row!.n, bytes: Number(row!.bytes) };
}

describe.each(STORAGE_KINDS)(`audio/video without speech recognition (%s storage, ${TEST_DB})`, (kind) => {
  let t: TestApp;
  let storage: Awaited<ReturnType<typeof storageEnv>>;
  let dir: string;
  let video: Awaited<ReturnType<typeof makeShotsVideo>>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-no-speech-'));
    video = await makeShotsVideo(dir, { shots: 2, secondsEach: 1, tone: true, fileName: 'film.mp4' });
    storage = await storageEnv(kind);
    // a translation engine is there; only speech recognition is missing
    t = await startTestApp({
      queue: true,
      env: { DEEPSEEK_API_KEY: 'k', DEEPSEEK_BASE_URL: 'http://127.0.0.1:9', ...storage.env },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await storage?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('transcribes nothing: a submit is refused with the reason; a subtitle file is still given its video', async () => {
    const status = expectSuccess<{ available: boolean }>(await t.post('/file/speech_status', {}));
    expect(status.available).toBe(false);
    const u = await t.signUp();
    // the upload itself is taken (issue 38: a subtitle file's video needs no speech recognition)
    const up = await uploadMedia(t, u.token, { path: video.path, name: 'film.mp4', type: 2 });
    const submit = () =>
      t.post(
        '/file/submit_check_task',
        { objectKey: up.objectKey, type: 2, targetLau: 'en' },
        { as: u.token },
      );
    const zh = expectFailure(await submit(), 50303, 503);
    expect(zh.msg).toBe('此站点未配置语音识别，暂不能转写音视频；SRT 字幕文件仍可翻译');
    expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: u.token }));
    const en = expectFailure(await submit(), 50303, 503);
    expect(en.msg).toBe(
      'Speech recognition is not configured on this site, so audio and video cannot be transcribed; SRT subtitle files can still be translated',
    );
    expect(await t.ctx.db.query(`SELECT id FROM tasks WHERE user_id = $1`, [u.id])).toEqual([]);

    // the same upload given to a subtitle file's task: played and drawn, nothing charged
    await grantPoints(t, u.id, 100);
    const task = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'film.srt', data: makeSrt(2) }));
    const before = await getBalance(t.ctx.db, u.id);
    expectSuccess(
      await t.post('/file/attach_media', { taskId: task.id, objectKey: up.objectKey }, { as: u.token }),
    );
    const drawn = await until(async () => {
      const o = expectSuccess<Overview>(await t.post('/file/overview', { taskId: task.id }, { as: u.token }));
      return o.state === 'ready' ? o : null;
    }, 30_000);
    expect(drawn.shotChangesMs).toHaveLength(video.cutsMs.length);
    expect(await getBalance(t.ctx.db, u.id)).toBe(before);
  });
});

/** 100,000 bytes exactly (MEDIA_MAX_STORED_GB is in GB of 2^30 bytes) */
const CAP_BYTES = 100_000;
const CAP_GB = String(CAP_BYTES / 1024 ** 3);

describe.each(STORAGE_KINDS)(`per-user upload caps (%s storage, ${TEST_DB})`, (kind) => {
  let t: TestApp;
  let other: Awaited<ReturnType<TestApp['secondServer']>>;
  let storage: Awaited<ReturnType<typeof storageEnv>>;
  beforeAll(async () => {
    storage = await storageEnv(kind);
    t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: 'k',
        DEEPSEEK_BASE_URL: 'http://127.0.0.1:9',
        // configured, never called here: uploads are taken in
        STT_BASE_URL: 'http://127.0.0.1:9/v1',
        MEDIA_MAX_OPEN_UPLOADS: '2',
        MEDIA_MAX_STORED_GB: CAP_GB,
        ...storage.env,
      },
    });
    other = await t.secondServer();
  }, 60_000);
  afterAll(async () => {
    await other?.close();
    await t?.close();
    await storage?.close();
  });

  const start = (token: string, size: number, app: 'first' | 'second' = 'first') => {
    const body = JSON.stringify({ fileName: 'clip.mp3', size, type: 1 });
    return (app === 'first' ? t.app : other.app).inject({
      method: 'POST',
      url: '/file/sts-credentials',
      headers: {
        'content-type': 'application/json',
        cookie: `user_sessionid=${token}`,
        origin: 'http://localhost:80',
      },
      payload: body,
    });
  };

  /** a user who reads English (a stored language wins over Accept-Language) */
  const englishUser = async () => {
    const u = await t.signUp();
    expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: u.token }));
    return u;
  };

  it('refuses a third open upload, saying how many are open and the cap; a finished or cancelled one frees its place', async () => {
    const u = await englishUser();
    const a = expectSuccess<UploadTicket>(await start(u.token, 10));
    const b = expectSuccess<UploadTicket>(await start(u.token, 10));
    const third = expectFailure(await start(u.token, 10), 42920, 429);
    expect(third.msg).toBe(
      'You already have 2 uploads in progress (at most 2): finish or cancel one of them first; unfinished uploads are removed after 24 hours',
    );
    expect(third.data).toEqual({ open: 2, max: 2 });
    // nothing was left behind by the refusal
    expect((await uploadsOf(t, u.id)).n).toBe(2);
    // another user has places of their own
    const v = await t.signUp();
    expectSuccess(await start(v.token, 10));

    expectSuccess(await t.post('/file/abort_upload', { uploadId: a.uploadId }, { as: u.token }));
    expectSuccess(await start(u.token, 10));
    expectFailure(await start(u.token, 10), 42920, 429);
    // completing b frees its place (a completed upload is no longer open)
    const { urls } = expectSuccess<UploadPartUrls>(
      await t.post('/file/upload_parts', { uploadId: b.uploadId, partNumbers: [1] }, { as: u.token }),
    );
    const put = await putPart(t, urls[0]!.url, randomBytes(10));
    expectSuccess(
      await t.post(
        '/file/complete_upload',
        { uploadId: b.uploadId, parts: [{ partNumber: 1, etag: put.etag }] },
        { as: u.token },
      ),
    );
    expectSuccess(await start(u.token, 10));
  });

  it('counts open and unused uploads and the media of live tasks against the stored-bytes cap, and says what is used', async () => {
    const u = await englishUser();
    // a task (its detection fails: random bytes are no media; the file is still stored)
    const task = await submitMedia(t, u.token, { bytes: randomBytes(40_000), name: 'a.mp3', type: 1 });
    // a completed upload never submitted
    await uploadMedia(t, u.token, { bytes: randomBytes(30_000), name: 'b.mp3', type: 1 });
    const full = expectFailure(await start(u.token, 30_001), 42921, 429);
    expect(full.msg).toBe(
      'Not enough audio/video storage: 68.4 KB used, this file is 29.3 KB, the limit is 97.7 KB. Delete audio/video tasks you no longer need, or cancel uploads in progress',
    );
    expect(full.data).toMatchObject({ usedBytes: 70_000, sizeBytes: 30_001, maxBytes: CAP_BYTES });
    // exactly up to the cap is allowed; an open upload counts by its declared size
    const open = expectSuccess<UploadTicket>(await start(u.token, 30_000));
    expectFailure(await start(u.token, 1), 42921, 429);
    expectSuccess(await t.post('/file/abort_upload', { uploadId: open.uploadId }, { as: u.token }));
    expectSuccess(await start(u.token, 1));
    // a deleted task's media no longer counts
    expectSuccess(await t.post('/task/delete', { id: task.taskId }, { as: u.token }));
    expectSuccess(await start(u.token, 39_999));
    expectFailure(await start(u.token, 1), 42920, 429);
  });

  it('lets concurrent starts (on two servers) pass neither cap together', async () => {
    const u = await t.signUp();
    const opens = await Promise.all(
      Array.from({ length: 8 }, (_, i) => start(u.token, 10, i % 2 ? 'second' : 'first')),
    );
    const codes = opens.map((r) => envelope(r).code);
    expect(codes.filter((c) => c === 20000)).toHaveLength(2);
    expect(codes.filter((c) => c === 42920)).toHaveLength(6);

    const w = await t.signUp();
    const big = await Promise.all(
      Array.from({ length: 6 }, (_, i) => start(w.token, 60_000, i % 2 ? 'second' : 'first')),
    );
    const bigCodes = big.map((r) => envelope(r).code);
    expect(bigCodes.filter((c) => c === 20000)).toHaveLength(1);
    expect(bigCodes.filter((c) => c === 42921)).toHaveLength(5);
    expect(await uploadsOf(t, w.id)).toEqual({ n: 1, bytes: 60_000 });
  });
});
