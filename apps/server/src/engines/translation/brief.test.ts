import { describe, expect, it } from 'vitest';
import type { Brief } from '@subtrans/contract';
import { BRIEF_CHUNK, briefChunks, writeBrief } from './brief.js';
import { EngineError, type BriefRequest, type TranslationEngine } from './engine.js';

const lines = (n: number, text = (i: number) => `Line ${i} of the film.`) =>
  Array.from({ length: n }, (_, i) => text(i));

describe('the film brief: reading a film in parts', () => {
  it('reads 1,000 cues in at most 5 % of the calls of its batches of 10, and 1,500 in few', () => {
    const thousand = briefChunks(lines(1000));
    expect(thousand.length).toBeLessThanOrEqual(5);
    expect(thousand.length / (1000 / 10 + thousand.length)).toBeLessThanOrEqual(0.05);
    expect(briefChunks(lines(1500)).length).toBe(5);
    expect(briefChunks(lines(25))).toEqual([[0, 25]]);
    expect(briefChunks([])).toEqual([]);
  });

  it('covers every line once, in order, in parts of even size within both limits', () => {
    const film = lines(1234, (i) => 'x'.repeat(20 + (i % 50)));
    const chunks = briefChunks(film);
    expect(chunks[0]![0]).toBe(0);
    expect(chunks.at(-1)![1]).toBe(film.length);
    chunks.slice(1).forEach(([from], i) => expect(from).toBe(chunks[i]![1]));
    for (const [from, to] of chunks) {
      expect(to - from).toBeLessThanOrEqual(BRIEF_CHUNK.cues);
      expect(film.slice(from, to).join('').length).toBeLessThanOrEqual(BRIEF_CHUNK.chars);
    }
    // long lines: the characters decide
    const wordy = briefChunks(lines(200, () => 'y'.repeat(400)));
    expect(wordy.length).toBe(4);
    expect(briefChunks(['z'.repeat(30_000), 'a'])).toEqual([
      [0, 1],
      [1, 2],
    ]);
  });
});

function briefEngine(answer: (req: BriefRequest) => Brief | Error) {
  const asked: BriefRequest[] = [];
  let inFlight = 0;
  let most = 0;
  const engine: TranslationEngine = {
    name: 'fake',
    kind: 'language-model',
    honours: { terms: true, instructions: true },
    translate: async (req) => req.lines,
    async brief(req) {
      asked.push(req);
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      const a = answer(req);
      if (a instanceof Error) throw a;
      return a;
    },
  };
  return { engine, asked, most: () => most };
}

const empty: Brief = { synopsis: '', register: '', characters: [], terms: [] };
const opts = { source: 'en', target: 'ja', concurrency: 3, retries: 1, retryDelayMs: 0 };

describe('writeBrief', () => {
  it('asks for each part (a few at once) and merges their answers', async () => {
    const { engine, asked, most } = briefEngine((req) => ({
      ...empty,
      synopsis: `Part ${req.part.index}.`,
      characters: [{ name: 'Kenji', target: '健二', gender: 'male', address: '' }],
    }));
    const known = { characters: [], terms: [{ source: 'Oni', target: '鬼', note: '' }] };
    const { brief, calls } = await writeBrief(engine, lines(1000), { ...opts, known });
    expect(calls).toBe(4);
    expect(asked.map((r) => r.part)).toEqual([1, 2, 3, 4].map((index) => ({ index, count: 4 })));
    expect(asked.every((r) => r.known === known && r.synopsisChars <= 1500 / 4)).toBe(true);
    expect(asked.flatMap((r) => r.lines)).toEqual(lines(1000));
    expect(most()).toBe(3);
    expect(brief!.synopsis).toBe('Part 1. Part 2. Part 3. Part 4.');
    expect(brief!.characters).toHaveLength(1);
  });

  it('tries a failing part again, then leaves it out; null when no part answered', async () => {
    let fails = 3;
    const flaky = briefEngine((req) =>
      req.part.index === 2 && fails-- > 0
        ? new EngineError('format', 'no JSON')
        : { ...empty, synopsis: 'ok' },
    );
    const some = await writeBrief(flaky.engine, lines(600), opts);
    // part 1 once, part 2 twice (both failed)
    expect(some.calls).toBe(3);
    expect(some.brief!.synopsis).toBe('ok');

    const down = briefEngine(() => new EngineError('http', 'HTTP 500'));
    expect(await writeBrief(down.engine, lines(10), opts)).toEqual({ brief: null, calls: 2 });
  });

  it('writes none for an engine without briefs, and stops when the run is stopped', async () => {
    const plain: TranslationEngine = {
      name: 'rules',
      kind: 'rule-based',
      honours: { terms: false, instructions: false },
      translate: async (req) => req.lines,
    };
    expect(await writeBrief(plain, lines(10), opts)).toEqual({ brief: null, calls: 0 });
    const stop = new AbortController();
    stop.abort(new Error('shutdown'));
    const { engine } = briefEngine(() => empty);
    await expect(writeBrief(engine, lines(10), { ...opts, signal: stop.signal })).rejects.toThrow('shutdown');
  });

  it('lets other failures through (a bug is no answer to leave out)', async () => {
    const { engine } = briefEngine(() => new TypeError('boom'));
    await expect(writeBrief(engine, lines(10), opts)).rejects.toThrow('boom');
  });
});
