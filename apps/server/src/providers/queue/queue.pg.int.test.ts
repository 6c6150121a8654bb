import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../db/client.js';
import { SLOW_JOB_DEFINITIONS, type SlowJobs } from '../../../test/support/queue-test-jobs.js';
import { until } from '../../../test/support/until.js';
import { JobQueue } from './queue.js';

/**
 * Claims about several processes sharing one queue only mean something on a PostgreSQL server
 * (the embedded database belongs to one process): this file runs in the PostgreSQL project only.
 */
const url = process.env.DATABASE_URL!;
const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

describe('several workers on one PostgreSQL', () => {
  let db: Db;
  let events: pg.Pool;
  const table = `queue_events_${randomBytes(4).toString('hex')}`;
  const schemas: string[] = [];
  const queues: JobQueue<SlowJobs>[] = [];
  const children: ChildProcess[] = [];

  const schemaName = () => {
    const s = `pgboss_q_${randomBytes(5).toString('hex')}`;
    schemas.push(s);
    return s;
  };

  async function openQueue(schema: string) {
    const q = await JobQueue.open<SlowJobs>({
      db,
      databaseUrl: url,
      definitions: SLOW_JOB_DEFINITIONS,
      log: silent,
      settings: { schema, pollingIntervalSeconds: 0.5, superviseIntervalSeconds: 2 },
    });
    queues.push(q);
    return q;
  }

  function startChild(schema: string, slow: boolean): Promise<ChildProcess> {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, '../../../test/support/queue-worker-child.ts')],
      {
        env: { ...process.env, QUEUE_SCHEMA: schema, EVENTS_TABLE: table, SLOW: slow ? '1' : '0' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    children.push(child);
    return new Promise((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => {
        if (d.toString().includes('ready')) resolve(child);
      });
      child.on('exit', (code) => reject(new Error(`worker exited with ${code}`)));
    });
  }

  const rowsOf = async (sql: string, params: unknown[] = []) =>
    (await events.query<{ key: string; event: string; pid: number }>(sql, params)).rows;

  beforeAll(async () => {
    db = await openDb({ databaseUrl: url, dataDir: '' });
    events = new pg.Pool({ connectionString: url, max: 2 });
    await events.query(
      `CREATE TABLE ${table} (job_id text, key text, event text, pid int, at timestamptz DEFAULT clock_timestamp())`,
    );
  });

  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    for (const q of queues) await q.stop(1000).catch(() => undefined);
    for (const s of schemas)
      await events.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`).catch(() => undefined);
    await events.query(`DROP TABLE IF EXISTS ${table}`);
    await events.end();
    await db.close();
  });

  it('two workers share the jobs and none runs twice', async () => {
    const schema = schemaName();
    const a = await openQueue(schema);
    const b = await openQueue(schema);
    const record =
      (who: string) =>
      async ({ key }: { key: string }, job: { id: string }) => {
        await events.query(`INSERT INTO ${table} (job_id, key, event, pid) VALUES ($1, $2, $3, 0)`, [
          job.id,
          key,
          who,
        ]);
        await new Promise((r) => setTimeout(r, 50));
      };
    await a.work({ 'test.slow': record('a') });
    await b.work({ 'test.slow': record('b') });
    for (let i = 0; i < 20; i += 1) await a.send('test.slow', { key: `share-${i}` });
    await until(async () => (await rowsOf(`SELECT key FROM ${table} WHERE key LIKE 'share-%'`)).length >= 20);
    await new Promise((r) => setTimeout(r, 1500));
    const rows = await rowsOf(`SELECT key, event FROM ${table} WHERE key LIKE 'share-%'`);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.key)).size).toBe(20);
    expect(new Set(rows.map((r) => r.event))).toEqual(new Set(['a', 'b']));
  });

  it('a job whose worker is killed mid-job completes once on another worker', async () => {
    const schema = schemaName();
    const dying = await startChild(schema, true);
    const q = await openQueue(schema);
    const id = await q.send('test.slow', { key: 'killed' });
    await until(
      async () => (await rowsOf(`SELECT 1 FROM ${table} WHERE job_id = $1 AND event = 'start'`, [id])).length,
    );
    dying.kill('SIGKILL');
    const killedAt = Date.now();
    await startChild(schema, false);
    const done = await until(async () => {
      const r = await rowsOf(`SELECT pid FROM ${table} WHERE job_id = $1 AND event = 'done'`, [id]);
      return r.length ? r : null;
    }, 60_000);
    // picked up again well within a minute of the worker dying, by the other worker
    expect(Date.now() - killedAt).toBeLessThan(60_000);
    expect(done[0]!.pid).not.toBe(dying.pid);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await rowsOf(`SELECT 1 FROM ${table} WHERE job_id = $1 AND event = 'done'`, [id])).toHaveLength(1);
  }, 90_000);
});
