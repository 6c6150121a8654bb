import { describe, expect, it } from 'vitest';
import { CONDENSE_BATCH } from './condense.js';
import { CONDENSE_FIRST_WHILE, nextJob, WorkerPool, type RunState } from './pipeline-schedule.js';

const state = (over: Partial<RunState>): RunState => ({
  draining: false,
  left: 0,
  waiting: 0,
  concurrency: 2,
  inFlight: 0,
  translating: 0,
  ...over,
});

describe("what a free worker does next (the pipeline's schedule)", () => {
  const many = 2 * CONDENSE_FIRST_WHILE + 1;

  it('condenses a full call first while many batches remain, batches first near the end', () => {
    expect(nextJob(state({ left: many, waiting: CONDENSE_BATCH }))).toBe('condense');
    expect(nextJob(state({ left: many, waiting: CONDENSE_BATCH - 1 }))).toBe('batch');
    expect(nextJob(state({ left: many - 1, waiting: CONDENSE_BATCH }))).toBe('batch');
  });

  it('once every batch is taken, condenses fewer lines only when few calls are out', () => {
    expect(nextJob(state({ waiting: 3, inFlight: 1, translating: 1 }))).toBe('wait');
    expect(nextJob(state({ concurrency: 4, waiting: 3, inFlight: 2 }))).toBe('wait');
    expect(nextJob(state({ concurrency: 4, waiting: 3, inFlight: 1 }))).toBe('condense');
    expect(nextJob(state({ waiting: CONDENSE_BATCH, inFlight: 1, translating: 1 }))).toBe('condense');
  });

  it('stops when nothing is left or out, and at once when draining', () => {
    expect(nextJob(state({}))).toBe('stop');
    expect(nextJob(state({ inFlight: 1 }))).toBe('wait');
    expect(nextJob(state({ draining: true, left: many, waiting: CONDENSE_BATCH }))).toBe('stop');
  });
});

describe('the worker pool', () => {
  it('runs the batches at most `concurrency` at a time and stops taking work at the first failure', async () => {
    const pool = new WorkerPool(2);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const { batchesLeft } = await pool.run({
      batches: [0, 1, 2, 3, 4, 5].map((i) => [i, i + 1] as const),
      async batch(from) {
        started.push(from);
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, 5));
        running -= 1;
        if (from === 2) throw new Error('engine down');
      },
      condense: () => Promise.resolve(),
      waiting: () => 0,
    });
    expect(most).toBe(2);
    expect(pool.failure?.message).toBe('engine down');
    // the batch beside the failing one was already out; nothing was taken after the failure
    expect(started).toEqual([0, 1, 2, 3]);
    expect(batchesLeft).toBe(2);
  });
});
