import { describe, expect, it } from 'vitest';
import { capabilitiesOf } from './capabilities.js';
import { countCalls } from './call-count.js';
import type { TranslationEngine } from './engine.js';

describe('an engine with its calls counted', () => {
  it('counts its calls, and keeps what the engine is (capabilities, batching)', async () => {
    const engine: TranslationEngine = {
      name: 'rules',
      kind: 'rule-based',
      honours: { terms: false, instructions: false },
      batching: { batchSize: 100, concurrency: 4, deterministic: true },
      translate: async (req) => req.lines,
    };
    const counted = countCalls(engine);
    await counted.engine.translate({
      lines: ['a'],
      context: { before: [], after: [] },
      source: 'en',
      target: 'es',
    });
    expect(counted.take()).toBe(1);
    expect(counted.take()).toBe(0);
    // a task's run batches by these: Apertium's 100 lines, 4 at once, halved at once on a wrong reply
    expect(counted.engine.batching).toEqual(engine.batching);
    expect(capabilitiesOf(counted.engine)).toEqual(capabilitiesOf(engine));
  });
});
