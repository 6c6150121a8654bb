import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RENDER_STYLE, type Render, type RenderState } from '@subtrans/contract';
import { TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectSuccess } from '../../../../test/support/http.js';
import { STORAGE_KINDS, storageEnv } from '../../../../test/support/media-storage.js';
import { uploadMedia } from '../../../../test/support/media-upload.js';
import { startSpeechApp, type SpeechApp } from '../../../../test/support/speech-app.js';
import { completedTaskOf, grantPoints, makeSrt } from '../../../../test/support/tasks.js';
import { until } from '../../../../test/support/until.js';
import { startQueue } from '../../../jobs/start.js';
import { getBalance, getHeld, hold } from '../../billing/ledger.service.js';
import { sweepStuckRenders } from './render-job.js';
import { findRender, insertRender } from './render.repository.js';

const run = promisify(execFile);

/**
 * Issue 40 §1: a render survives its process stopping (the encode is killed, the job goes back to
 * the queue, the next worker renders it again and charges it once), and a render whose job is gone
 * fails and gives its points back. A subtitle-file task given its video (issue 38) is rendered here.
 */
describe.each(STORAGE_KINDS)(`a render across a restart (%s storage, ${TEST_DB})`, (kind) => {
  let dir: string;
  let video: string;
  let storage: Awaited<ReturnType<typeof storageEnv>>;
  let app: SpeechApp;
  let t: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'render-restart-'));
    // a picture big enough that its encode takes some seconds on two cores
    video = path.join(dir, 'film.mp4');
    await run('ffmpeg', [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25:d=20'],
      ...['-f', 'lavfi', '-i', 'sine=f=440:d=20', '-c:v', 'libx264', '-preset', 'ultrafast'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', video],
    ]);
    storage = await storageEnv(kind);
    app = await startSpeechApp({ ...storage.env, RENDER_POINTS_PER_MINUTE: '4', RENDER_PRESET: 'medium' });
    t = app.t;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await storage?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const stateOf = async (token: string, id: string) =>
    expectSuccess<RenderState>(await t.post('/task/render_state', { id }, { as: token }));

  it('renders again after the process stopped mid-encode, and charges once', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const task = await completedTaskOf(t, u.token, makeSrt(4));
    const up = await uploadMedia(t, u.token, { path: video, name: 'film.mp4', type: 2 });
    expectSuccess(
      await t.post('/file/attach_media', { taskId: task.id, objectKey: up.objectKey }, { as: u.token }),
    );
    expect(await stateOf(u.token, task.id)).toMatchObject({ unavailable: null, hasVideo: true, points: 4 });
    const before = await getBalance(t.ctx.db, u.id);

    const started = expectSuccess<Render>(await t.post('/task/render', { id: task.id }, { as: u.token }));
    // part of the picture encoded: the progress shows it
    const midway = await until(async () => {
      const r = (await stateOf(u.token, task.id)).render!;
      return r.status === 'rendering' && r.progress > 0 && r;
    }, 60_000);
    expect(midway.progress).toBeLessThan(1);

    // the process stops: the encode is killed and the job goes back, nothing is charged or given back
    await t.ctx.queue!.shutdown(5000);
    const stopped = (await findRender(t.ctx.db, started.id))!;
    const points = { balance: await getBalance(t.ctx.db, u.id), held: await getHeld(t.ctx.db, u.id) };
    // the next start renders it again from the start, to its end
    await startQueue(t.ctx, { work: true, settings: { pollingIntervalSeconds: 0.5 } });
    expect(stopped.status).toBe('rendering');
    expect(points).toEqual({ balance: before - 4, held: 4 });

    const done = await until(async () => {
      const r = (await stateOf(u.token, task.id)).render!;
      return (r.status === 'completed' || r.status === 'failed') && r;
    }, 90_000);
    expect(done).toMatchObject({ status: 'completed', width: 640, height: 360 });
    expect((await findRender(t.ctx.db, started.id))!.attempts).toBe(2);
    expect({ balance: await getBalance(t.ctx.db, u.id), held: await getHeld(t.ctx.db, u.id) }).toEqual({
      balance: before - 4,
      held: 0,
    });
    const entries = await t.ctx.db.query<{ kind: string }>(
      `SELECT kind FROM ledger_entries WHERE reference_id = $1 ORDER BY id`,
      [stopped.hold_ref],
    );
    expect(entries.map((e) => e.kind)).toEqual(['hold', 'capture']);
  }, 180_000);

  it('fails a render whose job is gone and gives its points back', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 30);
    const task = await completedTaskOf(t, u.token, makeSrt(2));
    const up = await uploadMedia(t, u.token, { path: video, name: 'film.mp4', type: 2 });
    expectSuccess(
      await t.post('/file/attach_media', { taskId: task.id, objectKey: up.objectKey }, { as: u.token }),
    );
    const before = await getBalance(t.ctx.db, u.id);
    // a render its job never reached (a worker lost on its last attempt leaves the same)
    const id = '00000000-0000-4000-8000-000000000040';
    const holdRef = `render:${task.id}:${id}`;
    await t.ctx.db.tx(async (q) => {
      await insertRender(q, {
        id,
        taskId: task.id,
        userId: u.id,
        style: DEFAULT_RENDER_STYLE,
        resolution: 'source',
        points: 4,
        holdRef,
        durationMs: 20_000,
      });
      await hold(t.ctx.db, u.id, holdRef, 4, { q });
    });
    expect(await getHeld(t.ctx.db, u.id)).toBe(4);
    // not quiet long enough yet: left alone
    expect(await sweepStuckRenders(t.ctx)).toBe(0);
    await t.ctx.db.query(`UPDATE task_renders SET updated_at = now() - interval '11 minutes' WHERE id = $1`, [
      id,
    ]);
    expect(await sweepStuckRenders(t.ctx)).toBe(1);
    const render = (await stateOf(u.token, task.id)).render!;
    expect(render).toMatchObject({ status: 'failed', error: expect.stringContaining('中断') as unknown });
    expect({ balance: await getBalance(t.ctx.db, u.id), held: await getHeld(t.ctx.db, u.id) }).toEqual({
      balance: before,
      held: 0,
    });
  }, 120_000);
});
