import type { AppContext } from '../../context.js';
import type { WorkAllowance } from '../../engines/translation/allowance.js';
import type { TranslationEngine } from '../../engines/translation/engine.js';
import type { BatchExtras } from '../../engines/translation/pipeline.js';
import { termsPass } from '../../engines/translation/terms-pass.js';
import { fitOf, translatedLine, type LineRules } from './line-quality.js';
import { termExtrasFor } from './task-terms.js';
import { saveTranslatedLines, type SegmentRow, type TaskRow } from './tasks.repository.js';

/**
 * The terms pass of a task's run: this run's lines (`done`: their stored text by index) that lack
 * a rendering are asked again once, with their terms, the brief's part and the instructions; those that come back better are laid out, flagged and saved.
 * Answers false when the task was deleted or ended meanwhile.
 */
export async function askAgainForTerms(
  ctx: AppContext,
  run: {
    task: TaskRow;
    engine: TranslationEngine;
    segments: SegmentRow[];
    rules: LineRules;
    done: Map<number, string>;
    batchSize: number;
    /** issue 41: the task's allowance; the pass is extra work, asked only while it covers it */
    allowance?: WorkAllowance;
    /** the brief's part and the instructions for some of the task's lines (brief-step.ts) */
    extrasOf?: (lines: readonly string[]) => ((from: number, to: number) => BatchExtras) | undefined;
    signal?: AbortSignal;
  },
): Promise<boolean> {
  const { task, segments, rules, done } = run;
  if (!rules.terms) return true;
  const pass = await termsPass(
    run.engine,
    {
      lines: segments.map((s) => s.original_text),
      translations: done,
      candidates: [...done.keys()],
      matcher: rules.terms,
      // the instructions and the brief go with them too (formality holds on the lines asked again)
      extrasOf: (asked) => termExtrasFor(rules.terms, asked, run.extrasOf?.(asked)),
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
    },
  );
  if (pass.asked) ctx.log.info({ task: task.id, ...pass, replaced: pass.replaced.size }, 'terms asked again');
  if (!pass.replaced.size) return true;
  const indices = [...pass.replaced.keys()];
  const lines = indices.map((i) => translatedLine(segments[i]!, pass.replaced.get(i)!, rules, false));
  const saved = await saveTranslatedLines(
    ctx.db,
    task.id,
    {
      positions: indices.map((i) => segments[i]!.position),
      texts: lines.map((l) => l.text),
      flags: lines.map((l) => l.flags),
    },
    0,
    0,
  );
  indices.forEach((i, k) => done.set(i, lines[k]!.text));
  return saved;
}
