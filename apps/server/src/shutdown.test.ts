import { describe, expect, it } from 'vitest';
import { runUnexpectedErrorChild as run } from '../test/support/unexpected-error-run.js';

describe('an error nothing handled', () => {
  it.each([
    ['throw', 'uncaughtException', 'thrown from a callback'],
    ['reject', 'unhandledRejection', 'rejected, awaited by nobody'],
    ['constraint', 'uncaughtException', 'duplicate key value violates unique constraint'],
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

describe('a database connection the server ended, emitted with nothing listening', () => {
  it('is logged as a warning and the process carries on', async () => {
    const { code, stdout } = await run('lost');
    expect(code).toBe(0);
    expect(stdout).toContain('"msg":"a database connection let go broke: carrying on"');
    expect(stdout).toContain('"code":"57P01"');
    expect(stdout).not.toContain('unexpected error');
    expect(stdout).toContain('still running');
  }, 20_000);
});
