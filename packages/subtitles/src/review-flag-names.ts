/**
 * The one list of review flags: the lines a user should look at after translation, each flag a
 * pure function of the line (review-flags.ts). The names are stable: the server stores them with
 * each segment (a small string array) and the web shows them, so a name is never changed or
 * reused. This file imports nothing, so that packages/contract names the flags in its schemas from
 * here without taking the checks (and their OpenCC dictionaries) along.
 */
export const REVIEW_FLAGS = [
  /** the pipeline gave up and kept the source text (given by the caller) */
  'kept-original',
  /** the line is still in the source language */
  'source-language',
  /** Simplified Chinese where Traditional was asked, or the reverse */
  'wrong-script',
  /** more characters than the line's time on screen allows (budget.ts) */
  'over-budget',
  /** a number of the source is missing from the translation */
  'numbers-missing',
  /** a tag of the source is missing, or the tags are unbalanced */
  'markup-lost',
  /** nothing to read */
  'empty',
  /**
   * the source holds a glossary or brief term whose target term the translation lacks (issue 26:
   * computed by the caller, who knows the task's terms, and given as `termMissing`)
   */
  'term-missing',
] as const;
export type ReviewFlag = (typeof REVIEW_FLAGS)[number];
