import {
  budget,
  layoutText,
  namesInSources,
  renderingOf,
  reviewFlags,
  type Norms,
  type ReviewFlag,
} from '@subtrans/subtitles';
import type { FitOptions } from '../../../engines/translation/pipeline.js';
import type { Queryable } from '../../../db/client.js';
import { userNorms } from '../../quality/index.js';
import type { TaskRow } from '../tasks.repository.js';
import type { SegmentRow } from './segments.repository.js';
import { taskTermsOf, type TaskTerms } from '../run/task-terms.js';
import { lexiconOf } from './lexicon.js';

/**
 * What a translated line becomes before it is stored: laid out for the target language (unless
 * the task keeps the engine's breaks) and flagged for review (packages/subtitles). The same rules
 * at translation, re-translation and the user's edits (never laid out again: only flagged).
 */
export interface LineRules {
  sourceLang: string;
  targetLang: string;
  norms: Norms;
  keepEngineBreaks: boolean;
  /** the task's terms (issue 26: glossaries, brief, series): a line lacking one's rendering is flagged */
  terms?: TaskTerms | null;
  /**
   * issue 36: the names the task's source shows (namesInSources), when the lines may carry words
   * left untranslated (translation, re-translation): such a word that is a name is no untranslated
   * word. Read only for a line with such words (most lines have none).
   */
  sourceNames?: () => ReadonlySet<string>;
  /** issue 36: the target language's lexicon, where there is one (lexicon.ts) */
  targetWords?: (lowercase: string) => boolean;
  /** issue 36: the source language's, to tell a name alone on its line from a word left */
  sourceWords?: (lowercase: string) => boolean;
}

/**
 * The rules of a task: its languages, its owner's norms for the target, its line-break option,
 * its terms (task-terms.ts); given its source lines, the names they show.
 */
export async function lineRulesOf(
  q: Queryable,
  task: TaskRow,
  sources?: readonly string[],
): Promise<LineRules> {
  let names: ReadonlySet<string> | undefined;
  const targetWords = lexiconOf(task.target_language);
  const sourceWords = lexiconOf(task.original_language);
  return {
    ...(targetWords && { targetWords }),
    ...(sourceWords && { sourceWords }),
    ...(sources && { sourceNames: () => (names ??= namesInSources(sources)) }),
    // the task's source language: the detected one when the user chose 'auto'
    sourceLang: task.original_language,
    targetLang: task.target_language,
    norms: await userNorms(q, task.user_id, task.target_language),
    keepEngineBreaks: task.keep_engine_breaks,
    terms: await taskTermsOf(q, task),
  };
}

type Timed = Pick<SegmentRow, 'start_ms' | 'end_ms' | 'original_text'>;
const durationOf = (s: Timed) => Number(s.end_ms) - Number(s.start_ms);

/** Each line's budget, to send with it and to condense to. */
export function fitOf(segments: readonly Timed[], rules: LineRules): FitOptions {
  return {
    budgets: segments.map((s) => budget(durationOf(s), rules.norms)),
    counting: rules.norms.counting,
  };
}

/** The flags of a line's text as it stands (with the words the engine said it could not translate). */
export function flagsOf(
  segment: Timed,
  text: string,
  rules: LineRules,
  keptOriginal = false,
  unknownWords: readonly string[] = [],
): ReviewFlag[] {
  return reviewFlags({
    source: segment.original_text,
    translation: text,
    sourceLang: rules.sourceLang,
    targetLang: rules.targetLang,
    durationMs: durationOf(segment),
    norms: rules.norms,
    keptOriginal,
    termMissing: !keptOriginal && Boolean(rules.terms?.missingIn(segment.original_text, text).length),
    unknownWords,
    names: (rules.terms?.termsIn(segment.original_text) ?? []).flatMap((e) => [e.source, renderingOf(e)]),
    ...(rules.sourceNames && { sourceNames: rules.sourceNames }),
    ...(rules.targetWords && { targetWords: rules.targetWords }),
    ...(rules.sourceWords && { sourceWords: rules.sourceWords }),
  });
}

/**
 * A line the engine translated (or the pipeline kept as its original: then left as it is),
 * laid out and flagged.
 */
export function translatedLine(
  segment: Timed,
  text: string,
  rules: LineRules,
  keptOriginal: boolean,
  unknownWords: readonly string[] = [],
): { text: string; flags: ReviewFlag[] } {
  const laid =
    keptOriginal || rules.keepEngineBreaks ? text : layoutText(text, rules.targetLang, rules.norms);
  return { text: laid, flags: flagsOf(segment, laid, rules, keptOriginal, unknownWords) };
}
