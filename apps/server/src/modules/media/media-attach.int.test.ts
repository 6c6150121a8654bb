import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePeaks, peaksBins, type DownloadUrl, type Overview, type Task } from '@subtrans/contract';
import { TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import {
  makeImage,
  makeNonMedia,
  makeShotsVideo,
  makeSpeechMedia,
  type MadeMedia,
} from '../../../test/support/media.js';
import { STORAGE_KINDS, storageEnv, submitMedia } from '../../../test/support/media-storage.js';
import { uploadMedia } from '../../../test/support/media-upload.js';
import { startSpeechApp, type SpeechApp } from '../../../test/support/speech-app.js';
import { grantPoints, makeSrt, uploadSrt } from '../../../test/support/tasks.js';
import { until } from '../../../test/support/until.js';
import { getBalance, getHeld } from '../billing/ledger.service.js';
import { MEDIA_OVERVIEW_JOB } from './media-job-names.js';
import { runOverview } from './media-overview.service.js';
import { peaksKeyOf } from './media-peaks.service.js';
import { expireUnexecutedMedia } from './retention.service.js';
import { mediaUsage } from './storage-usage.repository.js';

/** a frame at 25 fps: how close a shot change is to where the pictures were joined */
const FRAME_MS = 40;

/**
 * Issue 38: a subtitle-file task given its video or audio afterwards (/file/attach_media): an
 * upload of the caller's own, probed, not transcribed and not charged, drawn by the overview job,
 * played through the task's link, counted in the user's storage, replaced by the next one and
 * deleted with the task.
 */
describe.each(STORAGE_KINDS)(`audio/video given to a subtitle-file task (%s storage, ${TEST_DB})`, (kind) => {
  let dir: string;
  let video: MadeMedia & { cutsMs: number[] };
  let silent: MadeMedia;
  let mp3: MadeMedia;
  let image: { path: string };
  let text: { path: string };
  let storage: Awaited<ReturnType<typeof storageEnv>>;
  let app: SpeechApp;
  let t: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-attach-'));
    [video, silent, mp3, image, text] = await Promise.all([
      makeShotsVideo(dir, { shots: 4, secondsEach: 1.2, tone: true, fileName: 'cuts.mp4' }),
      makeShotsVideo(dir, { shots: 2, secondsEach: 1, fileName: 'silent.mp4' }),
      makeSpeechMedia(dir, { text: 'Only a voice to draw.', format: 'mp3', fileName: 'voice.mp3' }),
      makeImage(dir, { fileName: 'still.png' }),
      makeNonMedia(dir, { fileName: 'notes.mp4' }),
    ]);
    storage = await storageEnv(kind);
    app = await startSpeechApp(storage.env);
    t = app.t;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await storage?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const attach = (token: string, taskId: string, objectKey: string) =>
    t.post('/file/attach_media', { taskId, objectKey }, { as: token });
  const overviewOk = async (token: string, taskId: string) =>
    expectSuccess<Overview>(await t.post('/file/overview', { taskId }, { as: token }));
  const ready = (token: string, taskId: string) =>
    until(async () => {
      const o = await overviewOk(token, taskId);
      return o.state === 'ready' ? o : null;
    }, 30_000);
  const taskOf = async (token: string, id: string) =>
    expectSuccess<Task>(await t.post('/task/get', { id }, { as: token }));
  const srtTask = async (token: string) =>
    expectSuccess<Task>(await uploadSrt(t, token, { name: 'film.srt', data: makeSrt(3) }));
  const upload = async (token: string, file: { path: string }, name: string, type: 1 | 2) =>
    (await uploadMedia(t, token, { path: file.path, name, type })).objectKey;
  const keysOf = async (taskId: string) =>
    (
      await t.ctx.db.query<{ media_key: string | null; peaks_key: string | null }>(
        `SELECT media_key, peaks_key FROM tasks WHERE id = $1`,
        [taskId],
      )
    )[0]!;
  const uploadStatus = async (objectKey: string) =>
    (
      await t.ctx.db.query<{ status: string }>(`SELECT status FROM media_uploads WHERE object_key = $1`, [
        objectKey,
      ])
    )[0]?.status;
  /** the balance, the held points and how many ledger entries the user has */
  const pointsOf = async (userId: number) => ({
    balance: await getBalance(t.ctx.db, userId),
    held: await getHeld(t.ctx.db, userId),
    entries: (
      await t.ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ledger_entries WHERE user_id = $1`,
        [userId],
      )
    )[0]!.n,
  });
  const jobsDone = (taskId: string) =>
    until(async () => {
      const jobs = await t.ctx.queue!.raw.findJobs(MEDIA_OVERVIEW_JOB, { key: taskId });
      return jobs.every((j) => j.state === 'completed' || j.state === 'failed');
    }, 30_000);
  const stored = async (key: string) => (await t.ctx.storage.head(key)) !== null;
  const fetchBytes = async (url: string, range?: string) => {
    const headers = range ? { range } : undefined;
    if (kind === 's3') {
      const res = await fetch(url, headers ? { headers } : {});
      return { status: res.status, body: new Uint8Array(await res.arrayBuffer()) };
    }
    const res = await t.app.inject({ method: 'GET', url, ...(headers ? { headers } : {}) });
    return { status: res.statusCode, body: new Uint8Array(res.rawPayload) };
  };
  const expectCuts = (shots: number[] | undefined) => {
    expect(shots).toHaveLength(video.cutsMs.length);
    shots!.forEach((ms, i) => expect(Math.abs(ms - video.cutsMs[i]!)).toBeLessThanOrEqual(FRAME_MS));
  };

  it('draws a video given to a subtitle file, charges nothing, plays it and counts it in storage', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 50);
    const task = await srtTask(u.token);
    expect(task).toMatchObject({ kind: 'srt', mediaType: null, mediaSize: null });
    expect(await overviewOk(u.token, task.id)).toEqual({ state: 'none', progress: 0, durationMs: null });
    const objectKey = await upload(u.token, video, 'cuts.mp4', 2);
    // a completed upload counts already (its declared size)
    expect((await mediaUsage(t.ctx.db, u.id)).storedBytes).toBe(video.bytes);
    const points = await pointsOf(u.id);

    const answer = expectSuccess<Overview>(await attach(u.token, task.id, objectKey));
    expect(answer).toMatchObject({ state: 'working', progress: 0 });
    expect(Math.abs(answer.durationMs! - video.durationMs)).toBeLessThanOrEqual(FRAME_MS);
    expect(await uploadStatus(objectKey)).toBe('used');

    const done = await ready(u.token, task.id);
    expectCuts(done.shotChangesMs);
    expect(done.durationMs).toBe(answer.durationMs);
    const peaks = decodePeaks((await fetchBytes(done.peaksUrl!)).body);
    expect(Math.abs(peaksBins(peaks) * 10 - video.durationMs)).toBeLessThanOrEqual(100);
    expect((await keysOf(task.id)).peaks_key).toBe(peaksKeyOf(objectKey));

    // the player's link: the video itself, seekable
    const link = expectSuccess<DownloadUrl>(
      await t.post('/file/sts-down-credentials', { taskId: task.id }, { as: u.token }),
    );
    expect(link).toMatchObject({ mediaType: 2, peaksUrl: expect.any(String) as string });
    const head = await fetchBytes(link.url, 'bytes=0-99');
    expect(head.status).toBe(206);
    expect(Buffer.from(head.body)).toEqual((await readFile(video.path)).subarray(0, 100));

    // the task is the subtitle file it was, with media to play; no point moved
    const after = await taskOf(u.token, task.id);
    expect(after).toMatchObject({ kind: 'srt', mediaType: 2, mediaSize: video.bytes, status: task.status });
    expect(after.duration).toBe(task.duration);
    expect(after.estimatedPoints).toBe(task.estimatedPoints);
    expect(after.costRule).toBe(task.costRule);
    const lines = await t.app.inject({
      method: 'GET',
      url: `/task/lines?id=${task.id}`,
      headers: { cookie: `user_sessionid=${u.token}` },
    });
    expect(expectSuccess<Task>(lines)).toMatchObject({ mediaType: 2, duration: task.duration });
    expect(await pointsOf(u.id)).toEqual(points);
    // counted once: as the task's media, no longer as an upload
    expect((await mediaUsage(t.ctx.db, u.id)).storedBytes).toBe(video.bytes);
  }, 90_000);

  it('refuses another user’s task, someone else’s upload, a used one, a media task, not media and a deleted task', async () => {
    const u = await t.signUp();
    const other = await t.signUp();
    await grantPoints(t, u.id, 20);
    const task = await srtTask(u.token);
    const mine = await upload(u.token, mp3, 'voice.mp3', 1);
    const theirs = await upload(other.token, mp3, 'voice.mp3', 1);
    const points = await pointsOf(u.id);

    // another user's task is not found, as for the other media calls; their upload is not found either
    expectFailure(await attach(other.token, task.id, theirs), 40402, 404);
    expectFailure(await t.post('/file/check_task', { taskId: task.id }, { as: other.token }), 40402, 404);
    expectFailure(await attach(u.token, task.id, theirs), 40407, 404);
    expect(await uploadStatus(theirs)).toBe('completed');
    expectFailure(await attach(u.token, task.id, 'translated-videos/file_1_none.mp4'), 40407, 404);

    // not media, or a picture without sound: refused in the detection's words, the upload left usable
    const png = await upload(u.token, image, 'still.mp4', 2);
    const fake = await upload(u.token, text, 'notes.mp4', 2);
    const mute = await upload(u.token, silent, 'silent.mp4', 2);
    const notMedia = expectFailure(await attach(u.token, task.id, png), 42220, 422);
    expect(notMedia.msg).toBe('无法读取该文件：它不是有效的音频或视频文件');
    expectFailure(await attach(u.token, task.id, fake), 42220, 422);
    expectFailure(await attach(u.token, task.id, mute), 42221, 422);
    for (const key of [png, fake, mute]) expect(await uploadStatus(key)).toBe('completed');
    expect((await taskOf(u.token, task.id)).mediaType).toBeNull();

    // one upload, one task: not attached twice, nor detected once attached
    expectSuccess(await attach(u.token, task.id, mine));
    const second = await srtTask(u.token);
    expectFailure(await attach(u.token, second.id, mine), 40407, 404);
    expectFailure(
      await t.post('/file/submit_check_task', { objectKey: mine, type: 1, targetLau: 'ja' }, { as: u.token }),
      40407,
      404,
    );
    expect((await taskOf(u.token, second.id)).mediaType).toBeNull();

    // an audio/video task has media of its own
    const media = await submitMedia(t, u.token, { path: mp3.path, name: 'own.mp3', type: 1 });
    const spare = await upload(u.token, mp3, 'spare.mp3', 1);
    const refused = expectFailure(await attach(u.token, media.taskId, spare), 40970, 409);
    expect(refused.msg).toContain('字幕文件任务');
    expect(await uploadStatus(spare)).toBe('completed');

    // a deleted task is not found
    expectSuccess(await t.post('/task/delete', { id: second.id }, { as: u.token }));
    expectFailure(await attach(u.token, second.id, spare), 40402, 404);
    expect(await uploadStatus(spare)).toBe('completed');
    await jobsDone(task.id);
    expect(await pointsOf(u.id)).toEqual(points);
  }, 90_000);

  /** a new user's subtitle task given the test video, its overview made */
  async function attachedVideo() {
    const u = await t.signUp();
    const task = await srtTask(u.token);
    const first = await upload(u.token, video, 'cuts.mp4', 2);
    expectSuccess(await attach(u.token, task.id, first));
    await ready(u.token, task.id);
    await jobsDone(task.id);
    return { u, task, first };
  }

  it('replaces the earlier media and their waveform, and deletes the media with the task', async () => {
    const { u, task, first } = await attachedVideo();
    expect(await stored(first)).toBe(true);
    expect(await stored(peaksKeyOf(first))).toBe(true);

    const second = await upload(u.token, mp3, 'voice.mp3', 1);
    const answer = expectSuccess<Overview>(await attach(u.token, task.id, second));
    expect(answer.state).toBe('working');
    expect(Math.abs(answer.durationMs! - mp3.durationMs)).toBeLessThanOrEqual(100);
    // the earlier media and their waveform are gone, nothing left queued
    expect(await stored(first)).toBe(false);
    expect(await stored(peaksKeyOf(first))).toBe(false);
    const queued = await t.ctx.db.query(
      `SELECT 1 FROM storage_deletions WHERE object_key = ANY($1::text[])`,
      [[first, peaksKeyOf(first)]],
    );
    expect(queued).toHaveLength(0);

    const done = await ready(u.token, task.id);
    expect(done).toMatchObject({ shotChangesMs: [], durationMs: answer.durationMs });
    expect(await keysOf(task.id)).toEqual({ media_key: second, peaks_key: peaksKeyOf(second) });
    expect((await taskOf(u.token, task.id)).mediaType).toBe(1);
    expect((await mediaUsage(t.ctx.db, u.id)).storedBytes).toBe(mp3.bytes);
    // kept with the task however old the upload: only media never used expire
    await t.ctx.db.query(
      `UPDATE media_uploads SET completed_at = now() - interval '60 days' WHERE object_key = $1`,
      [second],
    );
    await expireUnexecutedMedia(t.ctx);
    expect(await stored(second)).toBe(true);
    expect((await taskOf(u.token, task.id)).mediaType).toBe(1);

    expectSuccess(await t.post('/task/delete', { id: task.id }, { as: u.token }));
    expect(await stored(second)).toBe(false);
    expect(await stored(peaksKeyOf(second))).toBe(false);
    expect((await mediaUsage(t.ctx.db, u.id)).storedBytes).toBe(0);
  }, 90_000);

  it('draws the latest media when they are replaced while the earlier ones are still being drawn', async () => {
    const u = await t.signUp();
    const task = await srtTask(u.token);
    const first = await upload(u.token, video, 'cuts.mp4', 2);
    const second = await upload(u.token, mp3, 'voice.mp3', 1);
    expectSuccess(await attach(u.token, task.id, first));
    expectSuccess(await attach(u.token, task.id, second));

    const done = await ready(u.token, task.id);
    expect(done.shotChangesMs).toEqual([]);
    await jobsDone(task.id);
    expect(await keysOf(task.id)).toEqual({ media_key: second, peaks_key: peaksKeyOf(second) });
    expect(await overviewOk(u.token, task.id)).toMatchObject({ state: 'ready', shotChangesMs: [] });
    // nothing of the first media is left, whatever the job had made of them
    expect(await stored(first)).toBe(false);
    expect(await stored(peaksKeyOf(first))).toBe(false);
  }, 90_000);

  it('stops drawing media replaced mid-way and draws the new ones instead', async () => {
    const { u, task, first } = await attachedVideo();
    // as if its job were still to draw it, with an ffmpeg that never ends on the video
    await t.ctx.db.query(`UPDATE tasks SET peaks_key = NULL WHERE id = $1`, [task.id]);
    await t.ctx.storage.delete(peaksKeyOf(first));
    const slowFfmpeg = path.join(dir, 'slow-on-video.sh');
    await writeFile(slowFfmpeg, '#!/bin/sh\ncase "$*" in *.mp4*) exec sleep 30;; esac\nexec ffmpeg "$@"\n');
    await chmod(slowFfmpeg, 0o755);
    const slow = { ...t.ctx, env: { ...t.ctx.env, FFMPEG_PATH: slowFfmpeg } };
    const started = Date.now();
    const run = runOverview(slow, task.id, { retryCount: 0, retryLimit: 2 });
    await until(async () => {
      const [row] = await t.ctx.db.query<{ status: string }>(
        `SELECT status FROM media_overviews WHERE task_id = $1`,
        [task.id],
      );
      return row?.status === 'running';
    });

    const second = await upload(u.token, mp3, 'voice.mp3', 1);
    expectSuccess(await attach(u.token, task.id, second));
    await run;
    // seen within about a second (a busy machine's second), its ffmpeg killed, the audio drawn
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await keysOf(task.id)).toEqual({ media_key: second, peaks_key: peaksKeyOf(second) });
    expect(await overviewOk(u.token, task.id)).toMatchObject({ state: 'ready', shotChangesMs: [] });
    await jobsDone(task.id);
    expect(await stored(first)).toBe(false);
    expect(await stored(peaksKeyOf(first))).toBe(false);
  }, 90_000);
});
