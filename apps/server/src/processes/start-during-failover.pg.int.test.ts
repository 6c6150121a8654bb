import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../db/client.js';
import { migrate } from '../db/migrate.js';

/**
 * A server or a worker started (by its supervisor, after a crash or a deploy) while the database
 * fails over drops every connection it opens. It must wait for the database and start, not exit
 * with "start-up failed" on the first broken connection: each start-up step (migrations, secret,
 * products, joining the others, the first manager, the job queue) is tried again. The processes
 * are the real entry points (src/main.ts, src/worker.ts) on a database of their own.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const url = process.env.DATABASE_URL!;
/** how long every connection to the new database is terminated, as soon as it shows */
const FAILOVER_MS = 6_000;

describe('a process started while the database drops every connection', () => {
  const dbName = `failover_${randomBytes(4).toString('hex')}`;
  const appUrl = new URL(url);
  appUrl.pathname = `/${dbName}`;
  const secret = randomBytes(24).toString('hex');
  let admin: pg.Client;
  let dataDir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    // migrated beforehand, as after a deploy: the broken connections land on every later step too
    const db = await openDb({ databaseUrl: appUrl.toString(), dataDir: '', poolSize: 2 });
    await migrate(db);
    await db.close();
    dataDir = await mkdtemp(path.join(tmpdir(), 'subtrans-failover-'));
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  function start(entry: 'main.ts' | 'worker.ts') {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, '..', entry)], {
      env: {
        ...process.env,
        DATABASE_URL: appUrl.toString(),
        APP_SECRET: secret,
        DATA_DIR: dataDir,
        WORKERS: 'external',
        PORT: '0',
        HOST: '127.0.0.1',
        ADMIN_EMAIL: 'admin@failover.test',
        ADMIN_PASSWORD: 'failover-admin-pass',
        SMTP_URL: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    let exit: number | null = null;
    child.on('exit', (code) => (exit = code ?? -1));
    return { output: () => output, exit: () => exit };
  }

  it('waits for the database and starts, server and worker alike', async () => {
    const server = start('main.ts');
    const worker = start('worker.ts');
    // the failover lasts FAILOVER_MS from the first connection cut: under load the processes take
    // seconds to load their code before they open one (a fixed window from the spawn missed them)
    const began = Date.now();
    let firstCut = 0;
    let terminated = 0;
    while (firstCut ? Date.now() - firstCut < FAILOVER_MS : Date.now() - began < 60_000) {
      const { rows } = await admin.query<{ ok: boolean }>(
        'SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [dbName],
      );
      terminated += rows.filter((r) => r.ok).length;
      if (terminated && !firstCut) firstCut = Date.now();
      await new Promise((r) => setTimeout(r, 50));
    }
    const started = (p: ReturnType<typeof start>, mark: RegExp) => mark.test(p.output()) || p.exit() !== null;
    const deadline = Date.now() + 90_000;
    while (
      !(started(server, /SubTrans is running/) && started(worker, /worker started/)) &&
      Date.now() < deadline
    )
      await new Promise((r) => setTimeout(r, 200));

    expect(terminated, 'connections were cut while the processes started').toBeGreaterThan(0);
    for (const [name, p, mark] of [
      ['server', server, /SubTrans is running/],
      ['worker', worker, /worker started/],
    ] as const) {
      expect(p.exit(), `${name} exited:\n${p.output()}`).toBeNull();
      expect(p.output(), `${name} never said it started`).toMatch(mark);
    }
    // the broken connections were met and waited out, not missed
    expect(`${server.output()}${worker.output()}`).toMatch(/lost its database connection; trying again/);
  }, 150_000);
});
