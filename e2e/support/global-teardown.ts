import { existsSync, readFileSync } from 'node:fs';
import { STATE_FILE } from './paths.js';

/** Backstop: the setup's own teardown stops the server; this makes sure no process is left. */
export default function globalTeardown() {
  if (!existsSync(STATE_FILE)) return;
  const { pid } = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { pid?: number };
  if (!pid) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
