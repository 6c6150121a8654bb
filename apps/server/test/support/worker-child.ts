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
