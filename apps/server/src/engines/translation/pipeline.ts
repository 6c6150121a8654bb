import { CONDENSE_BATCH, CondensePool, type CondensedLine, type FitOptions } from './condense.js';
import { EngineError, type TranslateRequest, type TranslationEngine } from './engine.js';
import { batchesOf, closesSentence, groupsOf } from './sentence-groups.js';

export { batchesOf } from './sentence-groups.js';

/**
 * Calls of lines to condense go before new batches until this many batches per unit of
 * concurrency remain: about two rounds of condensing calls when a third of the lines come back
 * over budget (see nextJob).
 */
const CONDENSE_FIRST_WHILE = 7;
export type { CondensedLine, FitOptions } from './condense.js';

export interface PipelineOptions {
  /** lines per engine call (SPEC §9: 10); an engine's own batching (engine.ts) wins */
  batchSize: number;
  /** engine calls in flight for one task; an engine's own batching wins */
  concurrency: number;
  /** retries of one call (SPEC §8: 3) */
  retries: number;
  /** first retry delay; doubles on each retry (SPEC §8: 1 s) */
  retryDelayMs: number;
  /** lines of context sent before and after a batch */
  contextLines?: number;
  /**
   * Stops the run (shutdown, the task deleted): calls in flight and pauses end at once, no batch is
   * taken any more, what the engine answered is still persisted (awaited), then the signal's
   * reason is thrown.
   */
  signal?: AbortSignal;
  /**
   * Stops the run gently (a graceful shutdown): no engine call starts any more, but the calls in
   * flight may still answer, and what they answer is persisted, until they end (or `signal` aborts
   * them); then drain's reason is thrown, unless nothing was left to do.
   */
  drain?: AbortSignal;
  /** only these line indices are translated (a resumed run); every line when omitted */
  only?: readonly number[];
  /**
   * Called, and awaited, with each run of lines as the engine answered it (and how many of them
   * kept their original text), lines over budget included, before they count as done: a run
   * persists its results here, as they arrive. Throwing stops the whole run.
   */
  onLines?: (from: number, values: string[], keptOriginal: number) => Promise<void>;
  /**
   * Called, and awaited, with lines of runs already given to onLines whose text a condensing call
   * shortened (after that run's onLines, and in order for a line asked twice). Throwing stops the
   * whole run.
   */
  onCondensed?: (lines: CondensedLine[]) => Promise<void>;
  /** lines done so far, of the lines this run translates (only ever grows) */
  onProgress?: (done: number, total: number) => void;
  sleep?: (ms: number) => Promise<void>;
  /**
   * each line's budget: sent with the lines, and lines that come back over it are asked again for
   * a shorter rendering (condense.ts) by engines that can be asked
   */
  fit?: FitOptions;
  /** send cues that form one sentence as a group within one batch (default true) */
  sentenceGroups?: boolean;
  /**
   * issue 26: what goes with the batch of lines [from, to) besides its lines: the terms that occur
   * in it, the brief's part that concerns it, the user's instructions
   */
  extrasFor?: (from: number, to: number) => BatchExtras;
}

/** What a batch may carry besides its lines (issue 26). */
export type BatchExtras = Pick<TranslateRequest, 'terms' | 'brief' | 'instructions'>;

export interface PipelineResult {
  translations: string[];
  /** lines that kept their original text because the engine never gave them back */
  keptOriginal: number;
  /** engine calls made, attempts and condensing included */
  calls: number;
  /** of `calls`, those asking for shorter lines */
  condenseCalls: number;
}

/** A pause that ends early when the run is stopped from outside (shutdown). */
export const pause = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });

/**
 * Translates every line with bounded concurrency. A call that fails is retried with backoff
 * (honouring Retry-After); a reply with the wrong lines is retried and then its batch halved;
 * only a single line that still fails keeps its original text (counted). An engine that keeps
 * failing at the HTTP level fails the whole run: better a failed task than a "translation" that
 * is the original. Cues of one sentence travel as a group within one batch (a line emptied in a
 * group is a wrong reply like any other: a halved batch holds smaller groups, a single line none);
 * with `fit`, each line's budget goes with it and lines over budget are condensed, pooled across
 * batches. Every answer is persisted as it arrives (onLines, then onCondensed), so a run stopped
 * or killed loses none of what the engine answered (issue 41).
 */
