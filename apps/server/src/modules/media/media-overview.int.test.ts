import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePeaks, peaksBinMs, peaksBins, type Overview, type Task } from '@subtrans/contract';
import { TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { captureLog } from '../../../test/support/log-capture.js';
import { makeShotsVideo, makeSpeechMedia, type MadeMedia } from '../../../test/support/media.js';
import {
  detection,
  execution,
  STORAGE_KINDS,
  storageEnv,
  submitMedia,
} from '../../../test/support/media-storage.js';
import { startSpeechApp, type SpeechApp } from '../../../test/support/speech-app.js';
import { grantPoints, makeSrt, uploadSrt } from '../../../test/support/tasks.js';
import { until } from '../../../test/support/until.js';
import { MEDIA_OVERVIEW_JOB } from './media-job-names.js';
import { runOverview } from './media-overview.service.js';
import { peaksKeyOf } from './media-peaks.service.js';

/** a frame at 25 fps: how close a shot change is to where the pictures were joined */
const FRAME_MS = 40;

/**
 * Issue 38: /file/overview, what the editor's timeline draws of a media task (its waveform and a
 * video's shot changes): made in the background after a video's execution, queued once by the
 * first call for a task executed before, refused for another user's task, none for a subtitle file.
 */
describe.each(STORAGE_KINDS)(`a media task's overview (%s storage, ${TEST_DB})`, (kind) => {
  let dir: string;
  let video: MadeMedia & { cutsMs: number[] };
  let mp3: MadeMedia;
  let storage: Awaited<ReturnType<typeof storageEnv>>;
  let app: SpeechApp;
  let t: TestApp;
  const logs = captureLog();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-overview-'));
    [video, mp3] = await Promise.all([
      makeShotsVideo(dir, { shots: 4, secondsEach: 1.2, tone: true, fileName: 'cuts.mp4' }),
      makeSpeechMedia(dir, { text: 'Only a voice to draw.', format: 'mp3', fileName: 'voice.mp3' }),
    ]);
    storage = await storageEnv(kind);
    app = await startSpeechApp(storage.env, { log: logs.log });
    t = app.t;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await storage?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const overview = (token: string, taskId: string) => t.post('/file/overview', { taskId }, { as: token });
  const overviewOk = async (token: string, taskId: string) =>
    expectSuccess<Overview>(await overview(token, taskId));
  const ready = (token: string, taskId: string) =>
    until(async () => {
      const o = await overviewOk(token, taskId);
      return o.state === 'ready' ? o : null;
    }, 30_000);
  const jobsOf = async (taskId: string) => t.ctx.queue!.raw.findJobs(MEDIA_OVERVIEW_JOB, { key: taskId });
  const rowOf = async (taskId: string) =>
    (
      await t.ctx.db.query<{ status: string }>(`SELECT status FROM media_overviews WHERE task_id = $1`, [
        taskId,
      ])
    )[0];

  const age = (taskId: string, minutes: number) =>
    t.ctx.db.query(
      `UPDATE media_overviews SET updated_at = now() - make_interval(mins => $2) WHERE task_id = $1`,
      [taskId, minutes],
    );

  async function executed(file: MadeMedia, type: 1 | 2) {
    const u = await t.signUp();
    await grantPoints(t, u.id, 10);
    const name = path.basename(file.path);
    const { taskId, objectKey } = await submitMedia(t, u.token, { path: file.path, name, type });
    await detection(t, u.token, taskId);
    expect((await execution(t, u.token, taskId)).status).toBe(4);
    return { token: u.token, taskId, objectKey };
  }

  /** as a task executed before issue 38 was: no waveform, no overview */
  async function forget(taskId: string, objectKey: string) {
    await until(async () => (await jobsOf(taskId)).every((j) => j.state === 'completed'), 30_000);
    await t.ctx.storage.delete(peaksKeyOf(objectKey));
    await t.ctx.db.query(`UPDATE tasks SET peaks_key = NULL WHERE id = $1`, [taskId]);
    await t.ctx.db.query(`DELETE FROM media_overviews WHERE task_id = $1`, [taskId]);
  }

  async function peaksOf(url: string) {
    const bytes =
      kind === 's3'
        ? new Uint8Array(await (await fetch(url)).arrayBuffer())
        : new Uint8Array((await t.app.inject({ method: 'GET', url })).rawPayload);
    return decodePeaks(bytes);
  }

  const expectCuts = (shots: number[] | undefined) => {
    expect(shots).toHaveLength(video.cutsMs.length);
    shots!.forEach((ms, i) => expect(Math.abs(ms - video.cutsMs[i]!)).toBeLessThanOrEqual(FRAME_MS));
  };

  it('a video executed before is queued once by the first calls, then answers its waveform and cuts', async () => {
    const { token, taskId, objectKey } = await executed(video, 2);
    // the execution kept the waveform and queued the shot changes itself
    expect(await jobsOf(taskId)).toHaveLength(1);
    expectCuts((await ready(token, taskId)).shotChangesMs);
    // the cuts are answered once saved, a moment before their job marks itself done: that first
    await until(async () => (await jobsOf(taskId)).every((j) => j.state === 'completed'), 30_000);
    // while a video's cuts are to come (its job running), its waveform is answered already
    await t.ctx.db.query(
      `UPDATE media_overviews SET status = 'running', progress = 40, shot_changes_ms = NULL WHERE task_id = $1`,
      [taskId],
    );
    const partial = await overviewOk(token, taskId);
    expect(partial).toMatchObject({ state: 'working', progress: 40, peaksUrl: expect.any(String) as string });
    expect(partial.shotChangesMs).toBeUndefined();
    expect(await jobsOf(taskId)).toHaveLength(1);

    await forget(taskId, objectKey);
    // two tabs polling at once queue one job
    const answers = await Promise.all([1, 2, 3].map(() => overviewOk(token, taskId)));
    for (const a of answers) expect(a.state).toBe('working');
    expect(Math.abs(answers[0]!.durationMs! - video.durationMs)).toBeLessThanOrEqual(FRAME_MS);
    expect(await jobsOf(taskId)).toHaveLength(2);

    const done = await ready(token, taskId);
    expect(done).toMatchObject({ progress: 100, durationMs: answers[0]!.durationMs });
    expectCuts(done.shotChangesMs);
    const peaks = await peaksOf(done.peaksUrl!);
    expect(peaksBinMs(peaks)).toBe(10);
    expect(Math.abs(peaksBins(peaks) * 10 - video.durationMs)).toBeLessThanOrEqual(100);
    expect(Math.max(...Array.from(peaks.data, (v) => Math.abs(v)))).toBeGreaterThan(20);
    // ready: polling on queues nothing
    await overviewOk(token, taskId);
    expect(await jobsOf(taskId)).toHaveLength(2);
  }, 90_000);

  it('an audio task is ready once executed, without a job and without shot changes', async () => {
    const { token, taskId } = await executed(mp3, 1);
    const o = await overviewOk(token, taskId);
    expect(o).toMatchObject({ state: 'ready', progress: 100, shotChangesMs: [] });
    expect((await peaksOf(o.peaksUrl!)).data.length).toBeGreaterThan(0);
    expect(await jobsOf(taskId)).toHaveLength(0);
  }, 60_000);

  it('is refused for another user’s task and a deleted one, as other media calls are; none for a subtitle file', async () => {
    const { token, taskId } = await executed(video, 2);
    const other = await t.signUp();
    expectFailure(await t.post('/file/check_execute_task', { taskId }, { as: other.token }), 40402, 404);
    expectFailure(await overview(other.token, taskId), 40402, 404);

    const srt = expectSuccess<Task>(await uploadSrt(t, other.token, { name: 'a.srt', data: makeSrt(2) }));
    expect(await overviewOk(other.token, srt.id)).toEqual({ state: 'none', progress: 0, durationMs: null });

    expectSuccess(await t.post('/task/delete', { id: taskId }, { as: token }));
    expectFailure(await overview(token, taskId), 40402, 404);
  }, 60_000);

  it('stops when its task is deleted mid-way, leaving no object and no overview', async () => {
    const { token, taskId, objectKey } = await executed(video, 2);
    await forget(taskId, objectKey);
    // an ffmpeg that takes its time (and never ends by itself): the deletion comes while the job extracts
    const slowFfmpeg = path.join(dir, 'slow-ffmpeg.sh');
    await writeFile(slowFfmpeg, '#!/bin/sh\nexec sleep 30\n');
    await chmod(slowFfmpeg, 0o755);
    const slow = { ...t.ctx, env: { ...t.ctx.env, FFMPEG_PATH: slowFfmpeg } };
    const started = Date.now();
    const run = runOverview(slow, taskId, { retryCount: 0, retryLimit: 2 });
    await until(async () => (await rowOf(taskId))?.status === 'running');
    expectSuccess(await t.post('/task/delete', { id: taskId }, { as: token }));
    await run;
    // the deletion is seen within about a second (a busy machine's second), and its ffmpeg killed
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await t.ctx.storage.head(peaksKeyOf(objectKey))).toBeNull();
    expect(await rowOf(taskId)).toBeUndefined();
    const [task] = await t.ctx.db.query<{ peaks_key: string | null }>(
      `SELECT peaks_key FROM tasks WHERE id = $1`,
      [taskId],
    );
    expect(task!.peaks_key).toBeNull();
  }, 60_000);

  it('a failed overview is answered as failed, not queued again by every poll, and again after an hour', async () => {
    const { token, taskId, objectKey } = await executed(video, 2);
    await forget(taskId, objectKey);
    // the media is unreadable: the job's last attempt fails
    await t.ctx.storage.delete(objectKey);
    await runOverview(t.ctx, taskId, { retryCount: 2, retryLimit: 2 });
    expect(logs.find('the media overview failed').some((e) => e.task === taskId)).toBe(true);
    // the state alone: what went wrong stays in the log
    const failed = await overviewOk(token, taskId);
    expect(Object.keys(failed).sort()).toEqual(['durationMs', 'progress', 'state']);
    expect(failed).toMatchObject({ state: 'failed', progress: 0 });
    await overviewOk(token, taskId);
    expect(await jobsOf(taskId)).toHaveLength(1);

    await age(taskId, 61);
    expect((await overviewOk(token, taskId)).state).toBe('working');
    expect(await jobsOf(taskId)).toHaveLength(2);
    // an overview left queued for long is marked again, but its job (queued, running or waiting
    // for its retry) keeps a second one out by its singleton key
    await age(taskId, 16);
    expect((await overviewOk(token, taskId)).state).toBe('working');
    expect(await jobsOf(taskId)).toHaveLength(2);
  }, 60_000);
});
