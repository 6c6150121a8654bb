import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  fakeTranslate,
  startGoogleV2Server,
  startOpenAiServer,
} from '../../../test/support/translation-servers.js';
import { EngineError, retryAfterMs } from './engine.js';
import { googleV2Engine } from './google-v2.js';
import { openAiCompatibleEngine } from './openai-compatible.js';
import { batchesOf, translateAll, type PipelineOptions } from './pipeline.js';
import { until } from '../../../test/support/until.js';

const KEY = 'sk-test-key';
const lines = Array.from({ length: 23 }, (_, i) => `line ${i + 1} <i>tagged</i>`);
const expected = lines.map((l) => fakeTranslate(l, 'ja'));
const noWait: Pick<PipelineOptions, 'retryDelayMs' | 'sleep'> = {
  retryDelayMs: 1,
  sleep: async () => undefined,
};

describe('OpenAI-compatible engine (DeepSeek, OpenAI, Ollama) against a local server', () => {
  let server: Awaited<ReturnType<typeof startOpenAiServer>>;
  const engine = () =>
    openAiCompatibleEngine({ name: 'deepseek', baseUrl: server.url, apiKey: KEY, model: 'test-model' });

  beforeAll(async () => {
    server = await startOpenAiServer(KEY);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.splice(0);
    server.setAlways(null);
  });

  const req = (ls: string[]) => ({
    lines: ls,
    context: { before: ['before'], after: ['after'] },
    source: 'en',
    target: 'ja',
  });

  it('sends numbered lines with read-only context and no timecodes; answers one line per line', async () => {
    expect(await engine().translate(req(['Hello', 'World']))).toEqual(['[ja] Hello', '[ja] World']);
    const sent = server.requests[0]!;
    expect(sent.lines).toEqual({ 1: 'Hello', 2: 'World' });
    expect(sent.context_before).toEqual(['before']);
    expect(sent.context_after).toEqual(['after']);
    expect(JSON.stringify(sent)).not.toMatch(/-->|\d\d:\d\d:\d\d/);
  });

  it('decodes HTML entities and reads a fenced JSON reply', async () => {
    server.misbehave('entities', 'fenced');
    expect(await engine().translate(req(['a']))).toEqual(["Tom & Jerry '1'"]);
    expect(await engine().translate(req(['b']))).toEqual(['[ja] b']);
  });

  it.each(['wrap-lines', 'wrap-translations', 'array'] as const)(
    'reads a reply in the shape %s as the numbered map',
    async (mode) => {
      server.misbehave(mode);
      expect(await engine().translate(req(['one', 'two', 'three']))).toEqual([
        '[ja] one',
        '[ja] two',
        '[ja] three',
      ]);
    },
  );

  it.each([
    ['wrap-two-keys', 'format'],
    ['refuse', 'format'],
    ['wrong-count', 'count'],
    ['merged', 'count'],
    ['echo-missing', 'count'],
    ['garbage', 'format'],
    ['error-object', 'api'],
    ['http500', 'http'],
    ['http429', 'rate_limited'],
  ] as const)('turns %s into a %s failure', async (mode, kind) => {
    server.misbehave(mode);
    const err = await engine()
      .translate(req(['one', 'two', 'three']))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).kind).toBe(kind);
  });

  it('refuses a wrong API key as an HTTP failure without leaking the key', async () => {
    const bad = openAiCompatibleEngine({
      name: 'deepseek',
      baseUrl: server.url,
      apiKey: 'wrong',
      model: 'm',
    });
    const err = (await bad.translate(req(['x'])).catch((e: unknown) => e)) as EngineError;
    expect(err.kind).toBe('http');
    expect(err.message).toContain('401');
    expect(err.message).not.toContain(KEY);
  });

  it('gives up on a slow provider at its timeout', async () => {
    server.misbehave('slow');
    const slow = openAiCompatibleEngine({
      name: 'x',
      baseUrl: server.url,
      apiKey: KEY,
      model: 'm',
      timeoutMs: 200,
    });
    expect(((await slow.translate(req(['x'])).catch((e: unknown) => e)) as EngineError).kind).toBe('http');
  });

  describe('the pipeline over it', () => {
    const opts = (over: Partial<PipelineOptions> = {}): PipelineOptions => ({
      batchSize: 10,
      concurrency: 3,
      retries: 3,
      ...noWait,
      ...over,
    });

    it('translates every line in batches of 10, in order, with monotonic progress', async () => {
      const progress: number[] = [];
      const r = await translateAll(
        engine(),
        lines,
        { source: 'en', target: 'ja' },
        opts({ onProgress: (d) => progress.push(d) }),
      );
      expect(r).toEqual({
        translations: expected,
        keptOriginal: 0,
        calls: 3,
        condenseCalls: 0,
        batchSize: 10,
      });
      expect(progress.at(-1)).toBe(23);
      expect(progress).toEqual([...progress].sort((a, b) => a - b));
    });

    it('translates every line of a model that always wraps its answers, without splitting a batch', async () => {
      for (const mode of ['wrap-lines', 'wrap-translations', 'array'] as const) {
        server.requests.splice(0);
        server.setAlways(mode);
        const r = await translateAll(engine(), lines, { source: 'en', target: 'ja' }, opts());
        expect(r).toEqual({
          translations: expected,
          keptOriginal: 0,
          calls: 3,
          condenseCalls: 0,
          batchSize: 10,
        });
      }
    });

    it('retries failures (HTTP 500, 429, garbage) and still returns every line', async () => {
      server.misbehave('http500', 'http429', 'garbage');
      const r = await translateAll(engine(), lines, { source: 'en', target: 'ja' }, opts({ concurrency: 1 }));
      expect(r.translations).toEqual(expected);
      expect(r.keptOriginal).toBe(0);
      expect(r.calls).toBe(6);
    });

    it('halves a batch whose replies keep losing lines, and keeps the original only for the line that never comes back', async () => {
      // the first batch (10 lines) answers a wrong count 4 times → halved to 5 + 5; the first 5 again
      // 4 times → 3 + 2; ... until one line alone fails 4 times and keeps its text
      server.misbehave(...Array<'wrong-count'>(4 * 5).fill('wrong-count'));
      const r = await translateAll(
        engine(),
        lines.slice(0, 10),
        { source: 'en', target: 'ja' },
        opts({ concurrency: 1 }),
      );
      expect(r.translations).toHaveLength(10);
      expect(r.keptOriginal).toBe(1);
      expect(r.translations[0]).toBe(lines[0]);
      expect(r.translations.slice(1)).toEqual(expected.slice(1, 10));
    });

    it('translates only the lines a resumed run still needs, persisting each run of lines before counting it', async () => {
      const only = [0, 1, 2, 7, 8, 20, 21, 22];
      const persisted: [number, string[], number][] = [];
      const r = await translateAll(
        engine(),
        lines,
        { source: 'en', target: 'ja' },
        opts({
          batchSize: 2,
          only,
          onLines: async (from, values, kept) => {
            persisted.push([from, values, kept]);
          },
        }),
      );
      expect(persisted.map(([from, values]) => [from, values.length]).sort((a, b) => a[0]! - b[0]!)).toEqual([
        [0, 2],
        [2, 1],
        [7, 2],
        [20, 2],
        [22, 1],
      ]);
      for (const [from, values] of persisted)
        expect(values).toEqual(expected.slice(from, from + values.length));
      expect(server.requests).toHaveLength(5);
      for (const i of only) expect(r.translations[i]).toBe(expected[i]);
    });

    it('stops taking batches once persisting fails, and throws that failure', async () => {
      let persisted = 0;
      await expect(
        translateAll(
          engine(),
          lines,
          { source: 'en', target: 'ja' },
          opts({
            batchSize: 2,
            concurrency: 1,
            onLines: async () => {
              persisted += 1;
              if (persisted === 2) throw new Error('task was deleted');
            },
          }),
        ),
      ).rejects.toThrow('task was deleted');
      // persisting overlaps the next call: at most one more batch was already on its way
      expect(server.requests.length).toBeGreaterThanOrEqual(2);
      expect(server.requests.length).toBeLessThanOrEqual(3);
    });

    it('fails the run when the provider keeps failing at the HTTP level (no silent originals)', async () => {
      server.misbehave(...Array<'http500'>(4).fill('http500'));
      await expect(
        translateAll(engine(), lines.slice(0, 5), { source: 'en', target: 'ja' }, opts({ concurrency: 1 })),
      ).rejects.toMatchObject({ kind: 'http' });
    });

    it('stops at once when aborted while waiting to retry, and throws the abort, not an engine failure', async () => {
      server.setAlways('http500');
      const stop = new AbortController();
      const run = translateAll(
        engine(),
        lines.slice(0, 5),
        { source: 'en', target: 'ja' },
        {
          batchSize: 5,
          concurrency: 1,
          retries: 3,
          // the first retry would wait 5 s
          retryDelayMs: 5000,
          signal: stop.signal,
        },
      ).catch((e: unknown) => e);
      await until(() => server.requests.length === 1);
      const reason = new Error('shutting down');
      const abortedAt = Date.now();
      stop.abort(reason);
      expect(await run).toBe(reason);
      expect(Date.now() - abortedAt).toBeLessThan(1000);
      expect(server.requests).toHaveLength(1);
    });
  });
});

