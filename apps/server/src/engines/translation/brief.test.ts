import { describe, expect, it } from 'vitest';
import type { Brief } from '@subtrans/contract';
import { BRIEF_CHUNK, briefChunks, KNOWN_MAX_BYTES, knownIn, writeBrief } from './brief.js';
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
    // the series' term occurs in the first part only: it goes with that part (issue 41)
    const film = lines(1000, (i) => (i === 7 ? 'The ONI is back.' : `Line ${i} of the film.`));
    const { brief, calls } = await writeBrief(engine, film, { ...opts, known });
    expect(calls).toBe(4);
    expect(asked.map((r) => r.part)).toEqual([1, 2, 3, 4].map((index) => ({ index, count: 4 })));
    expect(asked.every((r) => r.synopsisChars <= 1500 / 4)).toBe(true);
    const byPart = [...asked].sort((a, b) => a.part.index - b.part.index);
    expect(byPart.map((r) => r.known)).toEqual([known, undefined, undefined, undefined]);
    expect(byPart.flatMap((r) => r.lines)).toEqual(film);
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
    expect(await writeBrief(down.engine, lines(10), opts)).toEqual({ brief: null, calls: 2, reported: 0 });
  });

  it('writes none for an engine without briefs, and stops when the run is stopped', async () => {
    const plain: TranslationEngine = {
      name: 'rules',
      kind: 'rule-based',
      honours: { terms: false, instructions: false },
      translate: async (req) => req.lines,
    };
    expect(await writeBrief(plain, lines(10), opts)).toEqual({ brief: null, calls: 0, reported: 0 });
    const stop = new AbortController();
    stop.abort(new Error('shutdown'));
    const { engine } = briefEngine(() => empty);
    await expect(writeBrief(engine, lines(10), { ...opts, signal: stop.signal })).rejects.toThrow('shutdown');
  });

  it("sends a series' names and terms only where they occur, at most KNOWN_MAX_BYTES of them", () => {
    const memory = {
      characters: Array.from({ length: 100 }, (_, i) => ({
        name: `Name${i}`,
        target: 'T'.repeat(100),
        gender: 'unknown' as const,
        address: 'A'.repeat(200),
      })),
      terms: [{ source: '玉麒麟', target: 'Jade Qilin', note: '' }],
    };
    expect(knownIn(memory, ['Name3 and Name5 meet.', '他拿着玉麒麟。'])).toEqual({
      characters: [memory.characters[3], memory.characters[5]],
      terms: memory.terms,
    });
    expect(knownIn(memory, ['Nobody here.'])).toEqual({ characters: [], terms: [] });
    // every name occurs: the names first, as many as fit
    const all = knownIn(memory, [memory.characters.map((c) => c.name).join(' ') + ' 玉麒麟']);
    expect(Buffer.byteLength(JSON.stringify(all))).toBeLessThanOrEqual(KNOWN_MAX_BYTES);
    expect(all.characters.length).toBeGreaterThan(10);
    expect(all.characters).toEqual(memory.characters.slice(0, all.characters.length));
  });

  it('gives each part to onPart as it is answered, and asks only the parts not answered before', async () => {
    const { engine, asked } = briefEngine((req) => ({ ...empty, synopsis: `Part ${req.part.index}.` }));
    const kept: { index: number; count: number; calls: number }[] = [];
    const answered = new Map([[1, { ...empty, synopsis: 'Kept 2.' }]]);
    const { brief, calls, reported } = await writeBrief(engine, lines(900), {
      ...opts,
      answered,
      onPart: async ({ index, count, calls: n }) => void kept.push({ index, count, calls: n }),
    });
    expect(asked.map((r) => r.part.index)).toEqual([1, 3]);
    expect(kept.sort((a, b) => a.index - b.index)).toEqual([
      { index: 0, count: 3, calls: 1 },
      { index: 2, count: 3, calls: 1 },
    ]);
    expect({ calls, reported }).toEqual({ calls: 2, reported: 2 });
    expect(brief!.synopsis).toBe('Part 1. Kept 2. Part 3.');
  });

  it('stopped gently: no part starts, the parts in flight answer and are kept, then it throws', async () => {
    const drain = new AbortController();
    const { engine, asked } = briefEngine((req) => ({ ...empty, synopsis: `Part ${req.part.index}.` }));
    const kept: number[] = [];
    const written = writeBrief(engine, lines(1500), {
      ...opts,
      concurrency: 2,
      drain: drain.signal,
      onPart: async ({ index }) => void kept.push(index),
    });
    // two parts in flight
    await new Promise((r) => setImmediate(r));
    drain.abort(new Error('stopping'));
    await expect(written).rejects.toThrow('stopping');
    expect(asked.map((r) => r.part.index)).toEqual([1, 2]);
    expect(kept.sort()).toEqual([0, 1]);
  });

  it('lets other failures through (a bug is no answer to leave out)', async () => {
    const { engine } = briefEngine(() => new TypeError('boom'));
    await expect(writeBrief(engine, lines(10), opts)).rejects.toThrow('boom');
  });
});
