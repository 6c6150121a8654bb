import { CONDENSE_BATCH } from './condense.js';

/**
 * Calls of lines to condense go before new batches until this many batches per unit of
 * concurrency remain: about two rounds of condensing calls when a third of the lines come back
 * over budget (see nextJob).
 */
export const CONDENSE_FIRST_WHILE = 7;

/** Where the run stands when a worker is free. */
export interface RunState {
  /** stopping gently */
  draining: boolean;
  /** batches not yet taken */
  left: number;
  /** lines waiting to be condensed */
  waiting: number;
  concurrency: number;
  /** engine calls in flight (each may give lines to condense), and of those, batches */
  inFlight: number;
  translating: number;
}

/**
 * What a free worker does next. Lines to condense wait until they fill a call. Such a call goes
 * before the next batch while many batches remain, so runs are persisted as the task goes; near
 * the end batches go first, so the condensing of the last batches overlaps the condensing left
 * from before instead of trailing the last translation by two calls. Once every batch is
 * translated, a call of fewer lines goes when fewer than half the workers are busy (the calls
 * still out would bring back few lines to add to it).
 */
export function nextJob(s: RunState): 'condense' | 'batch' | 'wait' | 'stop' {
  // stopping gently: no call starts, the calls in flight end on their own
  if (s.draining) return 'stop';
  if (s.waiting >= CONDENSE_BATCH && s.left > s.concurrency * CONDENSE_FIRST_WHILE) return 'condense';
  if (s.left > 0) return 'batch';
  const few = s.translating === 0 && s.inFlight * 2 < s.concurrency;
  if (s.waiting >= CONDENSE_BATCH || (s.waiting > 0 && few)) return 'condense';
  return s.inFlight === 0 ? 'stop' : 'wait';
}

/** The work a pool's workers take. */
export interface Jobs {
  /** the batches [from, to), in order */
  batches: readonly (readonly [number, number])[];
  batch(from: number, to: number): Promise<void>;
  /** one call of lines to condense */
  condense(): Promise<void>;
  /** lines waiting to be condensed */
  waiting(): number;
}

/**
 * Workers taking jobs (nextJob) until none is left or one fails. The first failure stops every
 * worker from taking more work (and is kept in `failure`, for the caller to throw).
 */
export class WorkerPool {
  failure: Error | null = null;
  /** workers with nothing to do wait for a call to end (or for a failure) */
  private waiters: (() => void)[] = [];
  /** the next batch to take */
  private next = 0;
  /** engine calls in flight, and of those, batches (RunState) */
  private inFlight = 0;
  private translating = 0;

  constructor(
    private readonly concurrency: number,
    private readonly drain?: AbortSignal,
  ) {}

  /** Records the first failure; the workers stop taking work. */
  fail(err: unknown): void {
    this.failure ??= err instanceof Error ? err : new Error(String(err));
    this.changed();
  }

  /** Runs the jobs with at most `concurrency` workers; answers how many batches were never taken. */
  async run(jobs: Jobs): Promise<{ batchesLeft: number }> {
    await Promise.all(
      Array.from({ length: Math.min(this.concurrency, jobs.batches.length) }, async () => {
        while (this.failure === null) {
          const job = this.take(jobs);
          if (job === 'stop') return;
          if (job === 'wait') {
            await new Promise<void>((resolve) => this.waiters.push(resolve));
            continue;
          }
          this.inFlight += 1;
          try {
            await job();
          } catch (err) {
            this.fail(err);
          } finally {
            this.inFlight -= 1;
            this.changed();
          }
        }
      }),
    );
    return { batchesLeft: jobs.batches.length - this.next };
  }

  private take(jobs: Jobs): (() => Promise<void>) | 'wait' | 'stop' {
    const choice = nextJob({
      draining: this.drain?.aborted ?? false,
      left: jobs.batches.length - this.next,
      waiting: jobs.waiting(),
      concurrency: this.concurrency,
      inFlight: this.inFlight,
      translating: this.translating,
    });
    if (choice === 'condense') return () => jobs.condense();
    if (choice !== 'batch') return choice;
    const [from, to] = jobs.batches[this.next++]!;
    return async () => {
      this.translating += 1;
      try {
        await jobs.batch(from, to);
      } finally {
        this.translating -= 1;
      }
    };
  }

  private changed(): void {
    const woken = this.waiters;
    this.waiters = [];
    for (const w of woken) w();
  }
}
