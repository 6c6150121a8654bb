/**
 * The built product (`npm run build`: apps/server/dist/main.js and worker.js) in processes of its
 * own, as a deployment runs it, for tests of what only the bundle shows. Each process gets a clean
 * environment (nothing of the test runner's leaks in) plus what the test gives it; its output goes
 * to a log file that a failure quotes.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, closeSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { S3_TEST_CREDENTIALS, startS3Server } from '../../apps/server/test/support/s3-server.js';
import { E2E_DIR, ROOT_DIR, SERVER_ENTRY } from './paths.js';

export const WORKER_ENTRY = path.join(ROOT_DIR, 'apps/server/dist/worker.js');

export interface BuiltProcess {
  child: ChildProcess;
  logFile: string;
  /** what the process has written so far (stdout and stderr) */
  log(): string;
  /** SIGTERM, then SIGKILL if it is still running after `graceMs`; resolves once it has exited */
  stop(graceMs?: number): Promise<number | null>;
}

export interface BuiltServer extends BuiltProcess {
  port: number;
  /** http://127.0.0.1:<port>, also its PUBLIC_URL unless the env sets another */
  url: string;
}

/** A TCP port nobody listens on at the moment of asking. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A fresh directory for a process's DATA_DIR and logs. */
export function scratchDir(prefix = 'built-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** the variables a process needs from the outside to run at all: the rest is the test's */
function baseEnv(): Record<string, string> {
  const keep = ['PATH', 'HOME', 'TMPDIR', 'LANG', 'TZ'];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])));
}

interface SpawnOptions {
  name?: string;
  /** where its log (and, by default, DATA_DIR) goes: a fresh temporary directory if unset */
  dir?: string;
  timeoutMs?: number;
  /** options for node before the entry (e.g. `--import` a probe) */
  nodeArgs?: string[];
}

/** Preloaded with `nodeArgs: ['--import', FETCH_DISPATCHER_PROBE]`, a process logs at exit who sends its fetch calls. */
export const FETCH_DISPATCHER_PROBE = pathToFileURL(
  path.join(E2E_DIR, 'support/fetch-dispatcher-probe.mjs'),
).href;

function spawnBuilt(
  entry: string,
  env: Record<string, string>,
  name: string,
  dir: string,
  nodeArgs: string[] = [],
): BuiltProcess {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const logFile = path.join(dir, `${name}.log`);
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', ...nodeArgs, entry], {
    cwd: ROOT_DIR,
    env: { ...baseEnv(), ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    logFile,
    log: () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : ''),
    async stop(graceMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** Waits until `ready` answers true; fails early, quoting the log, if the process exits first. */
async function waitFor(p: BuiltProcess, what: string, ready: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null || p.child.signalCode !== null)
      throw new Error(
        `${what} exited (${p.child.exitCode ?? p.child.signalCode}) before it was ready:\n${p.log()}`,
      );
    if (await ready().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  await p.stop();
  throw new Error(`${what} not ready after ${timeoutMs} ms:\n${p.log().slice(-4000)}`);
}

/**
 * Starts dist/main.js (HTTP, and the job workers unless WORKERS=external) on a free port of
 * 127.0.0.1 with `env` over these defaults: embedded PGlite in a fresh DATA_DIR, production mode,
 * PUBLIC_URL its own address. Resolves once /readyz answers 200.
 */
export async function startBuiltServer(
  env: Record<string, string> = {},
  opts: SpawnOptions = {},
): Promise<BuiltServer> {
  const dir = opts.dir ?? scratchDir();
  const name = opts.name ?? 'server';
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const p = spawnBuilt(
    SERVER_ENTRY,
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: path.join(dir, `${name}-data`),
      ...env,
    },
    name,
    dir,
    opts.nodeArgs,
  );
  await waitFor(p, name, async () => (await fetch(`${url}/readyz`)).ok, opts.timeoutMs ?? 60_000);
  return { ...p, port, url };
}

/**
 * Starts dist/worker.js (job workers only; it needs DATABASE_URL, PostgreSQL) with `env`.
 * Resolves once it logs that it started.
 */
export async function startBuiltWorker(
  env: Record<string, string>,
  opts: SpawnOptions = {},
): Promise<BuiltProcess> {
  const dir = opts.dir ?? scratchDir();
  const name = opts.name ?? 'worker';
  const p = spawnBuilt(
    WORKER_ENTRY,
    { NODE_ENV: 'production', LOG_LEVEL: 'info', DATA_DIR: path.join(dir, `${name}-data`), ...env },
    name,
    dir,
    opts.nodeArgs,
  );
  await waitFor(p, name, async () => p.log().includes('"msg":"worker started"'), opts.timeoutMs ?? 60_000);
  return p;
}

/** A local S3-compatible server (s3rver) with one bucket, and the S3_* variables that point at it. */
export async function startS3rver(bucket?: string) {
  const s3 = await startS3Server(bucket);
  return {
    ...s3,
    env: {
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
  };
}
