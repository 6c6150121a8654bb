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

/**
 * The translations of lines [from, from + values.length) with the lines over their budget asked
 * again for a shorter rendering: batched (CONDENSE_BATCH a call) with their neighbours as context,
 * at most CONDENSE_ROUNDS times. A shorter text is taken at once when it fits and is not empty;
 * otherwise the line keeps the shortest non-empty text it was given (its translation included).
 * `ask` answers one text per item, or null when the call failed (the lines keep their text).
 */
export async function condenseRun(
  from: number,
  values: readonly string[],
  lines: readonly string[],
  fit: FitOptions,
  ask: (items: CondenseItem[]) => Promise<string[] | null>,
): Promise<string[]> {
  const out = [...values];
  const size = (text: string) => measureIn(text, fit.counting);
  const budgetOf = (k: number) => fit.budgets[from + k] ?? Infinity;
  let todo = out.flatMap((v, k) => (v.trim() !== '' && size(v) > budgetOf(k) ? [k] : []));
  for (let round = 0; round < CONDENSE_ROUNDS && todo.length; round += 1) {
    const still: number[] = [];
    for (let c = 0; c < todo.length; c += CONDENSE_BATCH) {
      const chunk = todo.slice(c, c + CONDENSE_BATCH);
      const items = chunk.map((k) => ({
        text: out[k]!,
        budget: budgetOf(k),
        original: lines[from + k]!,
        before: k > 0 ? out[k - 1]! : (lines[from + k - 1] ?? ''),
        after: k + 1 < out.length ? out[k + 1]! : (lines[from + k + 1] ?? ''),
      }));
      const answers = await ask(items);
      chunk.forEach((k, n) => {
        const answer = answers?.[n]?.trim() ?? '';
        if (answer !== '' && size(answer) <= budgetOf(k)) {
          out[k] = answer;
          return;
        }
        // not yet within budget: the shorter of the two goes into the next round
        if (answer !== '' && size(answer) < size(out[k]!)) out[k] = answer;
        still.push(k);
      });
    }
    todo = still;
  }
  return out;
}
