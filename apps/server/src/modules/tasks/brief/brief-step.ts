import { BRIEF_LIMITS, type SeriesMemory } from '@subtrans/contract';
import type { AppContext } from '../../../context.js';
import type { WorkAllowance } from '../../../engines/translation/allowance.js';
import type { TranslationEngine } from '../../../engines/translation/engine.js';
import { newMemoryEntries, withMemory } from '../../../engines/translation/brief-merge.js';
import { briefChunks, writeBrief } from '../../../engines/translation/brief.js';
import type { BatchExtras } from '../../../engines/translation/pipeline.js';
import { batchExtrasOf } from '../batch-extras.js';
import { occursIn } from './brief-terms.js';
import type { TaskRow } from '../tasks.repository.js';
import { mergeSeriesMemory, seriesMemoryOf } from '../../series/index.js';
import { readBrief, readBriefParts, recordBrief, recordBriefPart } from './voice.repository.js';

/**
 * A part's call that fails is tried once more, then left out: the brief helps the translation,
 * it is not worth a failed task or seconds of backoff before the first batch
 */
export const BRIEF_RETRIES = 1;
export const BRIEF_RETRY_DELAY_MS = 1000;

export interface BriefStep {
  /** the run ends here: the brief waits for the user's review, or the task went away */
  stop: boolean;
  /** what each batch carries besides its lines */
  extrasFor?: (from: number, to: number) => BatchExtras;
  /** the same for other lines of the task (those asked again for their terms) */
  extrasOf?: (lines: readonly string[]) => ((from: number, to: number) => BatchExtras) | undefined;
}

/** The task was deleted or ended while the brief was being written. */
class TaskGone extends Error {}

/** The series' memory, or null (no series, or it was deleted meanwhile). */
async function memoryOf(ctx: AppContext, task: TaskRow): Promise<SeriesMemory | null> {
  if (!task.series_id) return null;
  try {
    return await seriesMemoryOf(ctx.db, task.user_id, task.series_id);
  } catch (err) {
    ctx.log.info({ err, task: task.id }, 'no series memory for the brief');
    return null;
  }
}

/**
 * Issue 26, between the hold and the batches: an engine that can (a language model) reads the
 * whole film and writes the brief, once per task (a resumed run, or a task started again, keeps
 * it), with the series' memory laid over it. Its calls are counted on the task and spent from its
 * allowance (issue 41); they are part of the task's price, which does not change. With "review names and terms first" the run stops
 * here, the task pending and its points held, until /task/continue. A series learns the names
 * and terms it did not hold yet (what the user fixed stays). Each part is kept as the engine
 * answers it, so a run that resumes an unfinished brief asks only the parts missing (issue 41).
 */
export async function briefStep(
  ctx: AppContext,
  task: TaskRow,
  engine: TranslationEngine,
  lines: readonly string[],
  run: {
    fresh: boolean;
    batchSize: number;
    allowance?: WorkAllowance;
    signal?: AbortSignal;
    stopping?: AbortSignal;
  },
): Promise<BriefStep> {
  let brief = await readBrief(ctx.db, task.id);
  if (!brief && run.fresh && engine.brief) {
    const memory = await memoryOf(ctx, task);
    let written;
    try {
      written = await writeBrief(engine, lines, {
        source: task.original_language,
        target: task.target_language,
        known: memory,
        concurrency: ctx.env.TRANSLATE_CONCURRENCY,
        retries: BRIEF_RETRIES,
        retryDelayMs: BRIEF_RETRY_DELAY_MS,
        ...(run.allowance ? { allowance: run.allowance } : {}),
        ...(run.signal ? { signal: run.signal } : {}),
        ...(run.stopping ? { drain: run.stopping } : {}),
        answered: await readBriefParts(ctx.db, task.id, briefChunks(lines).length),
        onPart: async (part) => {
          if (!(await recordBriefPart(ctx.db, task.id, part))) throw new TaskGone();
        },
      });
    } catch (err) {
      if (err instanceof TaskGone) return { stop: true };
      throw err;
    }
    brief = written.brief && withMemory(written.brief, memory, occursIn(lines));
    const review = brief !== null && task.review_terms;
    const recorded = await recordBrief(ctx.db, task.id, {
      brief,
      // the parts' calls were counted with them
      calls: written.calls - written.reported,
      review,
      batchSize: run.batchSize,
      reviewDays: BRIEF_LIMITS.reviewDays,
    });
    ctx.log.info(
      { task: task.id, calls: written.calls, written: brief !== null, review },
      'film brief written',
    );
    if (!recorded) return { stop: true };
    if (brief && task.series_id) {
      const added = newMemoryEntries(memory, brief);
      if (added.characters.length || added.terms.length)
        await mergeSeriesMemory(ctx.db, task.series_id, added).catch((err: unknown) =>
          ctx.log.warn({ err, task: task.id }, 'the series memory did not take the new names'),
        );
    }
    if (review) return { stop: true };
  }
  const extrasOf = (some: readonly string[]) => batchExtrasOf(brief, voiceOf(task), some);
  const extrasFor = extrasOf(lines);
  return { stop: false, extrasOf, ...(extrasFor ? { extrasFor } : {}) };
}

const voiceOf = (task: TaskRow) => ({ formality: task.formality, translatorNote: task.translator_note });

/**
 * What a batch of the task's lines carries when they are translated again (the editor's
 * re-translation): the brief as it is now, and the user's instructions.
 */
export async function taskExtrasFor(
  ctx: AppContext,
  task: TaskRow,
  lines: readonly string[],
): Promise<((from: number, to: number) => BatchExtras) | undefined> {
  return batchExtrasOf(await readBrief(ctx.db, task.id), voiceOf(task), lines);
}
