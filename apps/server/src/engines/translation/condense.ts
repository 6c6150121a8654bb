import { measureIn, type Counting } from '@subtrans/subtitles';
import type { CondenseItem } from './engine.js';

/** lines per condensing call */
export const CONDENSE_BATCH = 10;
/** a line over its budget is asked again at most this often */
export const CONDENSE_ROUNDS = 2;

/** Each line's budget (characters in `counting`) for the lines a pipeline translates. */
export interface FitOptions {
  /** per line of the pipeline's `lines` */
  budgets: readonly number[];
  counting: Counting;
}

/** A translated run of lines [from, from + values.length) whose lines over budget wait to be condensed. */
export interface CondensedRun {
  from: number;
  values: string[];
  /** lines still waiting */
  left: number;
}

interface Waiting {
  run: CondensedRun;
  /** the line's index in its run */
  k: number;
  /** how often it was asked already */
  asked: number;
}

/**
 * The lines over their budget of every run a pipeline translated, waiting to be asked again for a
 * shorter rendering: CONDENSE_BATCH to a call from any runs (lines of one run alone would mostly
 * make calls of two or three lines), each with its source line and its neighbours as context, at
 * most CONDENSE_ROUNDS times. A shorter text is taken at once when it fits and is not empty;
 * otherwise the line keeps the shortest non-empty text it was given (its translation included).
 * A run is handed to `done` once none of its lines waits any more (at once when none was over).
 */
export class CondensePool {
  private waiting: Waiting[] = [];

  constructor(
    private readonly lines: readonly string[],
    private readonly fit: FitOptions,
    private readonly done: (run: CondensedRun) => void,
  ) {}

  /** lines waiting to be asked */
  get size(): number {
    return this.waiting.length;
  }

  private measure = (text: string) => measureIn(text, this.fit.counting);
  private budgetOf = (run: CondensedRun, k: number) => this.fit.budgets[run.from + k] ?? Infinity;

  /** A run as the engine translated it: its lines over budget wait, or it is done. */
  add(from: number, values: readonly string[]): void {
    const run: CondensedRun = { from, values: [...values], left: 0 };
    values.forEach((v, k) => {
      if (v.trim() === '' || this.measure(v) <= this.budgetOf(run, k)) return;
      this.waiting.push({ run, k, asked: 0 });
      run.left += 1;
    });
    if (!run.left) this.done(run);
  }

  /** The next call's lines (up to CONDENSE_BATCH, in the order they came to wait) and their items. */
  take(): { taken: Waiting[]; items: CondenseItem[] } {
    const taken = this.waiting.splice(0, CONDENSE_BATCH);
    const items = taken.map(({ run, k }) => ({
      text: run.values[k]!,
      budget: this.budgetOf(run, k),
      original: this.lines[run.from + k]!,
      before: k > 0 ? run.values[k - 1]! : (this.lines[run.from + k - 1] ?? ''),
      after: k + 1 < run.values.length ? run.values[k + 1]! : (this.lines[run.from + k + 1] ?? ''),
    }));
    return { taken, items };
  }

  /**
   * The answers to a call of `taken` (null when the call failed: no answer, as an empty one). A
   * line not yet within budget waits again until it was asked CONDENSE_ROUNDS times (or, without
   * `again`, never: the task's allowance is spent).
   */
  settle(taken: readonly Waiting[], answers: readonly string[] | null, again = true): void {
    taken.forEach((w, n) => {
      const { run, k } = w;
      const answer = answers?.[n]?.trim() ?? '';
      const fits = answer !== '' && this.measure(answer) <= this.budgetOf(run, k);
      // not yet within budget: the shorter of the two is kept (and asked again)
      if (fits || (answer !== '' && this.measure(answer) < this.measure(run.values[k]!)))
        run.values[k] = answer;
      if (!fits && again && w.asked + 1 < CONDENSE_ROUNDS) {
        this.waiting.push({ run, k, asked: w.asked + 1 });
        return;
      }
      run.left -= 1;
      if (!run.left) this.done(run);
    });
  }
}

/**
 * One run's lines condensed on their own (the pool with a single run), round after round; `ask`
 * answers one text per item, or null when the call failed.
 */
export async function condenseRun(
  from: number,
  values: readonly string[],
  lines: readonly string[],
  fit: FitOptions,
  ask: (items: CondenseItem[]) => Promise<string[] | null>,
): Promise<string[]> {
  let out: string[] = [...values];
  const pool = new CondensePool(lines, fit, (run) => (out = run.values));
  pool.add(from, values);
  while (pool.size) {
    const { taken, items } = pool.take();
    pool.settle(taken, await ask(items));
  }
  return out;
}
