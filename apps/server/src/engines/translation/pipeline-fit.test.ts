import { describe, expect, it } from 'vitest';
import {
  EngineError,
  type CondenseRequest,
  type TranslateRequest,
  type TranslationEngine,
} from './engine.js';
import { translateAll, type PipelineOptions } from './pipeline.js';

const opts = (over: Partial<PipelineOptions> = {}): PipelineOptions => ({
  batchSize: 4,
  concurrency: 2,
  retries: 2,
  retryDelayMs: 0,
  sleep: async () => {},
  ...over,
});

/** A scripted engine: records what it is sent; `reply` makes each line's text. */
function fakeEngine(
  reply: (line: string, req: TranslateRequest, i: number) => string = (l) => `T:${l}`,
  shorten?: (text: string) => string,
) {
  const sent: TranslateRequest[] = [];
  const condensed: CondenseRequest[] = [];
  const engine: TranslationEngine = {
    name: 'fake',
    kind: 'language-model',
    honours: { terms: true, instructions: true },
    async translate(req) {
      sent.push(req);
      const out = req.lines.map((l, i) => reply(l, req, i));
      if (out.some((o, i) => o === '' && req.lines[i] !== ''))
        throw new EngineError('count', 'a line came back empty');
      return out;
    },
    ...(shorten
      ? {
          async condense(req: CondenseRequest) {
            condensed.push(req);
            return req.items.map((it) => shorten(it.text));
          },
        }
      : {}),
  };
  return { engine, sent, condensed };
}

