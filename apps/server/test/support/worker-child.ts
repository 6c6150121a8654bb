import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestApp } from '../harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Starts the product's job workers in a process of their own on the test app's PostgreSQL schema
 * and data directory (so a test can kill it mid-job); resolves once it is ready. The child is
 * added to `children` so the test can kill what is left at the end.
 */
export function startWorkerChild(
  t: TestApp,
  env: Record<string, string>,
  children: ChildProcess[],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'task-worker-child.ts')], {
    env: {
      ...process.env,
      ...env,
      APP_SCHEMA: t.ctx.dbSchema!,
      DATA_DIR: t.ctx.env.DATA_DIR,
      ADMIN_EMAIL: t.ctx.env.ADMIN_EMAIL,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

/**
 * Starts the product's server (HTTP and in-process workers, as `npm start` runs it) in a process
 * of its own with `env` (PostgreSQL in APP_SCHEMA when DATABASE_URL is set, else PGlite in
 * DATA_DIR); resolves with it and the port it listens on.
 */
export function startServerChild(
  env: Record<string, string>,
  children: ChildProcess[],
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'server-child.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      const port = /ready (\d+)/.exec(d.toString())?.[1];
      if (port) resolve({ child, url: `http://127.0.0.1:${port}` });
    });
    child.on('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** Sends SIGTERM and resolves, once the process has exited, with its exit code and how long it took. */
export function terminate(child: ChildProcess): Promise<{ code: number | null; ms: number }> {
  const sent = Date.now();
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve({ code, ms: Date.now() - sent }));
    child.kill('SIGTERM');
  });
}
