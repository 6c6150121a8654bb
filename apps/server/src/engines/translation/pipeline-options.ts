import type { Work, WorkAllowance } from './allowance.js';
import type { CondensedLine, FitOptions } from './condense.js';
import type { BatchExtras } from './extras-fit.js';

/** What translateAll (pipeline.ts) is told, and what it answers. */
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
   * persists its results here, as they arrive. Throwing stops the whole run. `unknown`: each
   * line's words the engine could not translate (engine.ts UNKNOWN_WORD; empty when it says none).
   */
  onLines?: (
    from: number,
    values: string[],
    keptOriginal: number,
    unknown: readonly string[][],
  ) => Promise<void>;
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
 * What a call costs the allowance: its prompt bytes, what was held for it when planned, and
 * whether its batch is halved on a wrong answer (several lines) rather than asked again.
 */
export interface CallCost {
  bytes: number;
  held?: Work;
  split?: boolean;
}
