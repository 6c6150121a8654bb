import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const child = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../test/support/unexpected-error-child.ts',
);

function run(how: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const c = spawn(process.execPath, ['--import', 'tsx', child, how], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    c.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    c.on('exit', (code) => resolve({ code, stdout }));
  });
}

describe('an error nothing handled', () => {
  it.each([
    ['throw', 'uncaughtException', 'thrown from a callback'],
    ['reject', 'unhandledRejection', 'rejected, awaited by nobody'],
  ])(
    '(%s) is logged as fatal with the error, and the process exits with 1',
    async (how, origin, message) => {
      const { code, stdout } = await run(how);
      expect(code).toBe(1);
      const lines = stdout
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 60,
        msg: 'unexpected error: exiting',
        origin,
        err: { message },
      });
      expect(stdout).not.toContain('still running');
    },
    20_000,
  );
});
