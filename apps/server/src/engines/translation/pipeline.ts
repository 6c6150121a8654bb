import type { TranslationEngine } from './engine.js';
import { Batches, joinsNextOf } from './pipeline-batches.js';
import { EngineCaller, stopsOf } from './pipeline-call.js';
import { Condensing } from './pipeline-condense.js';
import type { PipelineOptions, PipelineResult } from './pipeline-options.js';
import { PersistedAnswers } from './pipeline-persist.js';
import { WorkerPool } from './pipeline-schedule.js';
import { batchesOf } from './sentence-groups.js';

export { batchesOf } from './sentence-groups.js';
export type { CondensedLine, FitOptions } from './condense.js';
export type { BatchExtras } from './extras-fit.js';
export { pause, type CallCost, type PipelineOptions, type PipelineResult } from './pipeline-options.js';

/**
 * How many batches of `size` lines translateAll makes of the lines `only` (every line when
 * omitted), sentence groups kept whole: what a request is charged in engine calls before it goes.
 */
export function batchCount(lines: readonly string[], size: number, only?: readonly number[]): number {
  return batchesOf(only ?? lines.map((_, i) => i), size, joinsNextOf(lines, true)).length;
}

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
 *
 * The stages: the engine calls with retries and payment (pipeline-call.ts), the answers persisted
 * in order (pipeline-persist.ts), the batches halved on wrong answers (pipeline-batches.ts), the
 * condensing of lines over budget (pipeline-condense.ts), and the workers that take them
 * (pipeline-schedule.ts).
 */
export async function translateAll(
  engine: TranslationEngine,
  lines: readonly string[],
  languages: { source: string; target: string },
  opts: PipelineOptions,
): Promise<PipelineResult> {
  const { halt, sleep } = stopsOf(opts);
  const todo = opts.only ?? lines.map((_, i) => i);
  const workers = new WorkerPool(engine.batching?.concurrency ?? opts.concurrency, opts.drain);
  const answers = new PersistedAnswers(lines, todo.length, opts, (err) => workers.fail(err));
  const caller = new EngineCaller({
    retries: opts.retries,
    retryDelayMs: opts.retryDelayMs,
    deterministic: engine.batching?.deterministic ?? false,
    halt,
    sleep,
    ...(opts.allowance ? { allowance: opts.allowance } : {}),
  });
  const condensing = Condensing.of({
    engine,
    lines,
    languages,
    fit: opts.fit,
    signal: opts.signal,
    caller,
    halt,
    answers,
  });
  const pool = condensing?.pool ?? null;
  const batches = new Batches({ engine, lines, languages, todo, opts, caller, answers, pool });

  const { batchesLeft } = await workers.run({
    batches: batches.plan.batches,
    batch: (from, to) => batches.run(from, to),
    condense: () => condensing!.call(),
    waiting: () => pool?.size ?? 0,
  });
  // what the engine answered is persisted, a stopped run's too
  await answers.settled();
  if (workers.failure) throw workers.failure;
  // stopped gently with work left (lines not translated, or waiting to be condensed)
  if (opts.drain?.aborted && (batchesLeft > 0 || (pool?.size ?? 0) > 0)) throw opts.drain.reason;
  return {
    translations: answers.translations(),
    keptOriginal: answers.keptOriginal,
    calls: caller.calls,
    condenseCalls: condensing?.calls ?? 0,
    batchSize: batches.plan.batchSize,
  };
}
