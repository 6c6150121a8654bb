import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN } from '../../test/harness.js';
import { until } from '../../test/support/until.js';

/**
 * A failover, a PostgreSQL restart, an idle timeout or a pooler recycling connections: the
 * server's connections die while it holds them checked out, inside transactions (busy in a
 * statement, or idle between two) and inside the queue's fetch and completion. The process must
 * stay up (node-postgres emits 'error' on a client whose connection dies, and an 'error' with no
 * listener ends the process); each loss fails only the request (TRY_AGAIN, 503) or the job
 * (retried) that used the connection; no job is lost or run twice. PostgreSQL only.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const url = process.env.DATABASE_URL!;

interface Answer {
  kind: 'tx' | 'job' | 'read';
  key: string;
  code: number;
  status: number;
  retryAfter: string | null;
}

describe('a server whose database connections are terminated under load', () => {
  const id = randomBytes(4).toString('hex');
  // every connection of the child carries this name (the URL's application_name wins), so only
  // its connections are terminated, not those of other tests on the same server
  const tag = `subtrans-loss-${id}`;
  const schema = `t_loss_${id}`;
  const queueSchema = `pgboss_loss_${id}`;
  const table = `loss_events_${id}`;
  let admin: pg.Pool;
  let dataDir: string;
  let child: ChildProcess | null = null;

  beforeAll(async () => {
    admin = new pg.Pool({ connectionString: url, max: 2, application_name: 'loss test' });
    await admin.query(
      `CREATE TABLE ${table} (job_id text, key text, event text, at timestamptz DEFAULT clock_timestamp())`,
    );
    dataDir = await mkdtemp(path.join(tmpdir(), 'subtrans-loss-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    for (const s of [schema, `pgboss_${schema}`, queueSchema])
      await admin.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
    await admin.query(`DROP TABLE IF EXISTS ${table}`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  function startChild(): Promise<string> {
    const c = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(here, '../../test/support/db-loss-child.ts')],
      {
        env: {
          ...process.env,
          DATABASE_URL: `${url}${url.includes('?') ? '&' : '?'}application_name=${tag}`,
          DATABASE_POOL_SIZE: '10',
          APP_SCHEMA: schema,
          QUEUE_SCHEMA: queueSchema,
          EVENTS_URL: url,
          EVENTS_TABLE: table,
          DATA_DIR: dataDir,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          SMTP_URL: '',
          PUBLIC_URL: 'http://localhost:8080',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    child = c;
    return new Promise((resolve, reject) => {
      c.stdout.on('data', (d: Buffer) => {
        const port = /ready (\d+)/.exec(d.toString())?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
      });
      c.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
  }

  it('stays up; a lost connection fails only its request (TRY_AGAIN) or its job (retried)', async () => {
    const base = await startChild();
    let exit: string | null = null;
    child!.on('exit', (code, signal) => (exit = `exited with ${code ?? signal}`));

    const post = async (kind: Answer['kind'], path: string, key: string, body: unknown, token?: string) => {
      const res = await fetch(base + path, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      const { code } = (await res.json()) as { code: number };
      return { kind, key, code, status: res.status, retryAfter: res.headers.get('retry-after') };
    };
    const login = await fetch(`${base}/email/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, pass: ADMIN.password }),
    });
    const token = /user_sessionid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;

    const answers: Answer[] = [];
    const failures: string[] = [];
    let running = true;
    let bursts = 0;
    let terminated = 0;
    // Every connection of the server at once, ten times a second: most bursts find transactions
    // checked out (busy in pg_sleep, or idle between statements) and queue statements under way
    const kill = async () => {
      while (running && !exit) {
        const { rows } = await admin.query<{ done: boolean }>(
          `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
            WHERE application_name = $1 AND pid <> pg_backend_pid()`,
          [tag],
        );
        terminated += rows.filter((r) => r.done).length;
        bursts += 1;
        await new Promise((r) => setTimeout(r, 400));
      }
    };
    const loop = async (next: (i: number) => Promise<Answer>, pauseMs: number) => {
      for (let i = 0; running && !exit; i += 1) {
        try {
          answers.push(await next(i));
        } catch (err) {
          failures.push(String(err));
          return;
        }
        if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
      }
    };
    const loads = [
      ...Array.from({ length: 6 }, (_, n) =>
        loop(
          (i) => post('tx', '/test/tx', `tx-${n}-${i}`, { key: `tx-${n}-${i}`, sleepMs: 80, gapMs: 20 }),
          0,
        ),
      ),
      loop((i) => post('job', '/test/job', `job-${i}`, { key: `job-${i}` }), 40),
      loop((i) => post('read', '/user/profile', `read-${i}`, {}, token), 0),
    ];
    const killing = kill();
    const started = Date.now();
    await until(
      () =>
        exit !== null ||
        failures.length > 0 ||
        (bursts >= 25 && answers.filter((a) => a.kind === 'tx').length >= 150) ||
        Date.now() - started > 45_000,
      60_000,
    );
    running = false;
    await Promise.all([killing, ...loads]);

    // the process lived through every burst and still answers
    expect(exit).toBeNull();
    expect(failures).toEqual([]);
    expect(bursts).toBeGreaterThanOrEqual(25);
    expect(terminated).toBeGreaterThan(100);
    expect(await post('tx', '/test/tx', 'after', { key: 'after', sleepMs: 0, gapMs: 0 })).toMatchObject({
      code: 20000,
    });
    expect(await post('read', '/user/profile', 'after', {}, token)).toMatchObject({ code: 20000 });

    const logged = (await (await fetch(`${base}/test/log`)).json()) as Record<string, number>;
    // the queue's statements broke too (pg-boss reports each as an 'error' event)
    expect(logged['queue: a database connection broke']).toBeGreaterThan(0);

    // each answer succeeded or is the retryable TRY_AGAIN; lost transactions did happen
    const wrong = answers.filter(
      (a) => a.code !== 20000 && !(a.code === 50305 && a.status === 503 && a.retryAfter === '1'),
    );
    expect(wrong).toEqual([]);
    const txs = answers.filter((a) => a.kind === 'tx');
    expect(txs.filter((a) => a.code === 50305).length).toBeGreaterThan(0);
    expect(txs.filter((a) => a.code === 20000).length).toBeGreaterThan(0);
    // a transaction answered as done committed
    const committed = txs.filter((a) => a.code === 20000).map((a) => a.key);
    const { rows: marks } = await admin.query<{ key: string }>(
      `SELECT key FROM "${schema}".loss_marks WHERE done AND key = ANY($1)`,
      [committed],
    );
    expect(marks.map((m) => m.key).sort()).toEqual(committed.sort());

    // every job sent is completed, each run exactly once (a claim whose answer was lost comes back
    // after its heartbeat is missed; a completion whose connection died is not run again)
    const sent = answers.filter((a) => a.kind === 'job' && a.code === 20000).map((a) => a.key);
    expect(sent.length).toBeGreaterThan(10);
    const jobs = await until(async () => {
      const { rows } = await admin.query<{ id: string; key: string; state: string }>(
        `SELECT id, data->>'key' AS key, state FROM "${queueSchema}".job WHERE name = 'test.loss'`,
      );
      return rows.every((r) => r.state === 'completed') && rows;
    }, 60_000);
    expect(sent.filter((k) => !jobs.some((j) => j.key === k))).toEqual([]);
    const { rows: runs } = await admin.query<{ job_id: string; starts: number; ends: number }>(
      `SELECT job_id, count(*) FILTER (WHERE event = 'start')::int AS starts,
              count(*) FILTER (WHERE event = 'done')::int AS ends
         FROM ${table} GROUP BY job_id`,
    );
    expect(runs.filter((r) => r.starts !== 1 || r.ends !== 1)).toEqual([]);
    expect(runs.length).toBe(jobs.length);
  }, 150_000);
});
