import { AllowanceSpent } from './allowance.js';
import type { BatchExtras } from './extras-fit.js';
import { planBatches } from './batch-plan.js';
import { CONDENSE_BATCH, CondensePool, type CondensedLine } from './condense.js';
import { EngineError, type TranslateRequest, type TranslationEngine } from './engine.js';
import { pause, type CallCost, type PipelineOptions, type PipelineResult } from './pipeline-options.js';
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
export type { CondensedLine, FitOptions } from './condense.js';

export type { BatchExtras } from './extras-fit.js';
export { pause, type CallCost, type PipelineOptions, type PipelineResult } from './pipeline-options.js';

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
      halt();
      if (attempt > 0) {
        const backoff = opts.retryDelayMs * 2 ** (attempt - 1);
        await sleep(Math.max(backoff, lastError?.retryAfterMs ?? 0));
        halt();
      }
      pay(cost, attempt, lastError);
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
   * asked); each shorter text is persisted as it comes. A call that keeps failing leaves its lines
   * as they are (they are flagged over budget), the run goes on.
   */
  const condense = engine.condense?.bind(engine);
  const fit = opts.fit;
  const pool = fit && condense ? new CondensePool(lines, fit, revise) : null;
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
      halt();
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
    // saved as the engine answered it; lines over budget wait to be condensed, then saved again
    finish(from, values);
    pool?.add(from, values);
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
  return {
    translations: out.map((v, i) => v ?? lines[i]!),
    keptOriginal,
    calls,
    condenseCalls,
    batchSize: plan.batchSize,
  };
}
