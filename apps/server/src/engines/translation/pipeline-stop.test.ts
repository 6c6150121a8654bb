import { describe, expect, it } from 'vitest';
import type { CondenseRequest, TranslateRequest, TranslationEngine } from './engine.js';
import { translateAll, type CondensedLine, type PipelineOptions } from './pipeline.js';
import { until } from '../../../test/support/until.js';

/**
 * Issue 41: what the engine answers is persisted as it arrives (a run with lines over budget is not
 * held back until they are condensed), and a run stopped gently starts no call but persists the
 * answers of the calls in flight.
 */
const opts = (over: Partial<PipelineOptions> = {}): PipelineOptions => ({
  batchSize: 5,
  concurrency: 2,
  retries: 2,
  retryDelayMs: 0,
  sleep: async () => {},
  ...over,
});
const languages = { source: 'en', target: 'es' };
/** lines 2 and 4 of every five come back too long for their budget of 12 */
const lines = Array.from({ length: 20 }, (_, i) => `Line ${i}.`);
const tooLong = (l: string) => /[27]\.$/.test(l);
const fit = { budgets: lines.map(() => 12), counting: 'chars' as const };

/** A deferred answer: settled by the test. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** An engine whose calls wait for the test to answer them (`answer`), recording what was sent. */
function heldEngine() {
  const sent: { req: TranslateRequest; answer: () => void }[] = [];
  const condensed: { req: CondenseRequest; answer: () => void }[] = [];
  const engine: TranslationEngine = {
    name: 'held',
    kind: 'language-model',
    honours: { terms: true, instructions: true },
    translate(req) {
      const d = deferred<string[]>();
      const out = req.lines.map((l) => (tooLong(l) ? `${l} said far too long` : `T:${l}`));
      sent.push({ req, answer: () => d.resolve(out) });
      return d.promise;
    },
    condense(req) {
      const d = deferred<string[]>();
      condensed.push({ req, answer: () => d.resolve(req.items.map((it) => it.text.slice(0, 7))) });
      return d.promise;
    },
  };
  return { engine, sent, condensed };
}

describe('the pipeline persists what the engine answers as it arrives (issue 41)', () => {
  it('persists each run as translated while its lines over budget wait, then their shorter text after it', async () => {
    const { engine, sent, condensed } = heldEngine();
    const events: string[] = [];
    const saved = new Map<number, string>();
    const run = translateAll(
      engine,
      lines,
      languages,
      opts({
        fit,
        onLines: async (from, values) => {
          // a slow save: the shorter text must not overtake it
          await new Promise((r) => setTimeout(r, 5));
          values.forEach((v, k) => saved.set(from + k, v));
          events.push(`run ${from}`);
        },
        onCondensed: async (changed: CondensedLine[]) => {
          for (const c of changed) saved.set(c.index, c.text);
          events.push(`condensed ${changed.map((c) => c.index).join(',')}`);
        },
      }),
    );
    // every batch answered, the condensing call not yet: every line is saved as translated
    for (let b = 0; b < 4; b += 1) {
      await until(() => sent.length > b);
      sent[b]!.answer();
    }
    await until(() => condensed.length === 1);
    await until(() => saved.size === lines.length);
    expect(saved.get(2)).toBe('Line 2. said far too long');
    expect(events.filter((e) => e.startsWith('condensed'))).toEqual([]);
    condensed[0]!.answer();
    const result = await run;
    expect(events.at(-1)).toBe('condensed 2,7,12,17');
    expect(saved.get(2)).toBe('Line 2.');
    expect(result.translations).toEqual(
      lines.map((l) => (tooLong(l) ? `${l} said far too long`.slice(0, 7) : `T:${l}`)),
    );
    expect([...saved.entries()].sort((a, b) => a[0] - b[0]).map(([, v]) => v)).toEqual(result.translations);
  });

  it('stopped gently: starts no call, persists the answers of the calls in flight, then throws', async () => {
    const { engine, sent, condensed } = heldEngine();
    const drain = new AbortController();
    const saved: number[] = [];
    const run = translateAll(
      engine,
      lines,
      languages,
      opts({
        fit,
        drain: drain.signal,
        onLines: async (from, values) => void saved.push(...values.map((_, k) => from + k)),
      }),
    );
    await until(() => sent.length === 2);
    drain.abort(new Error('the process is shutting down'));
    sent[0]!.answer();
    sent[1]!.answer();
    await expect(run).rejects.toThrow('the process is shutting down');
    // the two batches in flight answered and were saved (their lines over budget as translated)
    expect(saved.sort((a, b) => a - b)).toEqual([...Array(10).keys()]);
    expect(sent.length).toBe(2);
    expect(condensed.length).toBe(0);
  });

  it('stopped gently after its last call: the run is whole and ends as usual', async () => {
    const { engine, sent } = heldEngine();
    const drain = new AbortController();
    const run = translateAll(engine, lines.slice(0, 5), languages, opts({ drain: drain.signal }));
    await until(() => sent.length === 1);
    drain.abort(new Error('stopping'));
    sent[0]!.answer();
    expect((await run).translations[0]).toBe('T:Line 0.');
  });
});
