import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { envelope } from '../../test/support/http.js';
import { until } from '../../test/support/until.js';
import { openDb, type Db } from './client.js';
import { DbConnectionLost } from './connection-loss.js';

/**
 * The server's PostgreSQL connections are terminated while requests run (as a failover or a
 * pooler restart does): reads are retried on a fresh connection and succeed; writes succeed or
 * answer the retryable TRY_AGAIN (50305, HTTP 503, Retry-After); nothing answers 50000.
 * PostgreSQL only: PGlite has no connections to lose.
 */
const READS = ['/user/profile', '/task/list', '/user/get_point'];

describe('requests while the database connections are terminated', () => {
  let t: TestApp;
  let killer: pg.Client;

  // every connection the app opens carries this name (the URL's application_name wins)
  const tag = `conn-loss-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const url = process.env.DATABASE_URL!;
    process.env.DATABASE_URL = `${url}${url.includes('?') ? '&' : '?'}application_name=${tag}`;
    try {
      t = await startTestApp();
    } finally {
      process.env.DATABASE_URL = url;
    }
    killer = new pg.Client({ connectionString: process.env.DATABASE_URL, application_name: 'test killer' });
    await killer.connect();
  });
  afterAll(async () => {
    await killer.end();
    await t.close();
  });

  it('retries reads, answers writes TRY_AGAIN at worst, and never 50000', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => t.signUp()));
    const answers: { url: string; code: number; status: number; retryAfter: unknown }[] = [];
    let terminated = 0;
    let bursts = 0;
    let running = true;

    // every backend of this app (its pool, its LISTEN connection, a retry's own) at once, as a
    // failover does, every half second
    const kill = async () => {
      while (running) {
        const rows = await killer.query<{ done: boolean }>(
          `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
            WHERE application_name = $1 AND pid <> pg_backend_pid()`,
          [tag],
        );
        terminated += rows.rows.filter((r) => r.done).length;
        bursts += 1;
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    const load = async (token: string, n: number) => {
      for (let i = 0; running; i += 1) {
        const write = i % 4 === 3;
        const url = write ? '/user/update_profile' : READS[i % READS.length]!;
        const body = write ? { name: `Name ${n}-${i % 100}` } : {};
        const res = await t.post(url, body, { as: token });
        answers.push({
          url,
          code: envelope(res).code,
          status: res.statusCode,
          retryAfter: res.headers['retry-after'],
        });
      }
    };
    const killing = kill();
    const loads = users.flatMap((u, n) => [load(u.token, n), load(u.token, n + 10)]);
    // at least 8 bursts and 200 answers (a busy machine answers fewer a second), 30 s at most
    const started = Date.now();
    await until(() => (bursts >= 8 && answers.length >= 200) || Date.now() - started > 30_000, 40_000);
    running = false;
    await Promise.all([killing, ...loads]);

    expect(terminated).toBeGreaterThan(10);
    expect(answers.length).toBeGreaterThanOrEqual(200);
    const reads = answers.filter((a) => a.url !== '/user/update_profile');
    const writes = answers.filter((a) => a.url === '/user/update_profile');
    expect(answers.filter((a) => a.code === 50000)).toEqual([]);
    expect(reads.filter((a) => a.code !== 20000)).toEqual([]);
    expect(writes.filter((a) => a.code !== 20000 && a.code !== 50305)).toEqual([]);
    for (const w of writes.filter((a) => a.code === 50305))
      expect(w).toMatchObject({ status: 503, retryAfter: '1' });
    expect(writes.some((a) => a.code === 20000)).toBe(true);
  }, 90_000);
});

/**
 * node-postgres emits 'error' on a client whose connection dies; pg-pool listens only while the
 * client is idle in the pool. A transaction holds its client checked out: without a listener of
 * our own the 'error' would end the process (here: an unhandled error that fails the run).
 */
describe('a transaction whose connection is terminated', () => {
  let db: Db;
  let killer: pg.Client;
  const schema = `t_txloss_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    db = await openDb({ databaseUrl: process.env.DATABASE_URL, dataDir: '', schema, poolSize: 2 });
    killer = new pg.Client({ connectionString: process.env.DATABASE_URL, application_name: 'test killer' });
    await killer.connect();
  });
  afterAll(async () => {
    await killer.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await killer.end();
    await db.close();
  });

  /** Terminates the backend and waits until it is gone (its last words reach the client meanwhile). */
  async function terminate(pid: number) {
    await killer.query('SELECT pg_terminate_backend($1)', [pid]);
    await until(
      async () => (await killer.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount === 0,
    );
    await new Promise((r) => setTimeout(r, 100));
  }
  const pidOf = async (q: { query: Db['query'] }) =>
    (await q.query<{ pid: number }>('SELECT pg_backend_pid() AS pid'))[0]!.pid;

  /** Later transactions run, and none of them on the connection that died. */
  async function poolStillAnswers(dead: number) {
    for (let i = 0; i < 4; i += 1) expect(await db.tx((q) => pidOf(q))).not.toBe(dead);
  }

  it('between two statements: it fails with DbConnectionLost and the connection is dropped', async () => {
    let dead = 0;
    const run = db.tx(async (q) => {
      dead = await pidOf(q);
      await terminate(dead);
      await q.query('SELECT 1');
    });
    await expect(run).rejects.toBeInstanceOf(DbConnectionLost);
    await poolStillAnswers(dead);
  });

  it('during a statement: it fails with DbConnectionLost and the connection is dropped', async () => {
    let dead = 0;
    const run = db.tx(async (q) => {
      dead = await pidOf(q);
      const sleeping = q.query('SELECT pg_sleep(5)');
      // awaited below, once the backend is gone
      sleeping.catch(() => undefined);
      await until(
        async () =>
          (
            await killer.query(`SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND query LIKE '%pg_sleep%'`, [
              dead,
            ])
          ).rowCount === 1,
      );
      await terminate(dead);
      await sleeping;
    });
    await expect(run).rejects.toBeInstanceOf(DbConnectionLost);
    await poolStillAnswers(dead);
  });
});
