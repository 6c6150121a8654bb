import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TaskWithSegments } from '@subtrans/contract';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { expectSuccess } from '../../../test/support/http.js';
import { makeSpeechMedia, type MadeMedia } from '../../../test/support/media.js';
import { uploadMedia } from '../../../test/support/media-upload.js';
import { grantPoints } from '../../../test/support/tasks.js';
import { startTranscriptionServer } from '../../../test/support/transcription-server.js';
import { startOpenAiServer } from '../../../test/support/translation-servers.js';
import { until } from '../../../test/support/until.js';
import { startWorkerChild } from '../../../test/support/worker-child.js';
import { startQueue } from '../../jobs/start.js';

/**
 * A worker killed while it transcribes, or while it translates the transcript: another worker
 * picks the job up (missed heartbeat) and finishes it, and the user is charged once. Several
 * processes on one database: PostgreSQL only.
 */
const KEY = 'ds-key';

describe('an audio/video task survives its worker being killed', () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let stt: Awaited<ReturnType<typeof startTranscriptionServer>>;
  let t: TestApp;
  let dir: string;
  let audio: MadeMedia;
  const children: ChildProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-resume-'));
    audio = await makeSpeechMedia(dir, {
      text: 'One sentence to start. Another sentence follows it. And a last one ends the file.',
      format: 'mp3',
    });
    engine = await startOpenAiServer(KEY);
    stt = await startTranscriptionServer();
    env = {
      DEEPSEEK_API_KEY: KEY,
      DEEPSEEK_BASE_URL: engine.url,
      TRANSLATE_BATCH_SIZE: '1',
      TRANSLATE_CONCURRENCY: '1',
      STT_BASE_URL: stt.baseUrl,
    };
    t = await startTestApp({ env });
    // this process only sends jobs; the workers are the children
    await startQueue(t.ctx, { work: false, settings: { schedule: false } });
  }, 60_000);
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await t.close();
    await engine.close();
    await stt.close();
    await rm(dir, { recursive: true, force: true });
  });

  const startWorker = () => startWorkerChild(t, env, children);

  async function kill(child: ChildProcess) {
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
  }

  async function detectedTask(token: string): Promise<string> {
    const up = await uploadMedia(t, token, { path: audio.path, name: 'talk.mp3', type: 1 });
    const { taskId } = expectSuccess<{ taskId: string }>(
      await t.post(
        '/file/submit_check_task',
        { objectKey: up.objectKey, type: 1, targetLau: 'fr' },
        { as: token },
      ),
    );
    await until(async () => {
      const x = expectSuccess<{ status: number }>(
        await t.post('/file/check_task', { taskId }, { as: token }),
      );
      return x.status === 4;
    }, 30_000);
    return taskId;
  }

  const ledgerKinds = async (userId: number) =>
    (
      await t.ctx.db.query<{ kind: string }>(
        `SELECT kind FROM ledger_entries WHERE user_id = $1 ORDER BY id`,
        [userId],
      )
    ).map((k) => k.kind);

  it('killed while transcribing: another worker extracts and transcribes again, completes, charges once', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 50);
    const first = await startWorker();
    const taskId = await detectedTask(u.token);
    stt.setDelay(4000);
    const before = stt.requests.length;
    expectSuccess(
      await t.post('/file/submit_execute_task', { taskId, targetLau: 'fr', transEngin: 2 }, { as: u.token }),
    );
    // the audio reached the speech engine: the worker is waiting for its answer
    await until(() => stt.requests.length > before, 30_000);
    await kill(first);
    stt.setDelay(0);
    await startWorker();
    const done = await until(async () => {
      const x = expectSuccess<TaskWithSegments>(await t.post('/task/get', { id: taskId }, { as: u.token }));
      return x.status === 'completed' && x;
    }, 90_000);
    expect(done.executeStatus).toBe(4);
    expect(done.segments.length).toBeGreaterThan(0);
    expect(stt.requests.length - before).toBe(2);
    expect(await ledgerKinds(u.id)).toEqual(['grant', 'hold', 'capture']);
  }, 150_000);

  it('killed while translating: the saved transcript is not transcribed again; the translation resumes', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 50);
    const first = await startWorker();
    const taskId = await detectedTask(u.token);
    engine.setDelay(3000);
    const before = stt.requests.length;
    expectSuccess(
      await t.post('/file/submit_execute_task', { taskId, targetLau: 'fr', transEngin: 2 }, { as: u.token }),
    );
    await until(async () => {
      const x = expectSuccess<TaskWithSegments>(await t.post('/task/get', { id: taskId }, { as: u.token }));
      // the transcript is saved (segments exist) and the engine holds the first batch
      return x.status === 'translating' && x.segments.length > 0;
    }, 60_000);
    await kill(first);
    engine.setDelay(0);
    await startWorker();
    const done = await until(async () => {
      const x = expectSuccess<TaskWithSegments>(await t.post('/task/get', { id: taskId }, { as: u.token }));
      return x.status === 'completed' && x;
    }, 90_000);
    expect(done.segments.every((s) => s.translatedText === `[fr] ${s.originalText}`)).toBe(true);
    expect(stt.requests.length - before).toBe(1);
    expect(await ledgerKinds(u.id)).toEqual(['grant', 'hold', 'capture']);
  }, 150_000);
});
