import { describe, expect, it } from 'vitest';
import { TermMatcher } from '@subtrans/subtitles';
import { EngineError, type TranslateRequest, type TranslationEngine } from './engine.js';
import { termsPass, type TermsPassOptions } from './terms-pass.js';

const opts: TermsPassOptions = {
  batchSize: 2,
  concurrency: 1,
  retries: 1,
  retryDelayMs: 0,
  sleep: async () => {},
};
const langs = { source: 'en', target: 'de' };
const matcher = new TermMatcher([
  { source: 'Bruce', target: 'Bruno' },
  { source: 'Gotham', target: 'Gotam', note: 'the city' },
  { source: 'ACME', target: '', keep: true },
]);
const LINES = ['Bruce is here.', 'Gotham sleeps.', 'ACME sells.', 'Nothing.', 'Bruce in Gotham.'];

/**
 * A language model stand-in (or, `model` false, a rule-based engine that honours no terms):
 * records requests; `reply` makes each line's text.
 */
function engineOf(reply: (line: string) => string, model = true) {
  const sent: TranslateRequest[] = [];
  const engine: TranslationEngine = {
    name: 'fake',
    kind: model ? 'language-model' : 'rule-based',
    honours: { terms: model, instructions: model },
    async translate(req) {
      sent.push(req);
      return req.lines.map(reply);
    },
    ...(model ? { condense: async (req) => req.items.map((it) => it.text) } : {}),
  };
  return { engine, sent };
}