describe('the pipeline with budgets, sentence groups and condensing', () => {
  it("sends each line's budget and counting, and its sentence groups within one batch", async () => {
    const lines = ['One.', 'Two', 'three', 'four.', 'Five.', 'Six', 'seven.', 'Eight.'];
    const { engine, sent } = fakeEngine();
    const budgets = lines.map((_, i) => 10 + i);
    await translateAll(
      engine,
      lines,
      { source: 'en', target: 'es' },
      opts({ fit: { budgets, counting: 'chars' } }),
    );
    const byFirst = [...sent].sort((a, b) => lines.indexOf(a.lines[0]!) - lines.indexOf(b.lines[0]!));
    expect(byFirst.map((r) => r.lines)).toEqual([
      ['One.', 'Two', 'three', 'four.'],
      ['Five.', 'Six', 'seven.', 'Eight.'],
    ]);
    expect(byFirst.map((r) => r.groups)).toEqual([[[1, 3]], [[1, 2]]]);
    expect(byFirst[0]!.budgets).toEqual([10, 11, 12, 13]);
    expect(byFirst[1]!.counting).toBe('chars');
  });

  it('moves a batch boundary rather than split a group', async () => {
    const lines = ['A.', 'B.', 'C.', 'd', 'e', 'f.', 'G.'];
    const { engine, sent } = fakeEngine();
    await translateAll(engine, lines, { source: 'en', target: 'es' }, opts());
    const batches = sent.map((r) => r.lines.join(' ')).sort();
    expect(batches).toEqual(['A. B. C.', 'd e f. G.']);
  });

  it('an empty line in a group is a count failure: retried, then the batch halved down to single lines, each translated', async () => {
    const lines = ['Once', 'upon', 'a time.'];
    // the model empties the middle line whenever it is sent within a group
    const { engine, sent } = fakeEngine((l, req, i) => (req.groups?.length && i === 1 ? '' : `T:${l}`));
    const r = await translateAll(engine, lines, { source: 'en', target: 'es' }, opts());
    expect(r.translations).toEqual(['T:Once', 'T:upon', 'T:a time.']);
    expect(r.keptOriginal).toBe(0);
    expect(sent.filter((q) => q.groups?.length).length).toBeGreaterThanOrEqual(3);
    expect(sent.at(-1)!.groups).toBeUndefined();
  });

  it('keeps the ASS override blocks that open a line off the engine and puts them back', async () => {
    const lines = ['{\\pos(960,100)\\an8}Station, north exit', 'Plain {\\i1}words{\\i0}.', '{\\an8}'];
    const { engine, sent } = fakeEngine();
    const r = await translateAll(engine, lines, { source: 'en', target: 'es' }, opts());
    expect(sent.flatMap((q) => q.lines)).toEqual(['Station, north exit', 'Plain {\\i1}words{\\i0}.', '']);
    expect(r.translations).toEqual([
      '{\\pos(960,100)\\an8}T:Station, north exit',
      'T:Plain {\\i1}words{\\i0}.',
      '{\\an8}T:',
    ]);
  });

  it('condenses lines over budget (ten a call, at most twice) only for engines that can be asked', async () => {
    const lines = Array.from({ length: 12 }, (_, i) => `Line ${i}.`);
    const long = (l: string) => `${l} said at far too great a length`;
    const budgets = lines.map(() => 12);
    // shortened only on the second request: two rounds
    const asked = new Map<string, number>();
    const { engine, sent, condensed } = fakeEngine(
      (l) => long(l),
      (text) => {
        const n = (asked.get(text) ?? 0) + 1;
        asked.set(text, n);
        return n === 1 ? `${text}!` : text.slice(0, 7);
      },
    );
    const r = await translateAll(
      engine,
      lines,
      { source: 'en', target: 'es' },
      opts({ batchSize: 12, fit: { budgets, counting: 'chars' } }),
    );
    expect(r.translations).toEqual(lines.map((l) => long(l).slice(0, 7)));
    // 12 lines asked twice: 24 items in three calls
    expect(condensed.map((c) => c.items.length)).toEqual([10, 10, 4]);
    expect(r.condenseCalls).toBe(3);
    expect(r.calls).toBe(sent.length + 3);
    // a rule-based engine is never asked: the lines stay as translated
    const plain = fakeEngine((l) => long(l));
    const p = await translateAll(
      plain.engine,
      lines,
      { source: 'en', target: 'es' },
      opts({ batchSize: 12, fit: { budgets, counting: 'chars' } }),
    );
    expect(p.translations).toEqual(lines.map(long));
    expect(p.condenseCalls).toBe(0);
  });

  it('pools lines to condense across batches, persisting each run with its shorter lines', async () => {
    // 30 lines in batches of 10; lines 2, 5 and 8 of each batch come back too long
    const lines = Array.from({ length: 30 }, (_, i) => `Line ${i}.`);
    const { engine, condensed } = fakeEngine(
      (l) => (/[258]\.$/.test(l) ? `${l} said at far too great a length` : l),
      (text) => text.slice(0, 8),
    );
    const saved: [number, string[]][] = [];
    const r = await translateAll(
      engine,
      lines,
      { source: 'en', target: 'es' },
      opts({
        batchSize: 10,
        concurrency: 3,
        fit: { budgets: lines.map(() => 10), counting: 'chars' },
        onLines: async (from, values) => void saved.push([from, values]),
      }),
    );
    // nine lines from three batches in one call, not three calls of three
    expect(condensed.map((c) => c.items.length)).toEqual([9]);
    expect(r.translations[2]).toBe('Line 2.');
    expect(r.translations[3]).toBe('Line 3.');
    expect(saved.map(([from, v]) => [from, v.length]).sort((a, b) => a[0]! - b[0]!)).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
    ]);
  });

  it('keeps condensing calls within the concurrency, and stops at the first failure', async () => {
    let now = 0;
    let most = 0;
    const busy = async <T>(v: T) => {
      most = Math.max(most, (now += 1));
      await new Promise((resolve) => setTimeout(resolve, 2));
      now -= 1;
      return v;
    };
    const lines = Array.from({ length: 200 }, (_, i) => `Line ${i}.`);
    const engine: TranslationEngine = {
      name: 'busy',
      kind: 'language-model',
      honours: { terms: true, instructions: true },
      translate: (req) => busy(req.lines.map((l) => `${l} far too long to fit`)),
      condense: (req) => busy(req.items.map((it) => it.text.slice(0, 6))),
    };
    const fit = { budgets: lines.map(() => 8), counting: 'chars' as const };
    const r = await translateAll(
      engine,
      lines,
      { source: 'en', target: 'es' },
      opts({ batchSize: 10, concurrency: 4, fit }),
    );
    expect(most).toBe(4);
    expect(r.condenseCalls).toBe(20);
    expect(r.translations.every((t) => t.length <= 8)).toBe(true);

    const failing: TranslationEngine = {
      ...engine,
      condense: () => Promise.reject(new Error('database gone')),
    };
    await expect(
      translateAll(
        failing,
        lines,
        { source: 'en', target: 'es' },
        opts({ batchSize: 10, concurrency: 4, fit }),
      ),
    ).rejects.toThrow('database gone');
  });
});
