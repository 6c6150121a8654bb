import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DetectionState, DownloadUrl, ExecutionState, Task, TaskWithSegments } from '@subtrans/contract';
import { parseSrt } from '@subtrans/subtitles';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { makeNonMedia, makeSpeechMedia, type MadeMedia } from '../../../test/support/media.js';
import { uploadMedia } from '../../../test/support/media-upload.js';
import { grantPoints } from '../../../test/support/tasks.js';
import { startTranscriptionServer } from '../../../test/support/transcription-server.js';
import { fakeTranslatedLine, startOpenAiServer } from '../../../test/support/translation-servers.js';
import { detection, submitMedia } from '../../../test/support/media-storage.js';
import { until } from '../../../test/support/until.js';
import { getBalance, getHeld } from '../billing/ledger.service.js';
import { sweepStuckMedia } from './media-sweep.service.js';
import { MEDIA_EXECUTE_JOB } from './media-job-names.js';

const KEY = 'ds-key';
const SPEECH =
  'Welcome to the harbour. The boats leave at dawn. Bring a warm coat, because the wind is cold.';

describe(`audio and video tasks (${TEST_DB})`, () => {
  let dir: string;
  let stt: Awaited<ReturnType<typeof startTranscriptionServer>>;
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;
  let mp4: MadeMedia;
  let mp3: MadeMedia;
  let silentVideo: MadeMedia;
  let fake: { path: string; bytes: number };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-int-'));
    [mp4, mp3, silentVideo, fake] = await Promise.all([
      makeSpeechMedia(dir, { text: SPEECH, format: 'mp4', fileName: 'harbour.mp4' }),
      makeSpeechMedia(dir, {
        text: 'Good morning. This is a short test.',
        format: 'mp3',
        fileName: 'morning.mp3',
      }),
      makeSpeechMedia(dir, { text: 'Nothing to hear.', format: 'video-only-mp4', fileName: 'mute.mp4' }),
      makeNonMedia(dir),
    ]);
    stt = await startTranscriptionServer({ apiKey: 'stt-key' });
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: KEY,
        DEEPSEEK_BASE_URL: engine.url,
        STT_BASE_URL: stt.baseUrl,
        STT_API_KEY: 'stt-key',
        STT_MODEL: 'whisper-large-v3',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await stt?.close();
    await engine?.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    stt.reset();
  });

  async function userWith(points: number) {
    const u = await t.signUp();
    if (points) await grantPoints(t, u.id, points);
    return u;
  }

  async function executed(token: string, taskId: string): Promise<ExecutionState> {
    return until(async () => {
      const e = expectSuccess<ExecutionState>(
        await t.post('/file/check_execute_task', { taskId }, { as: token }),
      );
      return e.status >= 4 ? e : null;
    }, 60_000);
  }

  const submitted = async (token: string, file: { path: string }, name: string, type: 1 | 2) =>
    (await submitMedia(t, token, { path: file.path, name, type })).taskId;

  it('takes an mp4 from direct upload through detection, confirmation, transcription and translation to an editable task, charging once', async () => {
    const u = await userWith(100);
    const up = await uploadMedia(t, u.token, { path: mp4.path, name: 'harbour.mp4', type: 2 });
    expect(up.objectKey).toMatch(/^translated-videos\/file_\d{13}_[0-9a-f]{12}\.mp4$/);
    expect(up.size).toBe(mp4.bytes);
    const { taskId } = expectSuccess<{ taskId: string }>(
      await t.post(
        '/file/submit_check_task',
        { objectKey: up.objectKey, sourceLau: 'auto', type: 2, targetLau: 'ja', both: 2, transEngin: 2 },
        { as: u.token },
      ),
    );
    // the task is in the list at once, processing
    const listed = expectSuccess<{ list: Task[] }>(
      await t.post('/task/list', { page: 1, size: 10 }, { as: u.token }),
    );
    expect(listed.list[0]).toMatchObject({
      id: taskId,
      kind: 'media',
      mediaType: 2,
      fileName: 'harbour.mp4',
    });
    expect(['processing', 'pending']).toContain(listed.list[0]!.status);

    const d = await detection(t, u.token, taskId);
    expect(d.status).toBe(4);
    const seconds = Math.ceil(mp4.durationMs / 1000);
    expect(Math.abs(d.duration! - seconds)).toBeLessThanOrEqual(1);
    expect(d.message).toBe(String(d.duration));
    expect(d.estimatedPoints).toBe(10 * Math.ceil(d.duration! / 60));
    const waiting = expectSuccess<Task>(await t.post('/task/get', { id: taskId }, { as: u.token }));
    expect(waiting).toMatchObject({
      status: 'pending',
      detectStatus: 4,
      executeStatus: null,
      estimatedPoints: 10,
    });
    // an SRT start does not run a media task
    expectFailure(await t.post('/task/start', { id: taskId }, { as: u.token }), 40904, 409);
    expect(await getBalance(t.ctx.db, u.id)).toBe(100);

    const ex = expectSuccess<{ taskId: string; status: number }>(
      await t.post(
        '/file/submit_execute_task',
        { taskId, sourceLau: 'auto', targetLau: 'ja', both: 2, transEngin: 2 },
        { as: u.token },
      ),
    );
    expect(ex.status).toBe(0);
    expect(await getHeld(t.ctx.db, u.id)).toBe(10);
    // a second confirmation cannot run it twice
    expectFailure(
      await t.post(
        '/file/submit_execute_task',
        { taskId, targetLau: 'ja', both: 2, transEngin: 2 },
        { as: u.token },
      ),
      40904,
      409,
    );

    const done = await executed(u.token, taskId);
    expect(done.status).toBe(4);
    expect(done.srtObjectKey).toMatch(/^translated-files\/file_\d+_[0-9a-f]+\.srt$/);

    // the speech engine got 16 kHz mono WAV audio of the whole file, with the documented fields
    expect(stt.requests).toHaveLength(1);
    const req = stt.requests[0]!;
    expect(req).toMatchObject({ model: 'whisper-large-v3', responseFormat: 'verbose_json' });
    expect(req.granularities).toEqual(expect.arrayContaining(['segment', 'word']));
    expect(req.language).toBeUndefined();
    expect(req.authorization).toBe('Bearer stt-key');
    expect(Math.abs(req.durationMs - mp4.durationMs)).toBeLessThan(300);
    expect(req.bytes).toBeGreaterThan(30_000 * (mp4.durationMs / 1000));

    const task = expectSuccess<TaskWithSegments>(await t.post('/task/get', { id: taskId }, { as: u.token }));
    expect(task).toMatchObject({
      status: 'completed',
      kind: 'media',
      executeStatus: 4,
      originalLanguage: 'en',
      detectedLanguage: 'en',
      targetLanguage: 'ja',
      includeOriginalText: true,
      translationProgress: 100,
    });
    expect(task.segments.length).toBeGreaterThan(0);
    // cues made from the words: in order, within the audio, each translated by the engine
    let last = 0;
    for (const s of task.segments) {
      expect(s.translatedText).toBe(fakeTranslatedLine(s.originalText, 'ja'));
      const [start, end] = [s.startTime, s.endTime].map((x) => parseSrt(`1\n${x} --> ${x}\nx\n`)[0]!.startMs);
      expect(start!).toBeGreaterThanOrEqual(last);
      expect(end!).toBeGreaterThan(start!);
      expect(end! - start!).toBeLessThanOrEqual(7000);
      last = end!;
    }
    expect(last).toBeLessThanOrEqual(mp4.durationMs + 100);
    // charged exactly once
    expect(await getBalance(t.ctx.db, u.id)).toBe(90);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);

    // the stored SRT is bilingual and the caller can fetch it and the media through signed URLs
    const stored = await t.ctx.storage.get(done.srtObjectKey!);
    const cues = parseSrt(await text(stored!.body));
    expect(cues[0]!.text).toBe(`${task.segments[0]!.originalText}\n${task.segments[0]!.translatedText}`);
    const media = expectSuccess<DownloadUrl>(
      await t.post('/file/sts-down-credentials', { taskId }, { as: u.token }),
    );
    expect(media.mediaType).toBe(2);
    const range = await t.app.inject({ method: 'GET', url: media.url, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 0-99/${mp4.bytes}`);
    expect(range.headers['content-type']).toBe('video/mp4');
    expect(range.rawPayload).toEqual((await readFile(mp4.path)).subarray(0, 100));
    const srtUrl = expectSuccess<DownloadUrl>(
      await t.post('/file/sts-down-credentials', { objectKey: done.srtObjectKey }, { as: u.token }),
    );
    expect((await t.app.inject({ method: 'GET', url: srtUrl.url })).statusCode).toBe(200);
    // a tampered or foreign link opens nothing
    expect(
      (await t.app.inject({ method: 'GET', url: media.url.replace(/s=[^&]+/, 's=AAAA') })).statusCode,
    ).toBe(403);
    const other = await userWith(0);
    expectFailure(await t.post('/file/sts-down-credentials', { taskId }, { as: other.token }), 40402, 404);
    expectFailure(
      await t.post('/file/sts-down-credentials', { objectKey: done.srtObjectKey }, { as: other.token }),
      40407,
      404,
    );
  });

  it('passes a chosen source language to the speech engine and keeps it as the original language (mp3 audio)', async () => {
    const u = await userWith(50);
    const taskId = await submitted(u.token, mp3, 'morning.mp3', 1);
    expect((await detection(t, u.token, taskId)).status).toBe(4);
    stt.setLanguage('japanese');
    expectSuccess(
      await t.post(
        '/file/submit_execute_task',
        // SPEC §9: the batch size stored in the browser comes with the confirmation (forged here)
        // and this task keeps the engine's own line breaks
        {
          taskId,
          sourceLau: 'zh',
          targetLau: 'en',
          both: 1,
          transEngin: 2,
          batchSize: 1000,
          keepEngineBreaks: true,
        },
        { as: u.token },
      ),
    );
    expect((await executed(u.token, taskId)).status).toBe(4);
    expect(stt.requests.at(-1)!.language).toBe('zh');
    const task = expectSuccess<TaskWithSegments>(await t.post('/task/get', { id: taskId }, { as: u.token }));
    // the execution ran with it, clamped to TRANSLATE_BATCH_SIZE_MAX (50 by default)
    const [row] = await t.ctx.db.query<{ job_id: string }>(`SELECT job_id FROM tasks WHERE id = $1`, [
      taskId,
    ]);
    expect((await t.ctx.queue!.findJob(MEDIA_EXECUTE_JOB, row!.job_id))?.data).toEqual({
      taskId,
      batchSize: 50,
    });
    expect(task).toMatchObject({
      originalLanguage: 'zh-CN',
      targetLanguage: 'en',
      includeOriginalText: false,
      keepEngineBreaks: true,
    });
    // the engine's text as it answered, not laid out again
    for (const s of task.segments) expect(s.translatedText).toBe(`[en] ${s.originalText}`);
    stt.setLanguage('english');
  });

  it('refuses what is not audio or video: by name before the upload, by content (ffprobe) after it', async () => {
    const u = await userWith(0);
    const byName = expectFailure(
      await t.post('/file/sts-credentials', { fileName: 'notes.txt', size: 10, type: 2 }, { as: u.token }),
      41501,
      415,
    );
    expect(byName.msg).toBe('请选择视频或音频文件');
    const taskId = await submitted(u.token, fake, 'fake.mp4', 2);
    const d = await detection(t, u.token, taskId);
    expect(d.status).toBe(5);
    expect(d.message).toBe('无法读取该文件：它不是有效的音频或视频文件');
    // in the user's own interface language
    expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: u.token }));
    const en = expectSuccess<DetectionState>(await t.post('/file/check_task', { taskId }, { as: u.token }));
    expect(en.message).toBe('This file cannot be read: it is not a valid audio or video file');
    const task = expectSuccess<Task>(await t.post('/task/get', { id: taskId }, { as: u.token }));
    expect(task).toMatchObject({ status: 'failed', detectStatus: 5, errorKey: 'MEDIA_NOT_MEDIA' });
    // a failed detection cannot be executed
    expectFailure(
      await t.post('/file/submit_execute_task', { taskId, targetLau: 'ja', transEngin: 2 }, { as: u.token }),
      40909,
      409,
    );
  });

  it('fails the detection of a video without a sound track with a message that says so', async () => {
    const u = await userWith(0);
    expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: u.token }));
    const taskId = await submitted(u.token, silentVideo, 'mute.mp4', 2);
    const d = await detection(t, u.token, taskId);
    expect(d.status).toBe(5);
    expect(d.message).toMatch(/no sound track/);
  });

  it('fails media tasks whose job is gone (detection or execution) and gives held points back', async () => {
    const u = await userWith(10);
    const probing = await submitted(u.token, mp3, 'morning.mp3', 1);
    const running = await submitted(u.token, mp3, 'morning.mp3', 1);
    await detection(t, u.token, probing);
    await detection(t, u.token, running);
    stt.setDelay(3000);
    expectSuccess(
      await t.post(
        '/file/submit_execute_task',
        { taskId: running, targetLau: 'en', transEngin: 2 },
        { as: u.token },
      ),
    );
    expect(await getHeld(t.ctx.db, u.id)).toBe(10);
    // its worker is inside transcription (3 s): no write of its own lands between the next two steps
    await until(() => stt.requests.length >= 1);
    // as if their workers had died long ago: no job, no progress for an hour
    await t.ctx.db.query(
      `UPDATE tasks SET status = 'processing', detect_status = CASE WHEN id = $1 THEN 3 ELSE detect_status END,
              job_id = NULL, updated_at = now() - interval '1 hour' WHERE id IN ($1, $2)`,
      [probing, running],
    );
    expect(await sweepStuckMedia(t.ctx)).toBeGreaterThanOrEqual(2);
    stt.setDelay(0);
    const a = expectSuccess<Task>(await t.post('/task/get', { id: probing }, { as: u.token }));
    // the detection held nothing: its message says the analysis failed, not that points came back
    expect(a).toMatchObject({
      status: 'failed',
      detectStatus: 5,
      executeStatus: null,
      errorKey: 'MEDIA_DETECTION_FAILED',
    });
    const said = expectSuccess<{ message: string }>(
      await t.post('/file/check_task', { taskId: probing }, { as: u.token }),
    );
    expect(said.message).not.toMatch(/积分|points/i);
    const b = expectSuccess<Task>(await t.post('/task/get', { id: running }, { as: u.token }));
    expect(b).toMatchObject({ status: 'failed', executeStatus: 5, errorKey: 'MEDIA_INTERRUPTED' });
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    expect(await getBalance(t.ctx.db, u.id)).toBe(10);
  });

  it('needs enough points to execute (needed and current in the message) and holds nothing when refused', async () => {
    const u = await userWith(5);
    const taskId = await submitted(u.token, mp3, 'morning.mp3', 1);
    expect((await detection(t, u.token, taskId)).estimatedPoints).toBe(10);
    const refused = expectFailure(
      await t.post(
        '/file/submit_execute_task',
        { taskId, targetLau: 'en', transEngin: 2 },
        { as: u.token, headers: { 'accept-language': 'en' } },
      ),
      40200,
      402,
    );
    expect(refused.data).toEqual({ needed: 10, current: 5 });
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    const task = expectSuccess<Task>(await t.post('/task/get', { id: taskId }, { as: u.token }));
    expect(task).toMatchObject({ status: 'pending', executeStatus: null });
    expect(stt.requests).toHaveLength(0);
  });

  it('fails the task with the worded reason and gives the points back when speech recognition fails', async () => {
    const u = await userWith(10);
    const taskId = await submitted(u.token, mp3, 'morning.mp3', 1);
    await detection(t, u.token, taskId);
    stt.failNext(500, undefined, 3);
    expectSuccess(
      await t.post('/file/submit_execute_task', { taskId, targetLau: 'en', transEngin: 2 }, { as: u.token }),
    );
    const e = await executed(u.token, taskId);
    expect(e.status).toBe(5);
    expect(e.message).toBe('语音识别失败，积分已退回，请稍后重试');
    expect(await getBalance(t.ctx.db, u.id)).toBe(10);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    // a failed execution may be confirmed again, and then succeeds
    expectSuccess(
      await t.post('/file/submit_execute_task', { taskId, targetLau: 'en', transEngin: 2 }, { as: u.token }),
    );
    expect((await executed(u.token, taskId)).status).toBe(4);
    expect(await getBalance(t.ctx.db, u.id)).toBe(0);
  });

  it('gives a running task’s points back when it is deleted', async () => {
    const u = await userWith(10);
    const taskId = await submitted(u.token, mp3, 'morning.mp3', 1);
    await detection(t, u.token, taskId);
    stt.setDelay(1500);
    expectSuccess(
      await t.post('/file/submit_execute_task', { taskId, targetLau: 'en', transEngin: 2 }, { as: u.token }),
    );
    expect(await getHeld(t.ctx.db, u.id)).toBe(10);
    expectSuccess(await t.post('/task/delete', { id: taskId }, { as: u.token }));
    expect(await getBalance(t.ctx.db, u.id)).toBe(10);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    await new Promise((r) => setTimeout(r, 2500));
    stt.setDelay(0);
    // the job saw the deletion and charged nothing
    expect(await getBalance(t.ctx.db, u.id)).toBe(10);
  });
});
