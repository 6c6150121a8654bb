import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePeaks, peaksBinMs, peaksBins, type DownloadUrl } from '@subtrans/contract';
import { TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectSuccess } from '../../../test/support/http.js';
import { captureLog } from '../../../test/support/log-capture.js';
import { makeSpeechMedia, type MadeMedia } from '../../../test/support/media.js';
import {
  detection,
  execution,
  STORAGE_KINDS,
  storageEnv,
  submitMedia,
} from '../../../test/support/media-storage.js';
import { startSpeechApp, type SpeechApp } from '../../../test/support/speech-app.js';
import { grantPoints } from '../../../test/support/tasks.js';
import { extractAudio } from '../../tools/ffmpeg/index.js';
import { keepPeaks, peaksKeyOf } from './media-peaks.service.js';

/**
 * Issue 38: the waveform an execution keeps from the audio it extracts, read through the editor's
 * media link, deleted with the task; and kept or not where the task went or the audio cannot be read.
 */
describe.each(STORAGE_KINDS)(`a media task's waveform (%s storage, ${TEST_DB})`, (kind) => {
  let dir: string;
  let mp4: MadeMedia;
  let wav: string;
  let storage: Awaited<ReturnType<typeof storageEnv>>;
  let app: SpeechApp;
  let t: TestApp;
  const logs = captureLog();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-peaks-'));
    mp4 = await makeSpeechMedia(dir, { text: 'A few words to draw, then a pause.', format: 'mp4' });
    wav = path.join(dir, 'audio.wav');
    await extractAudio(mp4.path, wav);
    storage = await storageEnv(kind);
    app = await startSpeechApp(storage.env, { log: logs.log });
    t = app.t;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await storage?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is made from the audio the execution extracts, read by its link, deleted with the task', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 10);
    const { taskId, objectKey } = await submitMedia(t, u.token, {
      path: mp4.path,
      name: 'draw.mp4',
      type: 2,
    });
    await detection(t, u.token, taskId);
    expect((await execution(t, u.token, taskId)).status).toBe(4);
    const link = expectSuccess<DownloadUrl>(
      await t.post('/file/sts-down-credentials', { taskId }, { as: u.token }),
    );
    const bytes =
      kind === 's3'
        ? new Uint8Array(await (await fetch(link.peaksUrl!)).arrayBuffer())
        : new Uint8Array((await t.app.inject({ method: 'GET', url: link.peaksUrl! })).rawPayload);
    const peaks = decodePeaks(bytes);
    // 100 bins a second, as long as the file, loud where it speaks
    expect(peaksBinMs(peaks)).toBe(10);
    expect(Math.abs(peaksBins(peaks) * 10 - mp4.durationMs)).toBeLessThan(200);
    expect(Math.max(...Array.from(peaks.data, (v) => Math.abs(v)))).toBeGreaterThan(20);
    // deleting the task deletes it with the media
    expect(await t.ctx.storage.head(peaksKeyOf(objectKey))).not.toBeNull();
    expectSuccess(await t.post('/task/delete', { id: taskId }, { as: u.token }));
    expect(await t.ctx.storage.head(peaksKeyOf(objectKey))).toBeNull();
  }, 60_000);

  it('is deleted again when the task was deleted while it was made', async () => {
    const mediaKey = `translated-videos/file_${Date.now()}_gone.mp3`;
    // no task has this id (as one deleted meanwhile): nothing may be left in storage or queued
    await keepPeaks(t.ctx, { id: '00000000-0000-4000-8000-000000000001', media_key: mediaKey }, wav);
    expect(await t.ctx.storage.head(peaksKeyOf(mediaKey))).toBeNull();
    const queued = await t.ctx.db.query(`SELECT 1 FROM storage_deletions WHERE object_key = $1`, [
      peaksKeyOf(mediaKey),
    ]);
    expect(queued).toHaveLength(0);
  });

  it('is logged and left out when the audio cannot be read: the execution goes on', async () => {
    const mediaKey = `translated-videos/file_${Date.now()}_unreadable.mp3`;
    const task = { id: '00000000-0000-4000-8000-000000000002', media_key: mediaKey };
    await expect(keepPeaks(t.ctx, task, path.join(dir, 'missing.wav'))).resolves.toBe(false);
    expect(logs.find('the waveform could not be made; the task goes on without it')).toHaveLength(1);
    expect(await t.ctx.storage.head(peaksKeyOf(mediaKey))).toBeNull();
  });

  it('stops with the execution when it is stopped', async () => {
    const stop = new AbortController();
    stop.abort();
    const task = { id: '00000000-0000-4000-8000-000000000003', media_key: 'translated-videos/file_1_x.mp3' };
    await expect(keepPeaks(t.ctx, task, wav, stop.signal)).rejects.toThrow(/stopped/);
  });
});
