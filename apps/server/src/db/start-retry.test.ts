import { describe, expect, it } from 'vitest';
import { retryWhileConnectionLost } from './start-retry.js';

const lost = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('retryWhileConnectionLost', () => {
  it('runs the step again after a broken connection, and says so', async () => {
    let calls = 0;
    const warnings: string[] = [];
    const result = await retryWhileConnectionLost(
      'the migrations',
      async () => {
        calls += 1;
        if (calls < 3) throw lost();
        return 'done';
      },
      { firstPauseMs: 1, log: { warn: (_o, msg) => warnings.push(msg) } },
    );
    expect(result).toBe('done');
    expect(calls).toBe(3);
    expect(warnings).toEqual([
      'start-up: the migrations lost its database connection; trying again',
      'start-up: the migrations lost its database connection; trying again',
    ]);
  });

  it('throws any other error at once: a wrong password or a bad migration is not waited out', async () => {
    let calls = 0;
    const wrong = Object.assign(new Error('password authentication failed'), { code: '28P01' });
    await expect(
      retryWhileConnectionLost('the secret', async () => {
        calls += 1;
        throw wrong;
      }),
    ).rejects.toBe(wrong);
    expect(calls).toBe(1);
  });

  it('gives up with the last loss once the deadline has passed', async () => {
    let calls = 0;
    const began = Date.now();
    await expect(
      retryWhileConnectionLost(
        'the job queue',
        async () => {
          calls += 1;
          throw lost();
        },
        { deadlineMs: 100, firstPauseMs: 10 },
      ),
    ).rejects.toThrow(/administrator command/);
    expect(calls).toBeGreaterThan(1);
    expect(Date.now() - began).toBeLessThan(1_000);
  });
});
