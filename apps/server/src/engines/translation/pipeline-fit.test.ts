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
    expect(condensed.map((c) => c.items.length)).toEqual([10, 2, 10, 2]);
    expect(r.condenseCalls).toBe(4);
    expect(r.calls).toBe(sent.length + 4);
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
});