describe('Google Cloud Translation v2 engine against a local server', () => {
  let server: Awaited<ReturnType<typeof startGoogleV2Server>>;
  beforeAll(async () => {
    server = await startGoogleV2Server('g-key');
  });
  afterAll(() => server.close());
  const engine = () => googleV2Engine({ baseUrl: server.url, apiKey: 'g-key' });
  const req = (ls: string[], target = 'zh-HK') => ({
    lines: ls,
    context: { before: [], after: [] },
    source: 'auto',
    target,
  });

  it('translates one q per line and maps zh-HK to Google’s zh-TW', async () => {
    expect(await engine().translate(req(['a', 'b']))).toEqual(['[zh-TW] a', '[zh-TW] b']);
  });

  it('decodes entities; a wrong count, garbage and HTTP 500 are failures; a bad key is refused', async () => {
    server.misbehave('entities');
    expect(await engine().translate(req(['x'], 'en'))).toEqual(['it\'s "ok"']);
    for (const [mode, kind] of [
      ['wrong-count', 'count'],
      ['garbage', 'format'],
      ['http500', 'http'],
    ] as const) {
      server.misbehave(mode);
      expect(
        (
          (await engine()
            .translate(req(['1', '2']))
            .catch((e: unknown) => e)) as EngineError
        ).kind,
      ).toBe(kind);
    }
    const bad = googleV2Engine({ baseUrl: server.url, apiKey: 'nope' });
    expect(((await bad.translate(req(['1'])).catch((e: unknown) => e)) as EngineError).message).toMatch(
      /API key not valid/,
    );
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString(), Date.now())).toBeGreaterThan(3000);
    expect(retryAfterMs(null)).toBeNull();
    expect(retryAfterMs('soon')).toBeNull();
  });
});

describe('batchesOf', () => {
  it('cuts consecutive indices into batches that never span a gap', () => {
    expect(batchesOf([0, 1, 2, 3, 4], 2)).toEqual([
      [0, 2],
      [2, 4],
      [4, 5],
    ]);
    expect(batchesOf([1, 2, 5, 6, 7, 9], 10)).toEqual([
      [1, 3],
      [5, 8],
      [9, 10],
    ]);
    expect(batchesOf([], 10)).toEqual([]);
  });
});
