import { overBudget } from './budget.js';
import { normsFor, type Norms } from './norms.js';
import { markupLost } from './review/markup.js';
import { numbersMissing } from './review/numbers.js';
import { inWrongScript } from './review/script.js';
import { inSourceLanguage } from './review/source-language.js';
import { copiedWords, foreignWords, untranslatedWords } from './review/unknown-words.js';
import { plainText, scriptCounts, scriptOfLanguage } from './language.js';
import { visibleText } from './width.js';
import { REVIEW_FLAGS, type ReviewFlag } from './review-flag-names.js';

export { REVIEW_FLAGS, type ReviewFlag } from './review-flag-names.js';

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
  /** words the engine said it could not translate (issue 36: Apertium marks them) */
  unknownWords?: readonly string[];
  /**
   * the task's terms found in the line, as sources and renderings (issue 36): names the glossary
   * keeps are no sign of a line left in the source language
   */
  names?: readonly string[];
  /**
   * the names the task's source shows (namesInSources): a word the engine could not translate
   * that is one of them is no untranslated word
   */
  sourceNames?: ReadonlySet<string> | (() => ReadonlySet<string>);
  /**
   * the target language's lexicon, where the server has one (issue 36): whether a lowercase word
   * is one of its words. A source word a line of the same script keeps and it does not know is
   * left untranslated.
   */
  targetWords?: (lowercase: string) => boolean;
  /**
   * the source language's lexicon, where the server has one: a capitalised word a line keeps
   * that it does not know is a name, not a word left untranslated
   */
  sourceWords?: (lowercase: string) => boolean;
}

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` without the names, each where it stands as a whole word (any case) */
function withoutNames(text: string, names: readonly string[]): string {
  let out = text;
  for (const name of names) {
    if (!name.trim()) continue;
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escaped(name.trim())}(?![\\p{L}\\p{N}])`, 'giu'), ' ');
  }
  return out;
}

/** An empty line: nothing visible once tags are gone. */
export const isEmptyLine = (text: string) => !visibleText(text).trim();

/** The script asked for, when the target is Chinese. */
export function chineseScriptOf(lang: string): 'simplified' | 'traditional' | null {
  if (lang === 'zh-CN' || lang === 'zh' || lang === 'zh-SG') return 'simplified';
  if (lang.startsWith('zh-')) return 'traditional';
  return null;
}

const sourceNamesOf = ({ sourceNames }: ReviewInput): Iterable<string> =>
  (typeof sourceNames === 'function' ? sourceNames() : sourceNames) ?? [];

/** Whether the source is in Latin letters, as its language says, or its letters when detected. */
function latinSource({ source, sourceLang, targetLang }: ReviewInput): boolean {
  if (!targetLang || sameLanguage(sourceLang, targetLang)) return false;
  if (sourceLang && sourceLang !== 'auto') return scriptOfLanguage(sourceLang) === 'latin';
  const { counts, letters } = scriptCounts(plainText(source));
  return letters > 0 && counts.latin * 2 > letters;
}

/**
 * Whether the line keeps words of its (Latin) source untranslated: in a target of another script,
 * any such word but names and abbreviations; in a Latin target, one its lexicon does not know.
 */
function keptFromSource(input: ReviewInput, names: () => Iterable<string>): boolean {
  const { source, translation, targetLang, targetWords, sourceWords } = input;
  if (scriptOfLanguage(targetLang) !== 'latin')
    return copiedWords(source, translation, names, sourceWords).length > 0;
  return (
    targetWords !== undefined && foreignWords(source, translation, targetWords, names, sourceWords).length > 0
  );
}

const sameLanguage = (a: string, b: string) => a.split('-')[0] === b.split('-')[0];

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
      const names = input.names ?? [];
      const unknown = input.unknownWords ?? [];
      const known = () => [...names, ...sourceNamesOf(input)];
      const untranslated =
        (unknown.length > 0 && untranslatedWords(unknown, translation, known()).length > 0) ||
        (latinSource(input) && keptFromSource(input, known));
      const [src, text] = names.length
        ? [withoutNames(source, names), withoutNames(translation, names)]
        : [source, translation];
      if (untranslated || inSourceLanguage({ source: src, translation: text, sourceLang, targetLang }))
        flags.add('source-language');
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
export { copiedWords, foreignWords, untranslatedWords, namesInSources } from './review/unknown-words.js';
export { inWrongScript, scriptEvidence, type ScriptEvidence } from './review/script.js';
export { numbersMissing, cjkNumeral } from './review/numbers.js';
export { markupLost } from './review/markup.js';
