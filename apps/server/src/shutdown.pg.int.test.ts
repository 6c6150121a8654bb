import { describe, expect, it } from 'vitest';
import { runUnexpectedErrorChild } from '../test/support/unexpected-error-run.js';

/**
 * What ended a worker started during a failover (the deployment test): pg-boss undid its failed
 * start, ending its LISTEN client with every listener taken off, while the server's goodbye to a
 * terminated connection was on its way; node-postgres emitted it with nobody listening.
 */
describe('a connection let go while PostgreSQL terminates it', () => {
  it('does not end the process', async () => {
    const { code, stdout } = await runUnexpectedErrorChild('let-go');
    expect(stdout).not.toContain('unexpected error');
    expect(code).toBe(0);
    expect(stdout).toContain('still running');
  }, 20_000);
});
