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

/** A translated run of lines [from, from + values.length) some of whose lines wait to be condensed. */
interface Run {
  from: number;
  values: string[];
}

/** A line whose text is now shorter: `index` into the pipeline's lines. */
export interface CondensedLine {
  index: number;
  text: string;
}

interface Waiting {
  run: Run;
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
 * Each answer's lines whose text it changed go to `changed` as it is settled, so a pipeline
 * persists them as they come (issue 41: a run is persisted as translated, not held here).
 */
export class CondensePool {
  private waiting: Waiting[] = [];

  constructor(
    private readonly lines: readonly string[],
    private readonly fit: FitOptions,
    private readonly changed: (lines: CondensedLine[]) => void,
  ) {}

  /** lines waiting to be asked */
  get size(): number {
    return this.waiting.length;
  }

  private measure = (text: string) => measureIn(text, this.fit.counting);
  private budgetOf = (run: Run, k: number) => this.fit.budgets[run.from + k] ?? Infinity;

  /** A run as the engine translated it: its lines over budget wait (answers how many). */
  add(from: number, values: readonly string[]): number {
    const run: Run = { from, values: [...values] };
    const before = this.waiting.length;
    values.forEach((v, k) => {
      if (v.trim() === '' || this.measure(v) <= this.budgetOf(run, k)) return;
      this.waiting.push({ run, k, asked: 0 });
    });
    return this.waiting.length - before;
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
    const changed: CondensedLine[] = [];
    taken.forEach((w, n) => {
      const { run, k } = w;
      const answer = answers?.[n]?.trim() ?? '';
      const fits = answer !== '' && this.measure(answer) <= this.budgetOf(run, k);
      // not yet within budget: the shorter of the two is kept (and asked again)
      if (fits || (answer !== '' && this.measure(answer) < this.measure(run.values[k]!))) {
        run.values[k] = answer;
        changed.push({ index: run.from + k, text: answer });
      }
      if (!fits && again && w.asked + 1 < CONDENSE_ROUNDS) this.waiting.push({ run, k, asked: w.asked + 1 });
    });
    if (changed.length) this.changed(changed);
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
  const out: string[] = [...values];
  const pool = new CondensePool(lines, fit, (changed) => {
    for (const c of changed) out[c.index - from] = c.text;
  });
  pool.add(from, values);
  while (pool.size) {
    const { taken, items } = pool.take();
    pool.settle(taken, await ask(items));
  }
  return out;
}