export async function translateAll(
  engine: TranslationEngine,
  lines: readonly string[],
  languages: { source: string; target: string },
  opts: PipelineOptions,
): Promise<PipelineResult> {
  // a stop, hard or gentle, ends a pause at once: no call follows it
  const stops = [opts.signal, opts.drain].filter((x): x is AbortSignal => x !== undefined);
  const sleep = opts.sleep ?? ((ms: number) => pause(ms, stops.length ? AbortSignal.any(stops) : undefined));
  /** no engine call starts once the run is stopped (hard or gently) */
  const halt = () => {
    opts.signal?.throwIfAborted();
    opts.drain?.throwIfAborted();
  };
  // a local rule-based engine takes large batches and gives the same reply every time
  const batchSize = engine.batching?.batchSize ?? opts.batchSize;
  const concurrency = engine.batching?.concurrency ?? opts.concurrency;
  const deterministic = engine.batching?.deterministic ?? false;
  const context = opts.contextLines ?? 2;
  const out: (string | undefined)[] = new Array<string | undefined>(lines.length);
  const todo = opts.only ?? lines.map((_, i) => i);
  let done = 0;
  let keptOriginal = 0;
  let calls = 0;
  let condenseCalls = 0;
  const grouped = opts.sentenceGroups ?? true;
  // line i continues into line i + 1 (one sentence across cues)
  const joinsNext = (i: number) => grouped && i + 1 < lines.length && !closesSentence(lines[i]!);
  // workers with nothing to do wait for a call to end (or for a failure)
  let waiters: (() => void)[] = [];
  const changed = () => {
    const woken = waiters;
    waiters = [];
    for (const w of woken) w();
  };
  const failure: { first: Error | null } = { first: null };
  const fail = (err: unknown) => {
    failure.first ??= err instanceof Error ? err : new Error(String(err));
    changed();
  };

  // Persisting a finished run (onLines) overlaps the next engine call instead of delaying it;
  // a run counts as done only once persisted, and a failed persist stops the whole run.
  const persisting = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>) => {
    persisting.add(p);
    void p.finally(() => persisting.delete(p));
    return p;
  };
  /** by line index: its last persist (true once it succeeded), which a condensed text waits for */
  const savedOf = new Map<number, Promise<boolean>>();
  const finish = (from: number, values: string[], kept = 0) => {
    const saved = track(
      (async () => {
        // the worker that finished this run sends its next engine call first (in this same turn of
        // the event loop); an embedded database would otherwise hold that request back while it writes
        await new Promise<void>((resolve) => setImmediate(resolve));
        if (opts.onLines) await opts.onLines(from, values, kept);
        values.forEach((v, i) => (out[from + i] = v));
        keptOriginal += kept;
        done += values.length;
        opts.onProgress?.(done, todo.length);
        return true;
      })().catch((err: unknown) => {
        fail(err);
        return false;
      }),
    );
    values.forEach((_, i) => savedOf.set(from + i, saved));
  };
  /** Condensed lines, persisted once their run (and their previous condensing) was. */
  const revise = (changed: CondensedLine[]) => {
    const after = changed.map((c) => savedOf.get(c.index) ?? Promise.resolve(true));
    const saved = track(
      (async () => {
        const ok = await Promise.all(after);
        const lines = changed.filter((_, k) => ok[k]);
        if (!lines.length) return false;
        if (opts.onCondensed) await opts.onCondensed(lines);
        for (const c of lines) out[c.index] = c.text;
        return true;
      })().catch((err: unknown) => {
        fail(err);
        return false;
      }),
    );
    for (const c of changed) savedOf.set(c.index, saved);
  };

  /** One engine call with retries and backoff (honouring Retry-After). */
  async function withRetries(send: () => Promise<string[]>): Promise<string[]> {
    let lastError: EngineError | null = null;
    for (let attempt = 0; attempt <= opts.retries; attempt += 1) {
      halt();
      if (attempt > 0) {
        const backoff = opts.retryDelayMs * 2 ** (attempt - 1);
        await sleep(Math.max(backoff, lastError?.retryAfterMs ?? 0));
        halt();
      }
      calls += 1;
      try {
        return await send();
      } catch (err) {
        // stopped from outside (shutdown): the engine's failure is the abort, not its answer (and
        // a stopping run asks nothing again)
        halt();
        if (!(err instanceof EngineError) || err.kind === 'not_implemented') throw err;
        // asking a deterministic engine again gives the same wrong lines: halve at once
        if (deterministic && err.kind === 'count') throw err;
        lastError = err;
      }
    }
    throw lastError ?? new EngineError('http', 'no attempt made');
  }

  const call = (from: number, to: number) => {
    // the groups of this call, as [first, last] indices into its lines
    const groups = groupsOf(from, to, batchSize, joinsNext)
      .filter(([a, b]) => b - a > 1)
      .map(([a, b]): [number, number] => [a - from, b - 1 - from]);
    return withRetries(() =>
      engine.translate({
        lines: lines.slice(from, to),
        context: {
          before: lines.slice(Math.max(0, from - context), from),
          after: lines.slice(to, to + context),
        },
        source: languages.source,
        target: languages.target,
        ...(opts.signal ? { signal: opts.signal } : {}),
        ...(opts.fit ? { budgets: opts.fit.budgets.slice(from, to), counting: opts.fit.counting } : {}),
        ...(groups.length ? { groups } : {}),
        ...opts.extrasFor?.(from, to),
      }),
    );
  };

  /**
   * Lines over budget, from every run, asked again CONDENSE_BATCH to a call (engines that can be
   * asked); each shorter text is persisted as it comes. A call that keeps failing leaves its lines
   * as they are (they are flagged over budget), the run goes on.
   */
  const condense = engine.condense?.bind(engine);
  const fit = opts.fit;
  const pool = fit && condense ? new CondensePool(lines, fit, revise) : null;
  async function condenseCall(): Promise<void> {
    const { taken, items } = pool!.take();
    let answers: string[] | null = null;
    try {
      answers = await withRetries(() => {
        condenseCalls += 1;
        return condense!({
          items,
          counting: fit!.counting,
          source: languages.source,
          target: languages.target,
          ...(opts.signal ? { signal: opts.signal } : {}),
        });
      });
    } catch (err) {
      halt();
      if (!(err instanceof EngineError) || err.kind === 'not_implemented') throw err;
    }
    pool!.settle(taken, answers);
  }

  async function run(from: number, to: number): Promise<void> {
    let values: string[];
    try {
      values = await call(from, to);
    } catch (err) {
      const wrongLines = err instanceof EngineError && (err.kind === 'count' || err.kind === 'format');
      if (!wrongLines) throw err;
      if (to - from > 1) {
        const mid = from + Math.ceil((to - from) / 2);
        await run(from, mid);
        await run(mid, to);
        return;
      }
      finish(from, [lines[from]!], 1);
      return;
    }
    // saved as the engine answered it; lines over budget wait to be condensed, then saved again
    finish(from, values);
    pool?.add(from, values);
  }

  const batches = batchesOf(todo, batchSize, joinsNext);
  let next = 0;
  /** engine calls in flight (each may give lines to condense), and of those, batches */
  let inFlight = 0;
  let translating = 0;
  /**
   * What a free worker does next. Lines to condense wait until they fill a call. Such a call goes
   * before the next batch while many batches remain, so runs are persisted as the task goes; near
   * the end batches go first, so the condensing of the last batches overlaps the condensing left
   * from before instead of trailing the last translation by two calls. Once every batch is
   * translated, a call of fewer lines goes when fewer than half the workers are busy (the calls
   * still out would bring back few lines to add to it).
   */
  const nextJob = (): (() => Promise<void>) | 'wait' | 'stop' => {
    // stopping gently: no call starts, the calls in flight end on their own
    if (opts.drain?.aborted) return 'stop';
    const left = batches.length - next;
    const waiting = pool?.size ?? 0;
    if (waiting >= CONDENSE_BATCH && left > concurrency * CONDENSE_FIRST_WHILE) return condenseCall;
    if (left > 0) {
      const [from, to] = batches[next++]!;
      return async () => {
        translating += 1;
        try {
          await run(from, to);
        } finally {
          translating -= 1;
        }
      };
    }
    const few = translating === 0 && inFlight * 2 < concurrency;
    if (waiting >= CONDENSE_BATCH || (waiting > 0 && few)) return condenseCall;
    return inFlight === 0 ? 'stop' : 'wait';
  };
  // the first failure stops every worker from taking more work; it is then thrown
  await Promise.all(
    Array.from({ length: Math.min(concurrency, batches.length) }, async () => {
      while (failure.first === null) {
        const job = nextJob();
        if (job === 'stop') return;
        if (job === 'wait') {
          await new Promise<void>((resolve) => waiters.push(resolve));
          continue;
        }
        inFlight += 1;
        try {
          await job();
        } catch (err) {
          fail(err);
        } finally {
          inFlight -= 1;
          changed();
        }
      }
    }),
  );
  // what the engine answered is persisted, a stopped run's too
  while (persisting.size) await Promise.all(persisting);
  if (failure.first) throw failure.first;
  // stopped gently with work left (lines not translated, or waiting to be condensed)
  if (opts.drain?.aborted && (next < batches.length || (pool?.size ?? 0) > 0)) throw opts.drain.reason;
  return { translations: out.map((v, i) => v ?? lines[i]!), keptOriginal, calls, condenseCalls };
}
