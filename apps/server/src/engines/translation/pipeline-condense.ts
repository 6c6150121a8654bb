import { AllowanceSpent } from './allowance.js';
import { CondensePool, type FitOptions } from './condense.js';
import { EngineError, type CondenseRequest, type TranslationEngine } from './engine.js';
import type { EngineCaller } from './pipeline-call.js';
import type { PersistedAnswers } from './pipeline-persist.js';

/** What the condensing of a run works with. */
export interface CondensingParts {
  engine: TranslationEngine;
  lines: readonly string[];
  languages: { source: string; target: string };
  fit?: FitOptions;
  signal?: AbortSignal;
  caller: EngineCaller;
  halt: () => void;
  answers: PersistedAnswers;
}

/**
 * Lines over budget, from every run, asked again CONDENSE_BATCH to a call (engines that can be
 * asked); each shorter text is persisted as it comes. A call that keeps failing leaves its lines
 * as they are (they are flagged over budget), the run goes on.
 */
export class Condensing {
  /** condensing calls made (attempts included) */
  calls = 0;
  readonly pool: CondensePool;

  private constructor(
    private readonly p: CondensingParts,
    private readonly fit: FitOptions,
    private readonly condense: (req: CondenseRequest) => Promise<string[]>,
  ) {
    this.pool = new CondensePool(p.lines, fit, (changed) => p.answers.revise(changed));
  }

  /** The condensing of a run: none without budgets or when the engine cannot be asked. */
  static of(p: CondensingParts): Condensing | null {
    const condense = p.engine.condense?.bind(p.engine);
    return p.fit && condense ? new Condensing(p, p.fit, condense) : null;
  }

  /** One call of the lines that waited longest. */
  async call(): Promise<void> {
    const { taken, items } = this.pool.take();
    const req = {
      items,
      counting: this.fit.counting,
      source: this.p.languages.source,
      target: this.p.languages.target,
      ...(this.p.signal ? { signal: this.p.signal } : {}),
    };
    let answers: string[] | null = null;
    try {
      answers = await this.p.caller.send(
        () => {
          this.calls += 1;
          return this.condense(req);
        },
        { bytes: this.p.engine.prompt?.condense(req) ?? 0 },
      );
    } catch (err) {
      this.p.halt();
      // the allowance is spent: these lines stay as they are, asked no more
      if (err instanceof AllowanceSpent) return this.pool.settle(taken, null, false);
      if (!(err instanceof EngineError) || err.kind === 'not_implemented') throw err;
    }
    this.pool.settle(taken, answers);
  }
}
