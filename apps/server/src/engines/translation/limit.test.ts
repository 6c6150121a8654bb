import { describe, expect, it } from 'vitest';
import type { TranslationEngine } from './engine.js';
import { limitConcurrency } from './limit.js';

function slowEngine() {
  let inFlight = 0;
  let peak = 0;
  const engine: TranslationEngine = {
    name: 'slow',
    kind: 'language-model',
    honours: { terms: true, instructions: true },
    async translate(req) {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 20));
      inFlight -= 1;
      return req.lines.map((l) => `t:${l}`);
    },
  };
  return { engine, peak: () => peak };
}

const req = (line: string, signal?: AbortSignal) => ({
  lines: [line],
  context: { before: [], after: [] },
  source: 'en',
  target: 'ja',
  ...(signal ? { signal } : {}),
});

describe('per-engine concurrency limit', () => {
  it('never has more than `max` calls in flight, and answers every call', async () => {
    const slow = slowEngine();
    const limited = limitConcurrency(slow.engine, 3);
    const out = await Promise.all(Array.from({ length: 20 }, (_, i) => limited.translate(req(String(i)))));
    expect(out.flat()).toEqual(Array.from({ length: 20 }, (_, i) => `t:${i}`));
    expect(slow.peak()).toBe(3);
    expect(limited.active()).toBe(0);
  });

  it('lets an aborted waiter leave the line without taking a slot', async () => {
    const slow = slowEngine();
    const limited = limitConcurrency(slow.engine, 1);
    const first = limited.translate(req('a'));
    const controller = new AbortController();
    const waiting = limited.translate(req('b', controller.signal));
    controller.abort(new Error('task deleted'));
    await expect(waiting).rejects.toThrow('task deleted');
    expect(await first).toEqual(['t:a']);
    expect(await limited.translate(req('c'))).toEqual(['t:c']);
    expect(limited.active()).toBe(0);
  });
});
