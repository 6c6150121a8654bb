import { baseNorms, type Counting, type Norms } from './norms.js';
import { visibleText, WIDE } from './width.js';

/**
 * Lengths and budgets in a norm's counting (norms.ts says how each counting counts): what a line
 * measures, how many characters a subtitle may use given its time on screen, and which norms a
 * text breaks.
 */

// marks drawn over or under the character before (no room of their own), zero-width joiners and
// variation selectors
const ZERO = /[\p{Mn}\p{Me}\u200b-\u200f\u2060\ufeff]/u;

function charWeight(ch: string, counting: Counting): number {
  if (ZERO.test(ch)) return 0;
  if (counting === 'chars') return 1;
  const wide = WIDE.test(ch);
  if (counting === 'fullwidth') return wide ? 1 : 0.5;
  return wide ? 2 : 1;
}

/** The length of one line in `counting` (tags not counted). */
export function measureLine(line: string, counting: Counting): number {
  let n = 0;
  for (const ch of visibleText(line)) {
    if (ch !== '\n' && ch !== '\r') n += charWeight(ch, counting);
  }
  return n;
}

/** The length of a text in `counting`: tags and line breaks are not counted. */
export function measureIn(text: string, counting: Counting): number {
  return measureLine(text, counting);
}

/** The length of a text as the target language's norms count it ('ja': half-width counts half). */
export function measure(text: string, lang: string): number {
  return measureIn(text, baseNorms(lang).counting);
}

/** Each line's length (lines split at line breaks). */
export function lineLengths(text: string, counting: Counting): number[] {
  return text.split(/\r?\n/).map((l) => measureLine(l, counting));
}

/** Rounds down to what the counting can measure (halves for 'fullwidth'). */
function floorTo(n: number, counting: Counting): number {
  return counting === 'fullwidth' ? Math.floor(n * 2) / 2 : Math.floor(n);
}

/**
 * The characters a subtitle on screen for `durationMs` may use: the least of its reading time
 * (cps × seconds) and its room (lines × cpl), in the norm's counting. A duration outside the
 * norm's minimum and maximum counts as that bound: a cue too short is a timing fault of its own
 * (the editor's 'short'), and asking the engine for a text that nobody could read is no help; past
 * the maximum the room decides anyway.
 */
export function budget(durationMs: number, norms: Norms): number {
  const ms = Math.min(Math.max(durationMs, norms.minDurationMs), norms.maxDurationMs);
  const byTime = (norms.cps * ms) / 1000;
  return floorTo(Math.min(byTime, norms.lines * norms.cpl), norms.counting);
}

/** Whether a text uses more than its budget. */
export function overBudget(text: string, durationMs: number, norms: Norms): boolean {
  return measureIn(text, norms.counting) > budget(durationMs, norms);
}

/** Which norms a subtitle breaks, as the editor shows them. */
export type NormBreach = 'cpl' | 'lines' | 'cps' | 'short' | 'long';

/** Whether some line of the text is longer than `cpl` in `counting`. */
export function overCpl(text: string, cpl: number, counting: Counting): boolean {
  return lineLengths(text, counting).some((n) => n > cpl);
}

/** Whether the text has more than `maxLines` lines. */
export function overLines(text: string, maxLines: number): boolean {
  return text.split(/\r?\n/).length > maxLines;
}

/** Characters read per second of display in `counting` (Infinity for no duration). */
export function readingRate(text: string, durationMs: number, counting: Counting): number {
  const n = measureIn(text, counting);
  return durationMs > 0 ? n / (durationMs / 1000) : n > 0 ? Infinity : 0;
}

/** Whether the text is read faster than `cps`. */
export function overCps(text: string, durationMs: number, cps: number, counting: Counting): boolean {
  return readingRate(text, durationMs, counting) > cps;
}

/** 'short' / 'long' for a duration outside the bounds, else nothing. */
export function durationBreach(durationMs: number, bounds: Pick<Norms, 'minDurationMs' | 'maxDurationMs'>) {
  const out: NormBreach[] = [];
  if (durationMs < bounds.minDurationMs) out.push('short');
  if (durationMs > bounds.maxDurationMs) out.push('long');
  return out;
}

/**
 * The norms a subtitle's text and duration break, in a stable order. An empty text breaks no text
 * norm (emptiness is a flag of its own), only the duration ones.
 */
export function normBreaches(text: string, durationMs: number, norms: Norms): NormBreach[] {
  const out: NormBreach[] = [];
  if (text.trim()) {
    if (overCpl(text, norms.cpl, norms.counting)) out.push('cpl');
    if (overLines(text, norms.lines)) out.push('lines');
    if (overCps(text, durationMs, norms.cps, norms.counting)) out.push('cps');
  }
  out.push(...durationBreach(durationMs, norms));
  return out;
}
