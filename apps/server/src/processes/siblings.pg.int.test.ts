import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, S3_TEST_CREDENTIALS } from '../../test/support/s3-server.js';
import { terminate } from '../../test/support/worker-child.js';
import { GONE_AFTER_SECONDS } from './agreement.js';

/**
 * The product's own programs (src/main.ts as `npm start` runs it, src/worker.ts as `npm run
 * worker` does) started side by side on one PostgreSQL database of their own, with settings that
 * agree or not. PostgreSQL only: the embedded database belongs to one process.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECRET = `first-secret-${randomBytes(12).toString('hex')}`;
const NEW_SECRET = `second-secret-${randomBytes(12).toString('hex')}`;

interface Started {
  child: ChildProcess;
  /** what it printed so far (banner, log lines) */
  out: () => string;
}
type Outcome =
  ({ running: true } & Started) | { running: false; code: number | null; out: string; err: string };

describe('servers and workers on one PostgreSQL agree at start', { timeout: 300_000 }, () => {
  const database = `subtrans_siblings_${randomBytes(5).toString('hex')}`;
  const dbUrl = new URL(process.env.DATABASE_URL!);
  dbUrl.pathname = `/${database}`;
  let admin: pg.Client;
  let db: pg.Client;
  let dataDir: string;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  const children: ChildProcess[] = [];
  const printed: string[] = [];

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    dataDir = await mkdtemp(path.join(tmpdir(), 'subtrans-siblings-'));
    s3 = await startS3Server('siblings-media');
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await db?.end();
    await admin?.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin?.end();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const base = (over: Record<string, string>) => ({
    DATABASE_URL: dbUrl.toString(),
    DATABASE_POOL_SIZE: '3',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://localhost:8080',
    ADMIN_PASSWORD: 'admin-pass-123',
    APP_SECRET: SECRET,
    WORKERS: 'external',
    LOG_LEVEL: 'info',
    ...over,
  });
  const onS3 = {
    S3_ENDPOINT: '',
    S3_BUCKET: 'siblings-media',
    S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
    S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
  const s3Env = () => ({ ...onS3, S3_ENDPOINT: s3.endpoint });

  /** Starts main.ts or worker.ts; answers once it runs (banner, or the worker's start line) or has exited. */
  function start(program: 'main' | 'worker', env: Record<string, string>): Promise<Outcome> {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(SRC, `${program}.ts`)], {
      env: { ...process.env, ...base(env) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    let err = '';
    const ready = program === 'main' ? 'SubTrans is running' : '"msg":"worker started"';
    return new Promise((resolve) => {
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes(ready)) resolve({ running: true, child, out: () => out });
      });
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      child.on('exit', (code) => {
        printed.push(out, err);
        resolve({ running: false, code, out, err });
      });
    });
  }
  const running = (o: Outcome): Started => {
    if (!o.running) throw new Error(`exited with ${o.code}: ${o.err}`);
    return o;
  };
  const refused = (o: Outcome): string => {
    if (o.running) throw new Error('it started');
    expect(o.code).toBe(1);
    return o.err;
  };
  const records = async () =>
    (await db.query<{ role: string; pid: number }>('SELECT role, pid FROM processes ORDER BY started_at'))
      .rows;

  let first: Started;

  it('refuses a server or worker whose storage or secret differs from a live one', async () => {
    first = running(await start('main', {}));
    expect(first.out()).toContain(`  Storage: local disk ${path.join(dataDir, 'objects')}`);
    expect(await records()).toEqual([{ role: 'server', pid: first.child.pid }]);

    // two at once: they are refused alike
    const [s3Start, secretStart] = await Promise.all([
      start('main', s3Env()),
      start('worker', { APP_SECRET: NEW_SECRET }),
    ]);
    const s3Server = refused(s3Start);
    expect(s3Server).toContain(
      'Refusing to start: this server disagrees with the processes running on the same database:',
    );
    expect(s3Server).toContain(
      `  - storage differs. Here: S3 ${s3.endpoint}, bucket siblings-media. The live server on `,
    );
    expect(s3Server).toContain(`(pid ${first.child.pid}, heartbeat `);
    expect(s3Server).toContain(`local disk ${path.join(dataDir, 'objects')}. A file stored by one`);
    expect(s3Server).not.toContain(S3_TEST_CREDENTIALS.secretAccessKey);

    const otherSecret = refused(secretStart);
    expect(otherSecret).toContain('Refusing to start: this worker disagrees');
    expect(otherSecret).toMatch(
      /the secret differs\. Here: APP_SECRET \(fingerprint [0-9a-f]{12}\)\. The live server on /,
    );
    expect(otherSecret).toContain('set the same APP_SECRET on every process');

    expect(await records()).toEqual([{ role: 'server', pid: first.child.pid }]);
    expect(first.child.exitCode).toBeNull();
  });

  it('warns, and runs, when a server runs the jobs in-process beside dedicated workers', async () => {
    const worker = running(await start('worker', {}));
    expect(worker.out()).not.toContain('Processes disagree');

    const inline = running(await start('main', { WORKERS: 'inline' }));
    expect(inline.out()).toContain(
      '  Warning: this server runs the jobs in-process (WORKERS=inline, the default) beside dedicated workers: the live worker on ',
    );
    expect(inline.out()).toMatch(
      /"level":40,.*"msg":"Processes disagree: this server runs the jobs in-process/,
    );

    const second = running(await start('worker', {}));
    expect(second.out()).toMatch(
      /"msg":"Processes disagree: the live server on [^"]* run the jobs in-process \(WORKERS is not external there\)/,
    );
    expect(await records()).toHaveLength(4);

    // a clean stop removes each record
    for (const p of [worker, inline, second]) expect((await terminate(p.child)).code).toBe(0);
    expect(await records()).toEqual([{ role: 'server', pid: first.child.pid }]);
  });

  it('accepts every process restarted with new settings once the old ones are gone', async () => {
    // a clean stop of the last process with the old settings
    expect((await terminate(first.child)).code).toBe(0);
    expect(await records()).toEqual([]);

    // the new settings (S3, another secret) start, and are now the ones to agree with
    const server = running(await start('main', { ...s3Env(), APP_SECRET: NEW_SECRET }));
    expect(server.out()).toContain(`  Storage: S3 ${s3.endpoint}, bucket siblings-media`);
    const [staleStart, workerStart] = await Promise.all([
      start('worker', {}),
      start('worker', { ...s3Env(), APP_SECRET: NEW_SECRET }),
    ]);
    const stale = refused(staleStart);
    expect(stale).toContain('storage differs. Here: local disk');
    expect(stale).toContain('the secret differs.');
    const worker = running(workerStart);
    expect((await terminate(worker.child)).code).toBe(0);

    // killed: its record counts as running until its heartbeat is older than the window
    server.child.kill('SIGKILL');
    await new Promise((r) => server.child.once('exit', r));
    expect(await records()).toEqual([{ role: 'server', pid: server.child.pid }]);
    const early = refused(await start('main', {}));
    expect(early).toContain(`counts as running until ${GONE_AFTER_SECONDS} s after its last heartbeat`);
    await db.query(`UPDATE processes SET seen_at = now() - make_interval(secs => $1)`, [
      GONE_AFTER_SECONDS + 1,
    ]);
    const back = running(await start('main', {}));
    expect(await records()).toEqual([{ role: 'server', pid: back.child.pid }]);
    expect((await terminate(back.child)).code).toBe(0);

    // no process printed a secret
    for (const text of [...printed, server.out(), back.out()]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain(NEW_SECRET);
    }
  });
});
