/**
 * SPEC §8 keeps a line's original text when the engine never gives it back. Deliberately changed
 * here: a task in which more than this share of the lines kept their original text fails (its
 * points released) instead of completing as a "translation" that is mostly the original, such as
 * when a model answers in a shape we cannot read. At or below it, §8's per-line fallback stands.
 */
export const MAX_KEPT_SHARE = 0.2;

/** Whether `kept` of `total` lines keeping their original text fails the task. */
export function tooManyKept(kept: number, total: number): boolean {
  return total > 0 && kept / total > MAX_KEPT_SHARE;
}
