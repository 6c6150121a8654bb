import { AllowanceSpent, type Work, type WorkAllowance } from './allowance.js';
import { planBatches } from './batch-plan.js';
import { CONDENSE_BATCH, CondensePool, type FitOptions } from './condense.js';
import { EngineError, type TranslateRequest, type TranslationEngine } from './engine.js';
import type { BatchExtras } from './extras-fit.js';
import { batchesOf, closesSentence, groupsOf } from './sentence-groups.js';

export { batchesOf } from './sentence-groups.js';

/**
 * How many batches of `size` lines translateAll makes of the lines `only` (every line when
 * omitted), sentence groups kept whole: what a request is charged in engine calls before it goes.
 */
export function batchCount(lines: readonly string[], size: number, only?: readonly number[]): number {
  const joinsNext = (i: number) => i + 1 < lines.length && !closesSentence(lines[i]!);
  return batchesOf(only ?? lines.map((_, i) => i), size, joinsNext).length;
}

/**
 * Calls of lines to condense go before new batches until this many batches per unit of
 * concurrency remain: about two rounds of condensing calls when a third of the lines come back
 * over budget (see nextJob).
 */
const CONDENSE_FIRST_WHILE = 7;
export type { FitOptions } from './condense.js';

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
   * Stops the run (shutdown): calls in flight and pauses end at once, no batch is taken any more,
   * runs already finished are still persisted (onLines awaited), then the signal's reason is thrown.
   */
  signal?: AbortSignal;
  /** only these line indices are translated (a resumed run); every line when omitted */
  only?: readonly number[];
  /**
   * Called, and awaited, with each finished run of lines (and how many of them kept their
   * original text) before they count as done: a run persists its results here. Throwing stops
   * the whole run.
   */
  onLines?: (from: number, values: string[], keptOriginal: number) => Promise<void>;
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
  /**
   * issue 41: at most this many batches: the batch size is raised until the lines fit (an
   * engine's own batching wins)
   */
  maxBatches?: number;
  /**
   * issue 41: the engine work the task's price buys (allowance.ts). The run's own batches are
   * held up front (their extras cut to fit) unless `extraWork`; every other call (condensing, a
   * wrong answer asked again, a halved batch) goes only while the allowance covers it, else its
   * lines stay as they are (a batch's lines keep their original text, counted).
   */
  allowance?: WorkAllowance;
  /** with `allowance`: the run's batches are extra work too (the terms pass), not held */
  extraWork?: boolean;
}

export type { BatchExtras } from './extras-fit.js';

