import type { Cue } from './model.js';

/** 10 points per started minute of subtitles (SPEC §9). */
export const POINTS_PER_MINUTE = 10;
/** The least a task costs, whatever its length. */
export const MIN_TASK_POINTS = 10;
/** 10 points per started 1,000 characters of original text: a dense minute's worth. */
export const POINTS_PER_THOUSAND_CHARS = 10;
/**
 * 10 points per started 100 cues (issue 41): the engine's work grows with the cues, so cues timed
 * densely cost at least what a minute of 100 cues would; films have 10–35 cues a minute.
 */
export const POINTS_PER_HUNDRED_CUES = 10;

/** Which rule set a task's price: the floor, its duration, its text, or its count of cues. */
export type CostRule = 'minimum' | 'duration' | 'text' | 'cues';

export interface TaskPrice {
  points: number;
  rule: CostRule;
  /** started minutes of duration (what "by duration: N minutes" names) */
  minutes: number;
  /** started thousands of characters (what "by text: N thousand characters" names) */
  thousandChars: number;
  /** started hundreds of cues (what "by cues: N hundred cues" names) */
  hundredCues: number;
}

/** The subtitles' duration: the last cue's end (0 without cues). */
export function durationMs(cues: readonly Cue[]): number {
  return cues.reduce((max, c) => Math.max(max, c.endMs), 0);
}

/**
 * Characters as a reader counts them (code points, like PostgreSQL's char_length): an emoji or a
 * rare CJK character outside the BMP is one character, not two UTF-16 units.
 */
export function charCount(text: string): number {
  // the regular expression engine scans in native code: 10-20x the JavaScript loop over the
  // largest file (4.1 million characters: about 20 ms against 1-5 ms)
  const pairs = text.match(SURROGATE_PAIR);
  return text.length - (pairs ? pairs.length : 0);
}

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/** The characters of all the cues' texts. */
export function textChars(cues: readonly Cue[]): number {
  return cues.reduce((sum, c) => sum + charCount(c.text), 0);
}

/**
 * The price of a task: max(10, 10 points per started minute, 10 points per started 1,000
 * characters, 10 points per started 100 cues). This deliberately replaces SPEC §9's "0 with no
 * duration": cues timed inside one minute (or with no duration at all) cost at least what their
 * text would at a dense minute per 1,000 characters, so 20,000 long cues cannot be translated for
 * 10 points; and at least what their count would at 100 cues a minute, so 1,000 one-character
 * cues cannot either (issue 41: the engine's calls grow with the cues, not with the characters).
 *
 * `chars` and `cues` are the original text's length and its count of cues for SRT tasks;
 * audio/video tasks leave them out (their length is measured by ffprobe, so only the duration and
 * the floor price them). On a tie the duration rule is named (SPEC's own rule), then the text,
 * then the cues (only when they cost more than the minimum: every file has its first hundred),
 * and the minimum when none reaches it.
 */
export function taskPrice(input: { durationMs: number; chars?: number; cues?: number }): TaskPrice {
  const minutes = input.durationMs > 0 ? Math.ceil(input.durationMs / 60_000) : 0;
  const chars = input.chars ?? 0;
  const thousandChars = chars > 0 ? Math.ceil(chars / 1000) : 0;
  const cues = input.cues ?? 0;
  const hundredCues = cues > 0 ? Math.ceil(cues / 100) : 0;
  const byDuration = minutes * POINTS_PER_MINUTE;
  const byText = thousandChars * POINTS_PER_THOUSAND_CHARS;
  const byCues = hundredCues * POINTS_PER_HUNDRED_CUES;
  const points = Math.max(MIN_TASK_POINTS, byDuration, byText, byCues);
  // a single started unit of cues is every file's: the count is named only when it costs more
  const rule: CostRule =
    byDuration === points && byDuration >= MIN_TASK_POINTS
      ? 'duration'
      : byText === points && byText >= MIN_TASK_POINTS
        ? 'text'
        : byCues === points && byCues > MIN_TASK_POINTS
          ? 'cues'
          : 'minimum';
  return { points, rule, minutes, thousandChars, hundredCues };
}

/** The price of an SRT's cues: by their last cue's end, their text and their count. */
export function cuesPrice(cues: readonly Cue[]): TaskPrice {
  return taskPrice({ durationMs: durationMs(cues), chars: textChars(cues), cues: cues.length });
}

/** Minutes shown to the user: `ceil(seconds / 60)`. */
export function estimatedMinutes(ms: number): number {
  return Math.ceil(Math.ceil(ms / 1000) / 60);
}
