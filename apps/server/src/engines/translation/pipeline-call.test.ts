import { describe, expect, it } from 'vitest';
import { AllowanceSpent, WorkAllowance } from './allowance.js';
import { EngineError } from './engine.js';
import { EngineCaller, stopsOf, type CallerOptions } from './pipeline-call.js';

/** One engine call with retries, on its own: the pauses it takes, and where it stops. */
const caller = (over: Partial<CallerOptions> = {}, pauses: number[] = []) =>
  new EngineCaller({
    retries: 3,
    retryDelayMs: 100,
    deterministic: false,
    halt: () => {},
    sleep: async (ms) => void pauses.push(ms),
    ...over,
  });

/** A call that fails with each error in turn, then answers ['ok']. */
const failing = (...errors: Error[]) => {
  let n = 0;
  return () => (n < errors.length ? Promise.reject(errors[n++]!) : Promise.resolve(['ok']));
};

describe('one engine call with retries (pipeline-call)', () => {
  it('backs off doubling, and waits longer when Retry-After says so', async () => {
    const pauses: number[] = [];
    const c = caller({}, pauses);
    const send = failing(
      new EngineError('http', '500'),
      new EngineError('rate_limited', '429', 1_000),
      new EngineError('rate_limited', '429', 50),
    );
    expect(await c.send(send, { bytes: 0 })).toEqual(['ok']);
    // 100, then Retry-After's 1000 over 200, then 400 over Retry-After's 50
    expect(pauses).toEqual([100, 1_000, 400]);
    expect(c.calls).toBe(4);
  });

  it('throws the last error once the retries are used up', async () => {
    const c = caller({ retries: 1 });
    const last = new EngineError('http', 'second');
    await expect(c.send(failing(new EngineError('http', 'first'), last), { bytes: 0 })).rejects.toBe(last);
    expect(c.calls).toBe(2);
  });

  it('asks nothing again once the run is stopped during a pause, nor after a failure of an aborted call', async () => {
    const stop = new AbortController();
    const { halt } = stopsOf({ signal: stop.signal });
    const sleeping = caller({
      halt,
      sleep: async () => stop.abort(new Error('shutdown')),
    });
    await expect(sleeping.send(failing(new EngineError('http', '503')), { bytes: 0 })).rejects.toThrow(
      'shutdown',
    );
    expect(sleeping.calls).toBe(1);

    const gentle = new AbortController();
    const inFlight = caller({ halt: stopsOf({ drain: gentle.signal }).halt });
    const send = () => {
      gentle.abort(new Error('draining'));
      return Promise.reject(new EngineError('http', 'aborted'));
    };
    await expect(inFlight.send(send, { bytes: 0 })).rejects.toThrow('draining');
    expect(inFlight.calls).toBe(1);
  });

  it('ends its pause at once when stopped (the default sleep)', async () => {
    const stop = new AbortController();
    const { sleep } = stopsOf({ drain: stop.signal });
    const started = Date.now();
    const pausing = sleep(60_000);
    stop.abort();
    await pausing;
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('pays an engine failure asked again whatever is left, a wrong answer only while covered', async () => {
    const allowance = new WorkAllowance({ calls: 1, bytes: 1_000 });
    const c = caller({ allowance });
    // a held first attempt and the engine's own failure asked again: both spent, past the limit
    allowance.hold({ calls: 1, bytes: 10 });
    await c.send(failing(new EngineError('http', '500')), { bytes: 10, held: { calls: 1, bytes: 10 } });
    expect(allowance.used()).toEqual({ calls: 2, bytes: 20 });
    // nothing is free: a call of other work is refused before it goes
    await expect(c.send(failing(), { bytes: 10 })).rejects.toBeInstanceOf(AllowanceSpent);
    // a single line's wrong answer is not asked again: the wrong answer is the outcome
    const wrong = new EngineError('count', 'two lines for one');
    await expect(
      caller({ allowance: new WorkAllowance({ calls: 1, bytes: 1_000 }) }).send(failing(wrong), {
        bytes: 10,
      }),
    ).rejects.toBe(wrong);
  });

  it('halves at once, without asking again, a batch of several lines answered wrong under an allowance', async () => {
    const wrong = new EngineError('format', 'no JSON');
    const c = caller({ allowance: new WorkAllowance({ calls: 10, bytes: 1_000 }) });
    await expect(c.send(failing(wrong), { bytes: 10, split: true })).rejects.toBe(wrong);
    expect(c.calls).toBe(1);
  });
});
