import { describe, expect, it } from 'vitest';
import { batchSizeWithin, batchesFor, WorkAllowance } from './allowance.js';
import {
  EngineError,
  type CondenseRequest,
  type TranslateRequest,
  type TranslationEngine,
} from './engine.js';
import { extrasBytes, fitExtras, type BatchExtras } from './extras-fit.js';
import { translateAll, type PipelineOptions } from './pipeline.js';

const opts = (over: Partial<PipelineOptions> = {}): PipelineOptions => ({
  batchSize: 10,
  concurrency: 1,
  retries: 3,
  retryDelayMs: 0,
  sleep: async () => {},
  ...over,
});

/** An engine whose prompts weigh 100 bytes a call; `refuses` lines come back as prose. */
function engineOf(refuses: (line: string) => boolean = () => false, condense = false) {
  const sent: TranslateRequest[] = [];
  const condensed: CondenseRequest[] = [];
  const engine: TranslationEngine = {
    name: 'fake',
    kind: 'language-model',
    honours: { terms: true, instructions: true },
    prompt: { translate: () => 100, condense: () => 100, brief: () => 100 },
    async translate(req) {
      sent.push(req);
      if (req.lines.some(refuses)) throw new EngineError('format', 'prose');
      return req.lines.map((l) => `T:${l}`);
    },
    ...(condense
      ? {
          async condense(req: CondenseRequest) {
            condensed.push(req);
            return req.items.map((it) => it.text);
          },
        }
      : {}),
  };
  return { engine, sent, condensed };
}

const lines = (n: number) => Array.from({ length: n }, (_, i) => `Line ${i}.`);

describe('the work a price buys (issue 41)', () => {
  it('raises a batch size to the smallest that makes few enough batches', () => {
    const count = (size: number) => Math.ceil(1000 / size);
    expect(batchSizeWithin(1, 100, 50, count)).toBe(20);
    expect(batchSizeWithin(10, 100, 200, count)).toBe(10);
    expect(batchSizeWithin(30, 100, 50, count)).toBe(30);
    // none fits: the largest
    expect(batchSizeWithin(1, 100, 5, count)).toBe(100);
    expect(batchesFor(10)).toBe(5);
    expect(batchesFor(0)).toBe(1);
  });

  it('holds planned work, spends it whatever is left, and gives other work only what is free', () => {
    const a = WorkAllowance.forPoints(10, { calls: 1, bytes: 1000 });
    expect(a.limit).toEqual({ calls: 6, bytes: 28_000 });
    expect(a.free()).toEqual({ calls: 5, bytes: 27_000 });
    a.hold({ calls: 4, bytes: 20_000 });
    expect(a.take(8000)).toBe(false);
    expect(a.take(7000)).toBe(true);
    expect(a.take(0)).toBe(false);
    a.spend(5000, { calls: 1, bytes: 5000 });
    expect(a.used()).toEqual({ calls: 3, bytes: 13_000 });
    expect(a.reserve({ calls: 1, bytes: 0 })).toBe(false);
  });

  it("cuts a batch's extras: terms from the last, then characters, the synopsis and register, then the note", () => {
    const extras: BatchExtras = {
      brief: {
        synopsis: 'S'.repeat(1000),
        register: 'R'.repeat(100),
        characters: [1, 2, 3].map((i) => ({ name: `N${i}`, target: 'x', gender: 'unknown', address: '' })),
      },
      instructions: { formality: 'formal', note: 'n'.repeat(400) },
      terms: Array.from({ length: 50 }, (_, i) => ({ source: `t${i}`, target: 'T'.repeat(40) })),
    };
    expect(fitExtras(extras, 1_000_000)).toEqual(extras);
    const some = fitExtras(extras, extrasBytes(extras) - 300);
    expect(some.terms!.length).toBeLessThan(50);
    expect(some.terms).toEqual(extras.terms!.slice(0, some.terms!.length));
    expect(some.brief).toEqual(extras.brief);
    const noTerms = fitExtras(extras, 1400);
    expect(noTerms.terms).toBeUndefined();
    expect(noTerms.instructions).toEqual(extras.instructions);
    expect(noTerms.brief!.synopsis.length).toBeLessThan(1000);
    expect(extrasBytes(noTerms)).toBeLessThanOrEqual(1400);
    const tiny = fitExtras(extras, 80);
    expect(Object.keys(tiny)).toEqual(['instructions']);
    expect(tiny.instructions!.formality).toBe('formal');
    expect(extrasBytes(tiny)).toBeLessThanOrEqual(80);
    expect(fitExtras(extras, 10)).toEqual({});
  });

  it('sends every planned batch, raised to fit, and condenses only what is left', async () => {
    const { engine, sent, condensed } = engineOf(undefined, true);
    const text = lines(100);
    // 10 points: at most 5 batches (20 lines), 6 calls in all
    const allowance = WorkAllowance.forPoints(10);
    const r = await translateAll(
      engine,
      text,
      { source: 'en', target: 'es' },
      opts({
        batchSize: 1,
        maxBatches: batchesFor(10),
        allowance,
        fit: { budgets: text.map(() => 1), counting: 'chars' },
      }),
    );
    expect(r.batchSize).toBe(20);
    expect(sent.map((s) => s.lines.length)).toEqual([20, 20, 20, 20, 20]);
    // every line is over its budget: one condensing call fits what is left, then none
    expect(condensed).toHaveLength(1);
    expect(allowance.used().calls).toBe(6);
    expect(r.translations).toEqual(text.map((l) => `T:${l}`));
  });

  it('halves a batch that comes back wrong at once, and keeps the lines it cannot afford to isolate', async () => {
    const text = lines(20);
    const refused = (l: string) => l === 'Line 3.' || l === 'Line 13.';
    // plenty: each refused line isolated by halving (10 → 5 → 2 → 1), then asked again alone
    const rich = engineOf(refused);
    const plenty = await translateAll(
      rich.engine,
      text,
      { source: 'en', target: 'es' },
      opts({ allowance: WorkAllowance.forPoints(1000) }),
    );
    expect(plenty.keptOriginal).toBe(2);
    const wholeBatches = rich.sent.filter((s) => s.lines.length === 10);
    expect(wholeBatches).toHaveLength(2);
    // 2 batches + 2 × (3 levels of 2 halves + 3 retries of the line alone)
    expect(rich.sent).toHaveLength(2 + 2 * (6 + 3));
    // without an allowance: asked 3 times more at every level, as before (4 + 4 + 1 + 4 + 4 + 1 + 1)
    const old = engineOf(refused);
    await translateAll(old.engine, text, { source: 'en', target: 'es' }, opts());
    expect(old.sent).toHaveLength(2 * 19);

    // 20 points hold 2 batches and free 11 calls: the first line is isolated, the second batch kept
    const poor = engineOf(refused);
    const tight = await translateAll(
      poor.engine,
      text,
      { source: 'en', target: 'es' },
      opts({ allowance: WorkAllowance.forPoints(20) }),
    );
    expect(poor.sent.length).toBeLessThanOrEqual(13);
    expect(tight.translations[3]).toBe('Line 3.');
    expect(tight.translations[0]).toBe('T:Line 0.');
    expect(tight.keptOriginal).toBeGreaterThan(2);
  });
});
