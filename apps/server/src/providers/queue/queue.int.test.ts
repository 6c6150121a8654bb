import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { until } from '../../../test/support/until.js';
import { JobQueue, MissingHandlerError, type Handlers } from './queue.js';

const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

interface TestJobs {
  'test.echo': { n: number };
  'test.flaky': { key: string };
}

interface FairJobs {
  'test.fair': { user: string; n: number };
}

const DEFS = {
  'test.echo': {},
  'test.flaky': { options: { retryLimit: 3, retryDelay: 1, retryBackoff: false } },
};

const schemaName = () => `pgboss_q_${randomBytes(5).toString('hex')}`;

describe(`job queue (${TEST_DB})`, () => {
  let t: TestApp;
  const schemas: string[] = [];
  const queues: JobQueue<never>[] = [];

  async function openQueue<R extends { [K in keyof R]: object }>(
    definitions: { [K in keyof R]: object },
    schema?: string,
  ) {
    const s = schema ?? schemaName();
    schemas.push(s);
    const q = await JobQueue.open<R>({
      db: t.ctx.db,
      databaseUrl: process.env.DATABASE_URL,
      definitions,
      log: silent,
      settings: { schema: s, pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 2 },
    });
    queues.push(q as unknown as JobQueue<never>);
    return q;
  }

  beforeAll(async () => {
    t = await startTestApp({ queue: true });
  });
  afterAll(async () => {
    for (const q of queues) await q.stop(1000).catch(() => undefined);
    for (const s of schemas)
      await t.ctx.db.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`).catch(() => undefined);
    await t.close();
  });

  it('runs a job with its payload', async () => {
    const q = await openQueue<TestJobs>(DEFS);
    const seen: number[] = [];
    await q.work({
      'test.echo': async ({ n }) => void seen.push(n),
      'test.flaky': async () => undefined,
    });
    await q.send('test.echo', { n: 41 });
    await until(() => seen.includes(41));
    expect(seen).toEqual([41]);
  });

  it('retries a failing job until it succeeds', async () => {
    const q = await openQueue<TestJobs>(DEFS);
    const attempts: number[] = [];
    await q.work({
      'test.echo': async () => undefined,
      'test.flaky': async (_p, job) => {
        attempts.push(job.retryCount);
        if (attempts.length < 3) throw new Error('engine answered garbage');
      },
    });
    const id = await q.send('test.flaky', { key: 'k' });
    await until(async () => (await q.raw.getJobById('test.flaky', id!))?.state === 'completed', 30_000);
    expect(attempts).toEqual([0, 1, 2]);
  });

  it('a shutdown tells running handlers to stop at once, aborts them after the grace, and puts their jobs back', async () => {
    const schema = schemaName();
    const q = await openQueue<TestJobs>(DEFS, schema);
    const seen: string[] = [];
    let started = false;
    const aborted = (signal: AbortSignal) =>
      new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    await q.work({
      'test.echo': async (_p, job) => {
        started = true;
        await aborted(job.stopping);
        // told to stop: what is in flight may still end (and be saved) until the grace is over
        seen.push(`stopping, aborted: ${job.signal.aborted}`);
        const at = Date.now();
        await aborted(job.signal);
        seen.push(`aborted after ${Date.now() - at >= 200 ? 'the grace' : 'too short a grace'}`);
        throw job.signal.reason;
      },
      'test.flaky': async () => undefined,
    });
    const id = await q.send('test.echo', { n: 1 });
    await until(() => started);
    await q.shutdown(5000, 300);
    expect(seen).toEqual(['stopping, aborted: false', 'aborted after the grace']);
    const [job] = await t.ctx.db.query<{ state: string; retry_count: number }>(
      `SELECT state, retry_count FROM "${schema}".job WHERE id = $1`,
      [id],
    );
    expect(job).toEqual({ state: 'created', retry_count: 0 });
  });

  it("runs at most groupConcurrency of one group's jobs at once: another group's job waits for no one", async () => {
    const q = await openQueue<FairJobs>({ 'test.fair': { concurrency: 3, groupConcurrency: 1 } });
    const started: string[] = [];
    const running = { a: 0, b: 0 };
    let mostOfA = 0;
    let releaseB = () => {};
    await q.work({
      'test.fair': async ({ user, n }) => {
        started.push(`${user}${n}`);
        const group = user as 'a' | 'b';
        running[group] += 1;
        mostOfA = Math.max(mostOfA, running.a);
        // a's jobs take a moment each; b's waits until told
        if (group === 'a') await new Promise((r) => setTimeout(r, 300));
        else await new Promise<void>((resolve) => (releaseB = resolve));
        running[group] -= 1;
      },
    });
    // one user's batch first, then another's single job
    for (let n = 1; n <= 4; n += 1) await q.send('test.fair', { user: 'a', n }, { group: { id: 'a' } });
    await q.send('test.fair', { user: 'b', n: 1 }, { group: { id: 'b' } });
    await until(() => started.length === 5, 20_000);
    releaseB();
    // b's job started second, beside a's first; a's ran one at a time although workers were free
    // (two workers fetching at once may each take one of a's: the one over the limit is put back,
    // so which of a's runs first may change, never how many run)
    expect(started[1]).toBe('b1');
    expect([...started].sort()).toEqual(['a1', 'a2', 'a3', 'a4', 'b1']);
    expect(mostOfA).toBe(1);
  });

  it('refuses to start when a job has no handler', async () => {
    const q = await openQueue<TestJobs>(DEFS);
    const handlers = { 'test.echo': async () => undefined } as unknown as Handlers<TestJobs>;
    await expect(q.work(handlers)).rejects.toThrow(MissingHandlerError);
    await expect(q.work(handlers)).rejects.toThrow(/test\.flaky/);
  });

  it("runs the product's scheduled clean-up job through the app's queue", async () => {
    await t.ctx.db.query(
      `INSERT INTO rate_limits (key, window_start, hits) VALUES ('old-window', now() - interval '2 days', 3)`,
    );
    await t.ctx.queue!.send('accounts.cleanup', {});
    await until(
      async () => (await t.ctx.db.query(`SELECT 1 FROM rate_limits WHERE key = 'old-window'`)).length === 0,
    );
  });
});