export interface PipelineResult {
  translations: string[];
  /** lines that kept their original text because the engine never gave them back */
  keptOriginal: number;
  /** engine calls made, attempts and condensing included */
  calls: number;
  /** of `calls`, those asking for shorter lines */
  condenseCalls: number;
  /** lines per batch, as raised to fit `maxBatches` */
  batchSize: number;
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
 * batches, before the run of lines is persisted.
 */
export async function translateAll(
  engine: TranslationEngine,
  lines: readonly string[],
  languages: { source: string; target: string },
  opts: PipelineOptions,
): Promise<PipelineResult> {
  const sleep = opts.sleep ?? ((ms: number) => pause(ms, opts.signal));
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
  const persisting = new Set<Promise<void>>();
  const finish = (from: number, values: string[], kept = 0) => {
    const saved = (async () => {
      // the worker that finished this run sends its next engine call first (in this same turn of
      // the event loop); an embedded database would otherwise hold that request back while it writes
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (opts.onLines) await opts.onLines(from, values, kept);
      values.forEach((v, i) => (out[from + i] = v));
      keptOriginal += kept;
      done += values.length;
      opts.onProgress?.(done, todo.length);
    })().catch(fail);
    persisting.add(saved);
    void saved.finally(() => persisting.delete(saved));
  };

  const allowance = opts.allowance;
  /**
   * What an attempt of a call costs the allowance: a planned (held) call's first attempt and an
   * engine's own failure asked again are spent whatever is left; anything else (a single line's
   * wrong answer asked again, a call of other work) only when covered (refused: a first attempt
   * throws AllowanceSpent, a later one the last error).
   */
  const pay = (cost: CallCost, attempt: number, lastError: EngineError | null) => {
    if (!allowance) return;
    const wrong = lastError?.kind === 'count' || lastError?.kind === 'format';
    if (attempt === 0 && cost.held) allowance.spend(cost.bytes, cost.held);
    else if (attempt > 0 && !wrong) allowance.spend(cost.bytes);
    else if (!allowance.take(cost.bytes)) throw attempt === 0 ? new AllowanceSpent() : lastError!;
  };

  /** One engine call with retries and backoff (honouring Retry-After). */
  async function withRetries(send: () => Promise<string[]>, cost: CallCost): Promise<string[]> {
    let lastError: EngineError | null = null;
    for (let attempt = 0; attempt <= opts.retries; attempt += 1) {
      opts.signal?.throwIfAborted();
      if (attempt > 0) {
        const backoff = opts.retryDelayMs * 2 ** (attempt - 1);
        await sleep(Math.max(backoff, lastError?.retryAfterMs ?? 0));
        opts.signal?.throwIfAborted();
      }
      pay(cost, attempt, lastError);
      calls += 1;
      try {
        return await send();
      } catch (err) {
        // stopped from outside (shutdown): the engine's failure is the abort, not its answer
        opts.signal?.throwIfAborted();
        if (!(err instanceof EngineError) || err.kind === 'not_implemented') throw err;
        // asking a deterministic engine again gives the same wrong lines: halve at once
        if (deterministic && err.kind === 'count') throw err;
        // issue 41: under an allowance, a batch of several lines that came back wrong is halved
        // at once (asking again in smaller pieces): a line the model refuses took 19 calls to
        // isolate in a batch of 10 when every level was asked 3 times more, now 9
        if (allowance && cost.split && (err.kind === 'count' || err.kind === 'format')) throw err;
        lastError = err;
      }
    }
    throw lastError ?? new EngineError('http', 'no attempt made');
  }

  const requestOf = (from: number, to: number, extras: BatchExtras, size: number): TranslateRequest => {
    // the groups of this call, as [first, last] indices into its lines
    const groups = groupsOf(from, to, size, joinsNext)
      .filter(([a, b]) => b - a > 1)
      .map(([a, b]): [number, number] => [a - from, b - 1 - from]);
    return {
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
      ...extras,
    };
  };
  const plan = planBatches({
    engine,
    todo,
    batchSize: opts.batchSize,
    ...(opts.maxBatches !== undefined ? { maxBatches: opts.maxBatches } : {}),
    joinsNext,
    requestOf,
    ...(opts.extrasFor ? { extrasFor: opts.extrasFor } : {}),
    ...(allowance && !opts.extraWork ? { allowance } : {}),
  });

  /**
   * Lines over budget, from every run, asked again CONDENSE_BATCH to a call (engines that can be
   * asked); a run is persisted once its lines are settled. A call that keeps failing leaves its
   * lines as they are (they are flagged over budget), the run goes on.
   */
  const condense = engine.condense?.bind(engine);
  const fit = opts.fit;
  const pool = fit && condense ? new CondensePool(lines, fit, (r) => finish(r.from, r.values)) : null;
  async function condenseCall(): Promise<void> {
    const { taken, items } = pool!.take();
    const req = {
      items,
      counting: fit!.counting,
      source: languages.source,
      target: languages.target,
      ...(opts.signal ? { signal: opts.signal } : {}),
    };
    let answers: string[] | null = null;
    try {
      answers = await withRetries(
        () => {
          condenseCalls += 1;
          return condense!(req);
        },
        { bytes: engine.prompt?.condense(req) ?? 0 },
      );
    } catch (err) {
      opts.signal?.throwIfAborted();
      // the allowance is spent: these lines stay as they are, asked no more
      if (err instanceof AllowanceSpent) return pool!.settle(taken, null, false);
      if (!(err instanceof EngineError) || err.kind === 'not_implemented') throw err;
    }
    pool!.settle(taken, answers);
  }

  /**
   * One batch [from, to): its call, then on a wrong answer its halves (held first: without the
   * allowance for them its lines keep their original text); `held` is what was held for it.
   */
  async function run(from: number, to: number, held = plan.heldFor(from, to)): Promise<void> {
    const req = requestOf(from, to, plan.extrasOf(from, to), plan.batchSize);
    const bytes = engine.prompt?.translate(req) ?? 0;
    const split = to - from > 1;
    let values: string[];
    try {
      values = await withRetries(() => engine.translate(req), { bytes, split, ...(held ? { held } : {}) });
    } catch (err) {
      // the allowance is spent: these lines keep their original text, as a line that kept failing
      if (err instanceof AllowanceSpent) {
        finish(from, lines.slice(from, to), to - from);
        return;
      }
      const wrongLines = err instanceof EngineError && (err.kind === 'count' || err.kind === 'format');
      if (!wrongLines) throw err;
      if (to - from > 1) {
        if (allowance && !allowance.reserve({ calls: 2, bytes })) {
          finish(from, lines.slice(from, to), to - from);
          return;
        }
        const half = allowance ? { calls: 1, bytes: Math.ceil(bytes / 2) } : undefined;
        const mid = from + Math.ceil((to - from) / 2);
        await run(from, mid, half);
        await run(mid, to, half);
        return;
      }
      finish(from, [lines[from]!], 1);
      return;
    }
    if (pool) pool.add(from, values);
    else finish(from, values);
  }

  const batches = plan.batches;
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
  await Promise.all(persisting);
  if (failure.first) throw failure.first;
  return {
    translations: out.map((v, i) => v ?? lines[i]!),
    keptOriginal,
    calls,
    condenseCalls,
    batchSize: plan.batchSize,
  };
}

/**
 * What a call costs the allowance: its prompt bytes, what was held for it when planned, and
 * whether its batch is halved on a wrong answer (several lines) rather than asked again.
 */
interface CallCost {
  bytes: number;
  held?: Work;
  split?: boolean;
}