describe('the terms pass', () => {
  const translations = new Map([
    [0, 'Bruce ist hier.'],
    [1, 'Gotam schläft.'],
    [2, 'Die Firma verkauft.'],
    [3, 'Nichts.'],
    [4, 'Bruno in Gotham.'],
  ]);

  it('asks the lines lacking a rendering once, batched with their terms and no context, and keeps better answers', async () => {
    const { engine, sent } = engineOf((l) =>
      l === 'ACME sells.' ? 'Die Firma verkauft.' : l.replace('Bruce', 'Bruno').replace('Gotham', 'Gotam'),
    );
    const pass = await termsPass(
      engine,
      { lines: LINES, translations, candidates: [0, 1, 2, 3, 4], matcher },
      langs,
      opts,
    );
    expect(sent.map((r) => r.lines)).toEqual([['Bruce is here.', 'ACME sells.'], ['Bruce in Gotham.']]);
    expect(sent.map((r) => r.terms)).toEqual([
      [
        { source: 'Bruce', target: 'Bruno' },
        { source: 'ACME', target: '', keep: true },
      ],
      [
        { source: 'Bruce', target: 'Bruno' },
        { source: 'Gotham', target: 'Gotam', note: 'the city' },
      ],
    ]);
    expect(sent.every((r) => r.context.before.length === 0 && r.context.after.length === 0)).toBe(true);
    // the ACME line came back no better: it stays as it was (and is flagged by the caller)
    expect([...pass.replaced]).toEqual([
      [0, 'Bruno is here.'],
      [4, 'Bruno in Gotam.'],
    ]);
    expect(pass).toMatchObject({ asked: 3, calls: 2 });
  });

  it('hands each batch to onAnswered as it is answered: the lines asked, and those better (issue 41)', async () => {
    const { engine: plain } = engineOf((l) => l.replace('Bruce', 'Bruno').replace('Gotham', 'Gotam'));
    // each answer takes a moment; `answered` counts those given
    let answered = 0;
    const engine: TranslationEngine = {
      ...plain,
      translate: async (req) => {
        await new Promise((r) => setTimeout(r, 20));
        answered += 1;
        return plain.translate(req);
      },
    };
    const answers: { asked: number[]; replaced: [number, string][]; answered: number }[] = [];
    const pass = await termsPass(
      engine,
      {
        lines: LINES,
        translations,
        candidates: [0, 1, 2, 3, 4],
        matcher,
        onAnswered: async ({ asked, replaced }) =>
          void answers.push({ asked, replaced: [...replaced], answered }),
      },
      langs,
      opts,
    );
    // the first batch's answer is handed on while the second batch is still asked
    expect(answers).toEqual([
      {
        asked: [0, 2],
        replaced: [
          [0, 'Bruno is here.'],
          [2, 'ACME sells.'],
        ],
        answered: 1,
      },
      { asked: [4], replaced: [[4, 'Bruno in Gotam.']], answered: 2 },
    ]);
    expect([...pass.replaced]).toEqual([
      [0, 'Bruno is here.'],
      [2, 'ACME sells.'],
      [4, 'Bruno in Gotam.'],
    ]);
  });

  it("asks the lines in the film's order, whatever order the candidates come in", async () => {
    const { engine, sent } = engineOf((l) => l);
    await termsPass(engine, { lines: LINES, translations, candidates: [4, 2, 0], matcher }, langs, {
      ...opts,
      batchSize: 5,
    });
    expect(sent.map((r) => r.lines)).toEqual([['Bruce is here.', 'ACME sells.', 'Bruce in Gotham.']]);
  });

  it('asks only the candidates, never a line kept as its source, and never a rule-based engine', async () => {
    const kept = new Map(translations).set(0, 'Bruce is here.');
    const model = engineOf((l) => l);
    await termsPass(
      model.engine,
      { lines: LINES, translations: kept, candidates: [0, 1, 2], matcher },
      langs,
      opts,
    );
    expect(model.sent.flatMap((r) => r.lines)).toEqual(['ACME sells.']);
    const rules = engineOf((l) => l, false);
    const pass = await termsPass(
      rules.engine,
      { lines: LINES, translations, candidates: [0, 2, 4], matcher },
      langs,
      opts,
    );
    expect(rules.sent).toEqual([]);
    expect(pass.replaced.size).toBe(0);
  });

  it('sends each batch what a task batch carries when given (the brief keeps the other names)', async () => {
    const { engine, sent } = engineOf((l) => l.replace('Bruce', 'Bruno').replace('Gotham', 'Gotam'));
    const seen: (readonly string[])[] = [];
    const brief = { synopsis: 'A night in the city.', register: 'terse', characters: [] };
    await termsPass(
      engine,
      {
        lines: LINES,
        translations,
        candidates: [0, 1, 2, 3, 4],
        matcher,
        extrasOf: (asked) => {
          seen.push(asked);
          return (from, to) => ({
            brief: { ...brief, synopsis: `${brief.synopsis} ${from}-${to}` },
            terms: [{ source: 'Alfred', target: 'Alfredo' }],
          });
        },
      },
      langs,
      opts,
    );
    // the asked lines, in order, and each batch's range of them
    expect(seen).toEqual([['Bruce is here.', 'ACME sells.', 'Bruce in Gotham.']]);
    expect(sent.map((r) => r.brief?.synopsis)).toEqual([
      'A night in the city. 0-2',
      'A night in the city. 2-3',
    ]);
    expect(sent.every((r) => r.terms?.[0]?.source === 'Alfred')).toBe(true);
  });

  it('leaves every line as it was when the engine keeps failing', async () => {
    const engine: TranslationEngine = {
      name: 'down',
      kind: 'language-model',
      honours: { terms: true, instructions: true },
      translate: () => Promise.reject(new EngineError('http', 'HTTP 500')),
      condense: async (req) => req.items.map((it) => it.text),
    };
    const pass = await termsPass(
      engine,
      { lines: LINES, translations, candidates: [0, 2, 4], matcher },
      langs,
      opts,
    );
    expect(pass.replaced.size).toBe(0);
    expect(pass.asked).toBe(3);
  });

  it('sends what the caller gives the lines asked again (their instructions, say)', async () => {
    const { engine, sent } = engineOf((l) => l);
    const instructions = { formality: 'formal' as const, note: '' };
    await termsPass(
      engine,
      {
        lines: LINES,
        translations,
        candidates: [0, 4],
        matcher,
        extrasOf: (asked) => (from, to) => ({
          instructions,
          terms: [{ source: asked.slice(from, to).join('|'), target: 'x' }],
        }),
      },
      langs,
      opts,
    );
    expect(sent.map((r) => [r.instructions, r.terms])).toEqual([
      [instructions, [{ source: 'Bruce is here.|Bruce in Gotham.', target: 'x' }]],
    ]);
  });
});
