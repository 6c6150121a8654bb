import { overBudget } from './budget.js';
import { normsFor, type Norms } from './norms.js';
import { markupLost } from './review/markup.js';
import { numbersMissing } from './review/numbers.js';
import { inWrongScript } from './review/script.js';
import { inSourceLanguage } from './review/source-language.js';
import { visibleText } from './width.js';

/**
 * The lines a user should look at after translation, each flag a pure function of the line. The
 * names are stable: the server stores them with each segment (a small string array) and the web
 * shows them, so a name is never changed or reused.
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

export const isReviewFlag = (v: unknown): v is ReviewFlag => REVIEW_FLAGS.includes(v as ReviewFlag);

export interface ReviewInput {
  source: string;
  translation: string;
  /** the source language (as detected when the task said 'auto'); '' or 'auto' when unknown */
  sourceLang: string;
  targetLang: string;
  durationMs: number;
  /** the target language's norms with the user's overrides (default: the language's norms) */
  norms?: Norms;
  /** the pipeline kept the source text for this line */
  keptOriginal?: boolean;
  /** the caller found a term of the task's glossaries or brief missing from the translation */
  termMissing?: boolean;
}

/** An empty line: nothing visible once tags are gone. */
export const isEmptyLine = (text: string) => !visibleText(text).trim();

/** The script asked for, when the target is Chinese. */
export function chineseScriptOf(lang: string): 'simplified' | 'traditional' | null {
  if (lang === 'zh-CN' || lang === 'zh' || lang === 'zh-SG') return 'simplified';
  if (lang.startsWith('zh-')) return 'traditional';
  return null;
}

/**
 * The flags of one translated line, in REVIEW_FLAGS order. A kept original is not also flagged as
 * in the source language, in the wrong script, short of numbers or of markup (it is the source);
 * an empty line is only empty (and kept-original if so).
 */
export function reviewFlags(input: ReviewInput): ReviewFlag[] {
  const { source, translation, sourceLang, targetLang, durationMs } = input;
  const norms = input.norms ?? normsFor(targetLang);
  const kept = Boolean(input.keptOriginal);
  const flags = new Set<ReviewFlag>();
  if (kept) flags.add('kept-original');
  if (isEmptyLine(translation)) {
    flags.add('empty');
  } else {
    if (!kept) {
      if (inSourceLanguage({ source, translation, sourceLang, targetLang })) flags.add('source-language');
      const script = chineseScriptOf(targetLang);
      if (script && inWrongScript(visibleText(translation), script)) flags.add('wrong-script');
      if (numbersMissing(source, translation, targetLang)) flags.add('numbers-missing');
      if (markupLost(source, translation)) flags.add('markup-lost');
      if (input.termMissing) flags.add('term-missing');
    }
    if (overBudget(translation, durationMs, norms)) flags.add('over-budget');
  }
  return REVIEW_FLAGS.filter((f) => flags.has(f));
}

export { inSourceLanguage } from './review/source-language.js';
export { inWrongScript, scriptEvidence, type ScriptEvidence } from './review/script.js';
export { numbersMissing, cjkNumeral } from './review/numbers.js';
export { markupLost } from './review/markup.js';
