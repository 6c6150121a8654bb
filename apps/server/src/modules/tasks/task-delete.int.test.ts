import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@subtrans/contract';
import { TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectSuccess } from '../../../test/support/http.js';
import { makeSpeechMedia, type MadeMedia } from '../../../test/support/media.js';
import {
  deleteFailsOnce,
  detection,
  execution,
  STORAGE_KINDS,
  storageEnv,
  submitMedia,
} from '../../../test/support/media-storage.js';
import { grantPoints, makeSrt, uploadSrt } from '../../../test/support/tasks.js';
import { startSpeechApp, type SpeechApp } from '../../../test/support/speech-app.js';
import { until } from '../../../test/support/until.js';
import { getBalance, getHeld } from '../billing/ledger.service.js';
import { MEDIA_EXECUTE_JOB } from '../media/media-job-names.js';
import { purgeObjects } from '../storage/object-deletions.service.js';
import { TRANSLATE_JOB } from './run/run-options.js';

describe.each(STORAGE_KINDS)(`deleting a task deletes what it stored (%s storage, ${TEST_DB})`, (kind) => {
  let dir: string;
  let mp3: MadeMedia;
  let stt: SpeechApp['stt'];
  let engine: SpeechApp['engine'];
  let storage: Awaited<ReturnType<typeof storageEnv>>;
  let t: TestApp;
  let app: SpeechApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'task-delete-'));
    mp3 = await makeSpeechMedia(dir, { text: 'Good morning. This is a short test.', format: 'mp3' });
    storage = await storageEnv(kind);
    app = await startSpeechApp({
      TRANSLATE_BATCH_SIZE: '1',
      TRANSLATE_CONCURRENCY: '1',
      ...storage.env,
    });
    ({ t, engine, stt } = app);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await storage?.close();
    await rm(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    stt.setDelay(0);
    engine.setDelay(0);
  });

  const row = async (id: string) => {
    const [r] = await t.ctx.db.query<{
      status: string;
      deleted_at: Date | null;
      result_key: string | null;
      media_key: string | null;
      job_id: string | null;
    }>(`SELECT status, deleted_at, result_key, media_key, job_id FROM tasks WHERE id = $1`, [id]);
    return r!;
  };
  const segmentCount = async (id: string) => {
    const [r] = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM task_segments WHERE task_id = $1`,
      [id],
    );
    return r!.n;
  };
  const queued = () =>
    t.ctx.db.query<{ object_key: string; attempts: number }>(`SELECT * FROM storage_deletions`);

  async function completedSrtTask(token: string) {
    const created = expectSuccess<Task>(
      await uploadSrt(t, token, { name: 'film.srt', data: makeSrt(3) }, { targetLanguage: 'ja' }),
    );
    expectSuccess(await t.post('/task/start', { id: created.id }, { as: token }));
    await until(async () => (await row(created.id)).status === 'completed', 30_000);
    return created.id;
  }

  it('removes the segments and the stored objects: an SRT task’s result; a media task’s result and media', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 30);
    const srt = await completedSrtTask(u.token);
    const srtResult = (await row(srt)).result_key!;
    expect(await t.ctx.storage.head(srtResult)).not.toBeNull();
    expect(await segmentCount(srt)).toBe(3);

    const media = await submitMedia(t, u.token, { path: mp3.path, name: 'talk.mp3', type: 1 });
    await detection(t, u.token, media.taskId);
    const executed = await execution(t, u.token, media.taskId);
    expect(executed.status).toBe(4);
    expect(await segmentCount(media.taskId)).toBeGreaterThan(0);

    for (const id of [srt, media.taskId])
      expectSuccess(await t.post('/task/delete', { id }, { as: u.token }));
    for (const key of [srtResult, executed.srtObjectKey!, media.objectKey])
      expect(await t.ctx.storage.head(key)).toBeNull();
    for (const id of [srt, media.taskId]) {
      expect(await segmentCount(id)).toBe(0);
      // the row stays, soft-deleted (ledger entries refer to it)
      expect((await row(id)).deleted_at).not.toBeNull();
    }
    expect(await queued()).toEqual([]);
  });

  it('loses no deletion when the storage fails at that moment: the object stays queued and the sweep deletes it', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 10);
    const media = await submitMedia(t, u.token, { path: mp3.path, name: 'talk.mp3', type: 1 });
    await detection(t, u.token, media.taskId);
    const executed = await execution(t, u.token, media.taskId);
    const real = t.ctx.storage;
    const flaky = deleteFailsOnce(real);
    t.ctx.storage = flaky;
    try {
      expectSuccess(await t.post('/task/delete', { id: media.taskId }, { as: u.token }));
    } finally {
      t.ctx.storage = real;
    }
    // the result's deletion failed, the media's went through
    expect(flaky.failedKeys).toEqual([executed.srtObjectKey]);
    expect(await t.ctx.storage.head(executed.srtObjectKey!)).not.toBeNull();
    expect(await t.ctx.storage.head(media.objectKey)).toBeNull();
    expect(await queued()).toMatchObject([{ object_key: executed.srtObjectKey, attempts: 1 }]);
    // retried later, not at once
    expect(await purgeObjects(t.ctx)).toEqual({ deleted: 0, failed: 0 });
    await t.ctx.db.query(`UPDATE storage_deletions SET next_attempt_at = now()`);
    expect(await purgeObjects(t.ctx)).toEqual({ deleted: 1, failed: 0 });
    expect(await t.ctx.storage.head(executed.srtObjectKey!)).toBeNull();
    expect(await queued()).toEqual([]);
  });

  it('stops a running transcription at once when its task is deleted: nothing failed, stored or charged', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 10);
    const media = await submitMedia(t, u.token, { path: mp3.path, name: 'talk.mp3', type: 1 });
    await detection(t, u.token, media.taskId);
    stt.setDelay(60_000);
    const before = stt.requests.length;
    expectSuccess(
      await t.post('/file/submit_execute_task', { taskId: media.taskId, targetLau: 'ja' }, { as: u.token }),
    );
    // the speech engine has the audio
    await until(() => stt.requests.length > before, 30_000);
    const translations = engine.requests.length;
    expectSuccess(await t.post('/task/delete', { id: media.taskId }, { as: u.token }));
    const jobId = (await row(media.taskId)).job_id!;
    // the job ends within seconds, not when the speech engine answers a minute later
    await until(
      async () => (await t.ctx.queue!.findJob(MEDIA_EXECUTE_JOB, jobId))?.state === 'completed',
      8_000,
    );
    expect(await row(media.taskId)).toMatchObject({ status: 'processing', result_key: null });
    expect(engine.requests.length).toBe(translations);
    expect(await t.ctx.storage.head(media.objectKey)).toBeNull();
    expect(await getBalance(t.ctx.db, u.id)).toBe(10);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
  });

  it('stops a running translation at once when its task is deleted: no result is stored', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 10);
    const created = expectSuccess<Task>(
      await uploadSrt(t, u.token, { name: 'film.srt', data: makeSrt(3) }, { targetLanguage: 'ja' }),
    );
    engine.setDelay(60_000);
    const before = engine.requests.length;
    expectSuccess(await t.post('/task/start', { id: created.id }, { as: u.token }));
    await until(() => engine.requests.length > before, 30_000);
    expectSuccess(await t.post('/task/delete', { id: created.id }, { as: u.token }));
    const jobId = (await row(created.id)).job_id!;
    await until(async () => (await t.ctx.queue!.findJob(TRANSLATE_JOB, jobId))?.state === 'completed', 8_000);
    // one line was asked for, then nothing more
    expect(engine.requests.length).toBe(before + 1);
    expect(await row(created.id)).toMatchObject({ status: 'translating', result_key: null });
    expect(await segmentCount(created.id)).toBe(0);
    expect(await getBalance(t.ctx.db, u.id)).toBe(10);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
  });
});
