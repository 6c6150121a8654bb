import { charCount } from './cost.js';
import type { Cue } from './model.js';

/** What is wrong with a cue, named by its number in the file (1-based, as the user sees it). */
export type CueProblem =
  | { kind: 'ends-before-start'; index: number; startMs: number; endMs: number }
  | { kind: 'too-long'; index: number; chars: number; maxChars: number }
  | { kind: 'too-many'; count: number; maxCues: number };

/**
 * Why a task cannot take these cues: more than `maxCues` of them, or the first cue, in file order,
 * that ends before it starts or whose text is longer than `maxChars` characters (code points). A
 * cue that ends when it starts (zero length) is accepted: real files hold them, and they cost
 * nothing extra.
 */
export function checkCues(
  cues: readonly Cue[],
  opts: { maxChars: number; maxCues: number },
): CueProblem | null {
  if (cues.length > opts.maxCues) return { kind: 'too-many', count: cues.length, maxCues: opts.maxCues };
  for (const c of cues) {
    if (c.endMs < c.startMs)
      return { kind: 'ends-before-start', index: c.index, startMs: c.startMs, endMs: c.endMs };
    // the length is only counted for a text that could be over the cap (UTF-16 units ≥ code points)
    if (c.text.length > opts.maxChars) {
      const chars = charCount(c.text);
      if (chars > opts.maxChars) return { kind: 'too-long', index: c.index, chars, maxChars: opts.maxChars };
    }
  }
  return null;
}
