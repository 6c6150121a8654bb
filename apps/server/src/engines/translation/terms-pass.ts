import type { TermEntry, TermMatcher } from '@subtrans/subtitles';
import { EngineError, type RequestTerm, type TranslationEngine } from './engine.js';
import { translateAll, type PipelineOptions } from './pipeline.js';

/** The options of the pass: the pipeline's, without what the pass decides itself. */
export type TermsPassOptions = Omit<
  PipelineOptions,
  'only' | 'onLines' | 'onCondensed' | 'onProgress' | 'extrasFor' | 'sentenceGroups' | 'contextLines'
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
 * a line asked again without them would lose the names the brief fixed. A new translation (or its
 * shorter text) is taken when it lacks fewer renderings than the old one, as it arrives
 * (onAnswered); the rest stay (to be flagged 'term-missing').
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
    /**
     * Called, and awaited, as the engine answers (issue 41: persisted as it arrives): the lines
     * `asked` were answered, and of them (or of lines answered before, whose shorter text came
     * back) those `replaced` carry more of their terms. Throwing stops the pass.
     */
    onAnswered?: (answer: { asked: number[]; replaced: Map<number, string> }) => Promise<void>;
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
  // the renderings each line lacked when the pass began: a new text must lack fewer
  const before = new Map(todo.map((i) => [i, missing(i, translations.get(i)!)]));
  const better = (i: number, text: string) => text.trim() !== '' && missing(i, text) < before.get(i)!;
  const answered = async (indices: number[], texts: Map<number, string>) => {
    const now = new Map([...texts].filter(([i, text]) => better(i, text)));
    if (!indices.length && !now.size) return;
    await input.onAnswered?.({ asked: indices, replaced: now });
    for (const [i, text] of now) replaced.set(i, text);
  };
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
        const indices = todo.slice(from, from + values.length);
        // a line the engine kept failing on comes back as its source: no new text
        await answered(indices, new Map(keptOriginal ? [] : indices.map((i, k) => [i, values[k]!])));
      },
      onCondensed: async (changed) => {
        await answered([], new Map(changed.map((c) => [todo[c.index]!, c.text])));
      },
    });
  } catch (err) {
    opts.signal?.throwIfAborted();
    opts.drain?.throwIfAborted();
    if (!(err instanceof EngineError) || err.kind === 'not_implemented') throw err;
    return { replaced, asked: todo.length, calls: 0 };
  }
  return { replaced, asked: todo.length, calls: result.calls };
}
