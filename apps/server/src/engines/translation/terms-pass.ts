import type { TermEntry, TermMatcher } from '@subtrans/subtitles';
import { EngineError, type RequestTerm, type TranslationEngine } from './engine.js';
import { translateAll, type PipelineOptions } from './pipeline.js';

/** The options of the pass: the pipeline's, without what the pass decides itself. */
export type TermsPassOptions = Omit<
  PipelineOptions,
  'only' | 'onLines' | 'onProgress' | 'extrasFor' | 'sentenceGroups' | 'contextLines'
>;

export interface TermsPassResult {
  /** the lines whose new translation carries more of their terms, by index into `lines` */
  replaced: Map<number, string>;
  /** lines asked again */
  asked: number;
  /** engine calls the pass made */
  calls: number;
}

/** An entry as sent with a batch. */
export const requestTermOf = (e: TermEntry & { note?: string }): RequestTerm => ({
  source: e.source,
  target: e.target,
  ...(e.note ? { note: e.note } : {}),
  ...(e.keep ? { keep: true } : {}),
});

/** The terms whose source occurs in some of `lines`, as sent with a batch. */
export function requestTermsIn<T extends TermEntry & { note?: string }>(
  matcher: TermMatcher<T>,
  lines: readonly string[],
): RequestTerm[] {
  return matcher.termsInAll(lines).map(requestTermOf);
}

/**
 * After translation (issue 26): the lines among `candidates` whose source holds a term and whose
 * translation lacks its rendering are asked once more, batched together however far apart they
 * are (each batch with the terms of its lines, without context: its neighbours are not theirs),
 * like the lines over budget are asked to be shorter (condense.ts). With `extrasOf`, each batch
 * also carries what a task's batches carry (the brief's part and terms, the user's instructions):
 * a line asked again without them would lose the names the brief fixed. A new translation is taken
 * when it lacks fewer renderings than the old one; the rest stay (to be flagged 'term-missing').
 * A line whose text is its source (the pipeline kept it, or it needs no translation) is not asked.
 * Only engines that honour terms (engine.ts) are asked: one that ignores them (rule-based, Google
 * v2) would answer the same again. An engine that keeps
 * failing leaves every line as it was; a stop from outside is thrown.
 */
export async function termsPass<T extends TermEntry & { note?: string }>(
  engine: TranslationEngine,
  input: {
    lines: readonly string[];
    /** the current translation of each candidate, by index into `lines` */
    translations: ReadonlyMap<number, string>;
    candidates: readonly number[];
    matcher: TermMatcher<T>;
    /**
     * what the batches of the lines asked again carry (their terms, and the task's instructions
     * and brief), given those lines; by default the terms of `matcher` they hold
     */
    extrasOf?: (asked: readonly string[]) => PipelineOptions['extrasFor'];
  },
  languages: { source: string; target: string },
  opts: TermsPassOptions,
): Promise<TermsPassResult> {
  const { lines, translations, matcher } = input;
  const missing = (i: number, text: string) => matcher.missingIn(lines[i]!, text).length;
  // in the film's order, whatever order the candidates came in (a task's runs end in any order)
  const todo = input.candidates
    .filter((i) => {
      const text = translations.get(i);
      return text !== undefined && text.trim() !== '' && text !== lines[i] && missing(i, text) > 0;
    })
    .sort((a, b) => a - b);
  const replaced = new Map<number, string>();
  if (!todo.length || !engine.honours.terms) return { replaced, asked: 0, calls: 0 };
  const asked = todo.map((i) => lines[i]!);
  const kept = new Set<number>();
  let result;
  try {
    result = await translateAll(engine, asked, languages, {
      ...opts,
      contextLines: 0,
      sentenceGroups: false,
      ...(opts.fit
        ? { fit: { ...opts.fit, budgets: todo.map((i) => opts.fit!.budgets[i] ?? Infinity) } }
        : {}),
      extrasFor:
        input.extrasOf?.(asked) ??
        ((from, to) => {
          const terms = requestTermsIn(matcher, asked.slice(from, to));
          return terms.length ? { terms } : {};
        }),
      onLines: async (from, values, keptOriginal) => {
        if (keptOriginal > 0) values.forEach((_, k) => kept.add(from + k));
      },
    });
  } catch (err) {
    opts.signal?.throwIfAborted();
    if (!(err instanceof EngineError) || err.kind === 'not_implemented') throw err;
    return { replaced, asked: todo.length, calls: 0 };
  }
  todo.forEach((i, k) => {
    const text = result.translations[k]!;
    if (kept.has(k) || text.trim() === '') return;
    if (missing(i, text) < missing(i, translations.get(i)!)) replaced.set(i, text);
  });
  return { replaced, asked: todo.length, calls: result.calls };
}
