import type { AppContext } from '../../../context.js';
import type { WorkAllowance } from '../../../engines/translation/allowance.js';
import type { TranslationEngine } from '../../../engines/translation/engine.js';
import type { BatchExtras } from '../../../engines/translation/pipeline.js';
import { termsPass } from '../../../engines/translation/terms-pass.js';
import { fitOf, translatedLine, type LineRules } from '../segments/line-quality.js';
import { saveTermsAnswers } from './task-run.repository.js';
import { termExtrasFor } from './task-terms.js';
import type { TaskRow } from '../tasks.repository.js';
import type { SegmentRow } from '../segments/segments.repository.js';

/** The task was deleted or ended while the pass was saving. */
class TaskGone extends Error {}

/**
 * The terms pass of a task's run: the lines among `candidates` (translated in this start, not yet
 * asked by its terms pass) that lack a rendering are asked again once, with their terms, the
 * brief's part and the instructions. Each answer is saved as it arrives (issue 41): the lines are
 * marked asked, so no later run of the start asks them again, and those that came back better are
 * laid out, flagged and saved (and take their new text in `texts`).
 * Answers false when the task was deleted or ended meanwhile.
 */
export async function askAgainForTerms(
  ctx: AppContext,
  run: {
    task: TaskRow;
    engine: TranslationEngine;
    segments: SegmentRow[];
    rules: LineRules;
    /** each translated line's text as stored, by index */
    texts: Map<number, string>;
    /** line indices the pass may ask */
    candidates: number[];
    batchSize: number;
    /** issue 41: the task's allowance; the pass is extra work, asked only while it covers it */
    allowance?: WorkAllowance;
    /** the brief's part and the instructions for some of the task's lines (brief-step.ts) */
    extrasOf?: (lines: readonly string[]) => ((from: number, to: number) => BatchExtras) | undefined;
    signal?: AbortSignal;
    /** the process is stopping: no batch starts, the answers of those in flight are saved */
    stopping?: AbortSignal;
  },
): Promise<boolean> {
  const { task, segments, rules, texts } = run;
  if (!rules.terms) return true;
  const idOf = (i: number) => segments[i]!.id;
  try {
    const pass = await termsPass(
      run.engine,
      {
        lines: segments.map((s) => s.original_text),
        translations: texts,
        candidates: run.candidates,
        matcher: rules.terms,
        // the instructions and the brief go with them too (formality holds on the lines asked again)
        extrasOf: (asked) => termExtrasFor(rules.terms, asked, run.extrasOf?.(asked)),
        onAnswered: async ({ asked, replaced }) => {
          const indices = [...replaced.keys()];
          const lines = indices.map((i) => translatedLine(segments[i]!, replaced.get(i)!, rules, false));
          const saved = await saveTermsAnswers(ctx.db, task.id, asked.map(idOf), {
            ids: indices.map(idOf),
            texts: lines.map((l) => l.text),
            flags: lines.map((l) => l.flags),
          });
          if (!saved) throw new TaskGone();
          indices.forEach((i, k) => texts.set(i, lines[k]!.text));
        },
      },
      { source: task.original_language, target: task.target_language },
      {
        batchSize: run.batchSize,
        concurrency: ctx.env.TRANSLATE_CONCURRENCY,
        retries: 3,
        retryDelayMs: 1000,
        fit: fitOf(segments, rules),
        ...(run.allowance ? { allowance: run.allowance, extraWork: true } : {}),
        ...(run.signal ? { signal: run.signal } : {}),
        ...(run.stopping ? { drain: run.stopping } : {}),
      },
    );
    if (pass.asked)
      ctx.log.info({ task: task.id, ...pass, replaced: pass.replaced.size }, 'terms asked again');
    return true;
  } catch (err) {
    if (err instanceof TaskGone) return false;
    throw err;
  }
}
