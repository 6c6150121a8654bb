import { BRIEF_LIMITS, type Brief, type SeriesMemory } from '@subtrans/contract';
import { TermMatcher } from '@subtrans/subtitles';
import type { WorkAllowance } from './allowance.js';
import { EngineError, type TranslationEngine } from './engine.js';
import { mergeBriefParts } from './brief-merge.js';
import { pause } from './pipeline.js';

/**
 * How much of a film one brief call reads. A call per 300 cues keeps the brief's calls near 4 %
 * of a task's at the default batch of 10 lines (issue 26: at most 5 % for 1,000 cues: 4 calls
 * beside 100), and 20,000 characters keeps a part of long lines within a model's context.
 */
export const BRIEF_CHUNK = { cues: 300, chars: 20_000 } as const;

/**
 * The film split into parts [from, to) of at most `maxCues` cues (as many in each as the count of
 * parts lets) and at most `maxChars` characters (a single longer cue is a part of its own).
 */
export function briefChunks(
  lines: readonly string[],
  maxCues: number = BRIEF_CHUNK.cues,
  maxChars: number = BRIEF_CHUNK.chars,
): [number, number][] {
  if (lines.length === 0) return [];
  const chars = lines.reduce((n, l) => n + l.length, 0);
  const count = Math.max(Math.ceil(lines.length / maxCues), Math.ceil(chars / maxChars));
  const cues = Math.ceil(lines.length / count);
  const chunks: [number, number][] = [];
  let from = 0;
  let size = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const n = lines[i]!.length;
    if (i > from && (i - from >= cues || size + n > maxChars)) {
      chunks.push([from, i]);
      from = i;
      size = 0;
    }
    size += n;
  }
  chunks.push([from, lines.length]);
  return chunks;
}

/** The most prompt bytes of a series' names and terms one part's call carries (issue 41). */
export const KNOWN_MAX_BYTES = 8_000;

/**
 * Of a series' names and terms, those that occur in a part's lines (matched as glossaries are, on
 * NFKC text), the names first, at most KNOWN_MAX_BYTES of them: the memory of a long series need
 * not be sent whole with every part (issue 41).
 */
export function knownIn(known: SeriesMemory, lines: readonly string[]): SeriesMemory {
  const entries = [
    ...known.characters.map((c) => ({ source: c.name.normalize('NFKC'), target: '', of: c })),
    ...known.terms.map((t) => ({ source: t.source.normalize('NFKC'), target: '', of: t })),
  ];
  const found = new Set(
    new TermMatcher(entries).termsInAll(lines.map((l) => l.normalize('NFKC'))).map((e) => e.of),
  );
  const out: SeriesMemory = { characters: [], terms: [] };
  let bytes = Buffer.byteLength(JSON.stringify(out));
  const add = <T extends object>(list: T[], item: T) => {
    const more = Buffer.byteLength(JSON.stringify(item)) + 1;
    if (bytes + more > KNOWN_MAX_BYTES) return;
    bytes += more;
    list.push(item);
  };
  for (const c of known.characters) if (found.has(c)) add(out.characters, c);
  for (const t of known.terms) if (found.has(t)) add(out.terms, t);
  return out;
}

export interface BriefOptions {
  source: string;
  target: string;
  /** a series' fixed names and terms, given to the engine to use */
  known?: SeriesMemory | null;
  /** parts read at once */
  concurrency: number;
  /** retries of one part's call: the brief helps, so a part that keeps failing is left out */
  retries: number;
  retryDelayMs: number;
  signal?: AbortSignal;
  /**
   * Stops gently (a graceful shutdown): no part's call starts any more, the calls in flight may
   * still answer (given to onPart) until `signal` aborts them; then drain's reason is thrown.
   */
  drain?: AbortSignal;
  sleep?: (ms: number) => Promise<void>;
  /** issue 41: the task's allowance, which each part's call is spent from (the brief always goes) */
  allowance?: WorkAllowance;
  /** parts answered before (a run that resumes the brief), by index: not asked again */
  answered?: ReadonlyMap<number, Brief>;
  /**
   * Called, and awaited, with each part as it is answered (of `count` parts) and the calls it
   * took, so it is kept even if the run stops before the brief is whole (issue 41).
   */
  onPart?: (part: { index: number; count: number; brief: Brief; calls: number }) => Promise<void>;
}

/**
 * Issue 26's film brief: the engine reads the whole film, part by part (a few parts at once),
 * and the parts' answers are merged (brief-merge.ts). A part whose call keeps failing is left out;
 * null when every part failed or the engine writes no briefs. `calls` counts every attempt, and
 * of those `reported` the ones onPart was given. A series' names and terms go with the parts they
 * occur in (knownIn).
 */
export async function writeBrief(
  engine: TranslationEngine,
  lines: readonly string[],
  opts: BriefOptions,
): Promise<{ brief: Brief | null; calls: number; reported: number }> {
  const brief = engine.brief?.bind(engine);
  if (!brief || lines.length === 0) return { brief: null, calls: 0, reported: 0 };
  const stops = [opts.signal, opts.drain].filter((x): x is AbortSignal => x !== undefined);
  const sleep = opts.sleep ?? ((ms: number) => pause(ms, stops.length ? AbortSignal.any(stops) : undefined));
  const halt = () => {
    opts.signal?.throwIfAborted();
    opts.drain?.throwIfAborted();
  };
  const chunks = briefChunks(lines);
  const synopsisChars = Math.floor(BRIEF_LIMITS.synopsisChars / chunks.length) - 1;
  const parts: (Brief | null)[] = chunks.map((_, i) => opts.answered?.get(i) ?? null);
  let calls = 0;
  let reported = 0;
  const read = async (index: number) => {
    const [from, to] = chunks[index]!;
    let last: EngineError | null = null;
    for (let attempt = 0; attempt <= opts.retries; attempt += 1) {
      halt();
      if (attempt > 0) await sleep(Math.max(opts.retryDelayMs * 2 ** (attempt - 1), last?.retryAfterMs ?? 0));
      halt();
      calls += 1;
      const slice = lines.slice(from, to);
      const known = opts.known && knownIn(opts.known, slice);
      const req = {
        lines: slice,
        source: opts.source,
        target: opts.target,
        part: { index: index + 1, count: chunks.length },
        synopsisChars,
        ...(known && (known.characters.length || known.terms.length) ? { known } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
      };
      opts.allowance?.spend(engine.prompt?.brief(req) ?? 0);
      let part: Brief;
      try {
        part = await brief(req);
      } catch (err) {
        halt();
        if (!(err instanceof EngineError)) throw err;
        last = err;
        continue;
      }
      parts[index] = part;
      if (opts.onPart) {
        await opts.onPart({ index, count: chunks.length, brief: part, calls: attempt + 1 });
        reported += attempt + 1;
      }
      return;
    }
  };
  const todo = parts.flatMap((p, i) => (p ? [] : [i]));
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(Math.max(1, opts.concurrency), todo.length) }, async () => {
      while (next < todo.length && !opts.drain?.aborted) await read(todo[next++]!);
    }),
  );
  // stopped gently with parts not asked: the brief is not whole
  if (next < todo.length) halt();
  const answered = parts.filter((p): p is Brief => p !== null);
  return { brief: answered.length ? mergeBriefParts(answered) : null, calls, reported };
}
