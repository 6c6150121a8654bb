import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const child = path.join(path.dirname(fileURLToPath(import.meta.url)), 'unexpected-error-child.ts');

/** Runs unexpected-error-child.ts in the given mode: its exit code and what it logged. */
export function runUnexpectedErrorChild(how: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const c = spawn(process.execPath, ['--import', 'tsx', child, how], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    c.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    c.on('exit', (code) => resolve({ code, stdout }));
  });
}
