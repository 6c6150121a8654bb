import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task, TaskWithSegments } from '@subtrans/contract';
import { parseSrt } from '@subtrans/subtitles';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { expectSuccess } from '../../../../test/support/http.js';
import { grantPoints, makeSrt, uploadSrt } from '../../../../test/support/tasks.js';
import { fakeTranslatedLine, startOpenAiServer } from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';
import { startWorkerChild, terminate } from '../../../../test/support/worker-child.js';
import { startQueue } from '../../../jobs/start.js';

/**
 * A worker killed mid-task (a crashed or redeployed server): another worker resumes the task where
 * the dead one stopped, and the user is charged once. Several processes on one database: this
 * runs on PostgreSQL only.
 */
const KEY = 'ds-key';

describe('a translation task survives its worker being killed', () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;
  const children: ChildProcess[] = [];
  let env: Record<string, string>;

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    env = {
      DEEPSEEK_API_KEY: KEY,
      DEEPSEEK_BASE_URL: engine.url,
      TRANSLATE_BATCH_SIZE: '2',
      TRANSLATE_CONCURRENCY: '1',
    };
    t = await startTestApp({ env });
    // this process only sends jobs; the workers are the children
    await startQueue(t.ctx, { work: false, settings: { schedule: false } });
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await t.close();
    await engine.close();
  });

  const startWorker = () => startWorkerChild(t, env, children);

  it('resumes from the last saved batch on another worker and charges once', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const srt = makeSrt(30);
    const task = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'long.srt', data: srt }));
    engine.setDelay(250);
    const first = await startWorker();
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
    const get = async () =>
      expectSuccess<TaskWithSegments>(await t.post('/task/get', { id: task.id }, { as: u.token }));
    await until(async () => (await get()).translationProgress >= 20);
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));
    const saved = (await get()).segments.filter((s) => s.translatedText).map((s) => s.originalText);
    expect(saved.length).toBeGreaterThan(0);
    expect(saved.length).toBeLessThan(30);
    const sentBefore = engine.requests.length;

    await startWorker();
    const done = await until(async () => {
      const x = await get();
      return x.status === 'completed' && x;
    }, 80_000);
    expect(done.segments.map((s) => s.translatedText)).toEqual(
      parseSrt(srt).map((c) => fakeTranslatedLine(c.text, 'ja')),
    );
    // the stored result holds every line: those saved before the kill and those after
    const [row] = await t.ctx.db.query<{ result_key: string }>(`SELECT result_key FROM tasks WHERE id = $1`, [
      task.id,
    ]);
    const stored = await t.ctx.storage.get(row!.result_key);
    const chunks: Buffer[] = [];
    for await (const c of stored!.body) chunks.push(c as Buffer);
    expect(parseSrt(Buffer.concat(chunks).toString('utf8')).map((c) => c.text)).toEqual(
      done.segments.map((s) => s.translatedText),
    );
    // lines saved before the kill were not sent again
    const resent = engine.requests.slice(sentBefore).flatMap((r) => Object.values(r.lines));
    for (const line of saved) expect(resent).not.toContain(line);
    const kinds = await t.ctx.db.query<{ kind: string }>(
      `SELECT kind FROM ledger_entries WHERE user_id = $1 ORDER BY id`,
      [u.id],
    );
    expect(kinds.map((k) => k.kind)).toEqual(['grant', 'hold', 'capture']);
    // two runs: the killed one and the one that finished the task (each run is counted)
    expect(done.attempts).toBe(2);
  }, 100_000);

  it('a worker stopped by SIGTERM (npm run worker) exits at once and puts its job back without spending a retry', async () => {
    // the workers of the test before are gone: only the ones started here take jobs
    for (const c of children.splice(0)) {
      if (c.exitCode === null && c.signalCode === null) {
        c.kill('SIGKILL');
        await new Promise((r) => c.once('exit', r));
      }
    }
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const srt = makeSrt(30);
    const task = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'stop.srt', data: srt }));
    engine.setDelay(300);
    const first = await startWorker();
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
    const get = async () =>
      expectSuccess<TaskWithSegments>(await t.post('/task/get', { id: task.id }, { as: u.token }));
    await until(async () => (await get()).translationProgress >= 20);
    const stopped = await terminate(first);
    expect(stopped.code).toBe(0);
    expect(stopped.ms).toBeLessThan(5000);
    const [row] = await t.ctx.db.query<{ job_id: string }>(`SELECT job_id FROM tasks WHERE id = $1`, [
      task.id,
    ]);
    const job = () =>
      t.ctx.db.query<{ state: string; retry_count: number }>(
        `SELECT state, retry_count FROM "pgboss_${t.ctx.dbSchema}".job WHERE id = $1`,
        [row!.job_id],
      );
    expect(await job()).toEqual([{ state: 'created', retry_count: 0 }]);
    const stoppedTask = await get();
    expect(stoppedTask.status).toBe('translating');
    const saved = stoppedTask.segments.filter((s) => s.translatedText).length;
    expect(saved).toBeGreaterThan(0);
    expect(saved).toBeLessThan(30);

    await startWorker();
    const done = await until(async () => {
      const x = await get();
      return x.status === 'completed' && x;
    }, 60_000);
    expect(done.segments.map((s) => s.translatedText)).toEqual(
      parseSrt(srt).map((c) => fakeTranslatedLine(c.text, 'ja')),
    );
    // pg-boss marks the job once the handler has returned, a moment after the task row
    const finished = await until(async () => {
      const rows = await job();
      return rows[0]?.state === 'active' ? null : rows;
    });
    expect(finished).toEqual([{ state: 'completed', retry_count: 0 }]);
    expect(done.attempts).toBe(2);
  }, 100_000);
});
