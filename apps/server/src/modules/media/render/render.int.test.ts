import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  PointHistoryEntry,
  Render,
  RenderDownload,
  RenderPreview,
  RenderState,
} from '@subtrans/contract';
import { TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../../test/support/http.js';
import { changedShare, grayFrame, probeOutput } from '../../../../test/support/frames.js';
import { makeSpeechMedia, type MadeMedia } from '../../../../test/support/media.js';
import {
  detection,
  execution,
  STORAGE_KINDS,
  storageEnv,
  submitMedia,
} from '../../../../test/support/media-storage.js';
import { startSpeechApp, type SpeechApp } from '../../../../test/support/speech-app.js';
import { completedTaskOf, grantPoints, makeSrt } from '../../../../test/support/tasks.js';
import { until } from '../../../../test/support/until.js';
import { getBalance, getHeld } from '../../billing/ledger.service.js';

const PER_MINUTE = 3;

/**
 * Issue 40 §1: an audio/video task's lines burned into its picture by the media.render job, priced
 * per started minute (held, then captured once), downloaded as an H.264/AAC MP4, its file deleted
 * with its task; refused without points, with a render already running, or without media.
 */
describe.each(STORAGE_KINDS)(`videos with their lines burned in (%s storage, ${TEST_DB})`, (kind) => {
  let dir: string;
  let video: MadeMedia;
  let storage: Awaited<ReturnType<typeof storageEnv>>;
  let app: SpeechApp;
  let t: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'render-int-'));
    video = await makeSpeechMedia(dir, {
      text: 'Welcome to the harbour. The boats leave at dawn.',
      format: 'mp4',
      fileName: 'harbour.mp4',
      padSeconds: 1,
    });
    storage = await storageEnv(kind);
    app = await startSpeechApp({ ...storage.env, RENDER_POINTS_PER_MINUTE: String(PER_MINUTE) });
    t = app.t;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await storage?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const stateOf = async (token: string, id: string) =>
    expectSuccess<RenderState>(await t.post('/task/render_state', { id }, { as: token }));
  const pointsOf = async (userId: number) => ({
    balance: await getBalance(t.ctx.db, userId),
    held: await getHeld(t.ctx.db, userId),
  });
  async function mediaTask(points: number) {
    const u = await t.signUp();
    await grantPoints(t, u.id, points);
    const { taskId } = await submitMedia(t, u.token, { path: video.path, name: 'harbour.mp4', type: 2 });
    expect((await detection(t, u.token, taskId)).status).toBe(4);
    expect((await execution(t, u.token, taskId)).status).toBe(4);
    return { user: u, taskId };
  }
  /** the bytes behind a download URL: this app's local storage route, or the S3 server */
  async function download(url: string): Promise<Buffer> {
    if (url.startsWith('/')) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      return res.rawPayload;
    }
    const res = await fetch(url);
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  }

  it('renders the lines into the picture: preview, progress, charged once, MP4, deleted with the task', async () => {
    const { user, taskId } = await mediaTask(100);
    const state = await stateOf(user.token, taskId);
    expect(state).toMatchObject({
      unavailable: null,
      hasVideo: true,
      pointsPerMinute: PER_MINUTE,
      points: PER_MINUTE,
    });
    expect(state.render).toBeNull();

    const style = { background: 'box', position: 'top', colour: '#ffff00', size: 9 } as const;
    const preview = expectSuccess<RenderPreview>(
      await t.post('/task/render_preview', { id: taskId, style }, { as: user.token }),
    );
    expect(preview.image).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(preview).toMatchObject({ width: 320, height: 180 });

    const before = await pointsOf(user.id);
    const started = expectSuccess<Render>(
      await t.post('/task/render', { id: taskId, style, resolution: 'source' }, { as: user.token }),
    );
    expect(started).toMatchObject({
      status: 'queued',
      points: PER_MINUTE,
      style: { ...style, font: 'sans', bilingual: false },
    });
    const done = await until(async () => {
      const r = (await stateOf(user.token, taskId)).render!;
      return r.status === 'completed' || r.status === 'failed' ? r : null;
    }, 60_000);
    expect(done).toMatchObject({ status: 'completed', progress: 1, width: 320, height: 180, error: null });
    expect(await pointsOf(user.id)).toEqual({ balance: before.balance - PER_MINUTE, held: 0 });
    // the points history names what the points paid for
    const history = expectSuccess<{ list: PointHistoryEntry[] }>(
      await t.post('/user/point_history', { page: 1, size: 10 }, { as: user.token }),
    );
    expect(history.list.map((e) => [e.amount, e.task?.purpose, e.task?.fileName, e.task?.state])).toEqual([
      [-PER_MINUTE, 'render', 'harbour.mp4', 'charged'],
      [expect.any(Number), 'translation', 'harbour.mp4', 'charged'],
      [100, undefined, undefined, undefined],
    ]);

    const link = expectSuccess<RenderDownload>(
      await t.post('/task/render_download', { id: taskId }, { as: user.token }),
    );
    expect(link.fileName).toBe('harbour.ja.mp4');
    const file = path.join(dir, `${kind}-${TEST_DB}-out.mp4`);
    await writeFile(file, await download(link.url));
    const out = await probeOutput(file);
    expect(out).toMatchObject({ video: { codec: 'h264', width: 320, height: 180 }, audio: { codec: 'aac' } });
    expect(Math.abs(out.durationMs - video.durationMs)).toBeLessThan(300);

    // the first line, in a box at the top: that part of the picture changed, the bottom did not
    const [first] = await t.ctx.db.query<{ start_ms: string; end_ms: string }>(
      `SELECT start_ms, end_ms FROM task_segments WHERE task_id = $1 ORDER BY position LIMIT 1`,
      [taskId],
    );
    const at = (Number(first!.start_ms) + Number(first!.end_ms)) / 2;
    const [burned, source] = await Promise.all([grayFrame(file, at), grayFrame(video.path, at)]);
    expect(changedShare(burned, source, 160, [0, 0.35])).toBeGreaterThan(0.05);
    expect(changedShare(burned, source, 160, [0.65, 1])).toBeLessThan(0.005);

    // deleting the task deletes its video
    const key = (
      await t.ctx.db.query<{ output_key: string }>(`SELECT output_key FROM task_renders WHERE task_id = $1`, [
        taskId,
      ])
    )[0]!.output_key;
    expect(await t.ctx.storage.head(key)).not.toBeNull();
    expectSuccess(await t.post('/task/delete', { id: taskId }, { as: user.token }));
    expect(await t.ctx.storage.head(key)).toBeNull();
    expectFailure(await t.post('/task/render_download', { id: taskId }, { as: user.token }), 40402, 404);
  }, 120_000);

  it('refuses a render without enough points, a second one while one runs, and a task without media', async () => {
    const { user, taskId } = await mediaTask(100);
    expectFailure(await t.post('/task/render_download', { id: taskId }, { as: user.token }), 40460, 404);
    // the translation cost some; what is left is spent elsewhere
    const left = await getBalance(t.ctx.db, user.id);
    expectSuccess(await t.post('/user/decr_point', { points: left - 1 }, { as: user.token }));
    const poor = expectFailure(await t.post('/task/render', { id: taskId }, { as: user.token }), 40200, 402);
    expect(poor.data).toMatchObject({ needed: PER_MINUTE, current: 1 });
    expect((await stateOf(user.token, taskId)).render).toBeNull();
    expect(await pointsOf(user.id)).toEqual({ balance: 1, held: 0 });

    // two starts at once: one render, held once
    await grantPoints(t, user.id, 20);
    const [a, b] = await Promise.all([
      t.post('/task/render', { id: taskId }, { as: user.token }),
      t.post('/task/render', { id: taskId }, { as: user.token }),
    ]);
    const codes = [a, b].map((r) => (JSON.parse(r.body) as { code: number }).code).sort();
    expect(codes).toEqual([20000, 40962]);
    expect((await pointsOf(user.id)).held).toBe(PER_MINUTE);
    await until(async () => (await stateOf(user.token, taskId)).render?.status === 'completed', 60_000);
    expect(await pointsOf(user.id)).toEqual({ balance: 21 - PER_MINUTE, held: 0 });

    // another user's task is not found; a subtitle file without media has nothing to render
    const other = await t.signUp();
    expectFailure(await t.post('/task/render', { id: taskId }, { as: other.token }), 40402, 404);
    await grantPoints(t, other.id, 50);
    const srt = await completedTaskOf(t, other.token, makeSrt(2));
    expect((await stateOf(other.token, srt.id)).unavailable).toBe('no-media');
    expectFailure(await t.post('/task/render', { id: srt.id }, { as: other.token }), 42270, 422);
    expectFailure(await t.post('/task/render_preview', { id: srt.id }, { as: other.token }), 42270, 422);
    // a style out of bounds is refused before anything runs
    expectFailure(
      await t.post('/task/render', { id: taskId, style: { size: 40, colour: 'red' } }, { as: user.token }),
      40000,
      400,
    );

    // the account closes while a render runs: it fails, its hold goes back before the forfeiture
    expectSuccess(await t.post('/task/render', { id: taskId }, { as: user.token }));
    expectSuccess(await t.post('/user/close_account', { pass: user.pass }, { as: user.token }));
    const [closed] = await t.ctx.db.query<{ status: string }>(
      `SELECT status FROM task_renders WHERE task_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [taskId],
    );
    expect(closed!.status).toBe('failed');
    expect(await pointsOf(user.id)).toEqual({ balance: 0, held: 0 });
  }, 120_000);
});
