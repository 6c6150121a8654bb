import { AllowanceSpent, type WorkAllowance } from './allowance.js';
import { EngineError } from './engine.js';
import { pause, type CallCost, type PipelineOptions } from './pipeline-options.js';

/** How a run stops: a check before each engine call, and pauses that a stop ends. */
export interface Stops {
  /** no engine call starts once the run is stopped (hard or gently) */
  halt: () => void;
  sleep: (ms: number) => Promise<void>;
}

export function stopsOf(opts: Pick<PipelineOptions, 'signal' | 'drain' | 'sleep'>): Stops {
  // a stop, hard or gentle, ends a pause at once: no call follows it
  const stops = [opts.signal, opts.drain].filter((x): x is AbortSignal => x !== undefined);
  return {
    halt: () => {
      opts.signal?.throwIfAborted();
      opts.drain?.throwIfAborted();
    },
    sleep: opts.sleep ?? ((ms: number) => pause(ms, stops.length ? AbortSignal.any(stops) : undefined)),
  };
}

/**
 * What an attempt of a call costs the allowance: a planned (held) call's first attempt and an
 * engine's own failure asked again are spent whatever is left; anything else (a single line's
 * wrong answer asked again, a call of other work) only when covered (refused: a first attempt
 * throws AllowanceSpent, a later one the last error).
 */
export function pay(
  allowance: WorkAllowance | undefined,
  cost: CallCost,
  attempt: number,
  lastError: EngineError | null,
): void {
  if (!allowance) return;
  const wrong = lastError?.kind === 'count' || lastError?.kind === 'format';
  if (attempt === 0 && cost.held) allowance.spend(cost.bytes, cost.held);
  else if (attempt > 0 && !wrong) allowance.spend(cost.bytes);
  else if (!allowance.take(cost.bytes)) throw attempt === 0 ? new AllowanceSpent() : lastError!;
}

export interface CallerOptions extends Stops {
  /** retries of one call */
  retries: number;
  /** first retry delay; doubles on each retry */
  retryDelayMs: number;
  /** the engine gives the same answer to the same request */
  deterministic: boolean;
  allowance?: WorkAllowance;
}

/** A run's engine calls, each with retries and backoff (honouring Retry-After), paid for as they go. */
export class EngineCaller {
  /** engine calls made, attempts included */
  calls = 0;

  constructor(private readonly o: CallerOptions) {}

  /** One engine call with retries and backoff (honouring Retry-After). */
  async send(send: () => Promise<string[]>, cost: CallCost): Promise<string[]> {
    const { halt, sleep, allowance } = this.o;
    let lastError: EngineError | null = null;
    for (let attempt = 0; attempt <= this.o.retries; attempt += 1) {
      halt();
      if (attempt > 0) {
        const backoff = this.o.retryDelayMs * 2 ** (attempt - 1);
        await sleep(Math.max(backoff, lastError?.retryAfterMs ?? 0));
        halt();
      }
      pay(allowance, cost, attempt, lastError);
      this.calls += 1;
      try {
        return await send();
      } catch (err) {
        // stopped from outside (shutdown): the engine's failure is the abort, not its answer (and
        // a stopping run asks nothing again)
        halt();
        if (!(err instanceof EngineError) || err.kind === 'not_implemented') throw err;
        // asking a deterministic engine again gives the same wrong lines: halve at once
        if (this.o.deterministic && err.kind === 'count') throw err;
        // issue 41: under an allowance, a batch of several lines that came back wrong is halved
        // at once (asking again in smaller pieces): a line the model refuses took 19 calls to
        // isolate in a batch of 10 when every level was asked 3 times more, now 9
        if (allowance && cost.split && (err.kind === 'count' || err.kind === 'format')) throw err;
        lastError = err;
      }
    }
    throw lastError ?? new EngineError('http', 'no attempt made');
  }
}
