import {
  errorMessage,
  LIMITS,
  type ErrorKey,
  type RetranslateAnswer,
  type RetranslateResult,
  type ReviewFlagName,
  type TranslationEngineName,
  type UiLanguage,
} from '@subtrans/contract';
import { charCount } from '@subtrans/subtitles';
import type { AppContext } from '../../../context.js';
import { EngineError } from '../../../engines/translation/engine.js';
import { allowanceForBatches } from '../../../engines/translation/allowance.js';
import { batchCount, translateAll } from '../../../engines/translation/pipeline.js';
import { taskExtrasFor } from '../brief/brief-step.js';
import { AppError } from '../../../http/errors.js';
import { claimForRetranslation, releaseRetranslation } from './retranslate.repository.js';
import { giveBackAllowance, spendAllowance } from './retranslate-allowance.service.js';
import { bumpVersion, findOwnTask, taskVersion, type TaskRow } from '../tasks.repository.js';
import {
  applySegmentUpdates,
  linesChangedBetween,
  saveReviewFlags,
  segmentRows,
} from './segments.repository.js';
import { ownTask } from '../own-task.js';
import { fitOf, lineRulesOf, translatedLine } from './line-quality.js';
import { termExtrasFor } from '../run/task-terms.js';
import { assertEngineOnHost, type HostRules } from '../../site/host-rules.js';
import { paidFor } from '../parts/task-part.js';

/** a re-translation that never finished (a crashed server) frees its lines after this long */
const RETRANSLATE_CLAIM_SECONDS = 120;

/** Why an edit of this task cannot be saved now (it is gone, or not completed). */
export function refusal(task: TaskRow | undefined): AppError {
  if (!task) return new AppError('TASK_NOT_FOUND');
  return new AppError('TASK_BUSY');
}

/**
 * /task/retranslate: the given lines again, through the task's own engine and languages, with the
 * neighbouring lines as context. A line already being re-translated is refused (SPEC §4) while the
 * others go ahead, and so is a line whose original is over the 500-character cap (a task created
 * before the cap: kept and exported, re-translated once shortened). The lines sent to the engine
 * spend one call and their original's characters from the user's daily allowance, or the whole
 * request is refused; the characters of lines the engine failed on are given back. Successful
 * lines are saved (one new version); each line answers on its own.
 */
export async function retranslateSegments(
  ctx: AppContext,
  userId: number,
  lang: UiLanguage,
  input: { taskId: string; segmentIds: number[]; baseVersion?: number | undefined },
  host: HostRules,
): Promise<RetranslateAnswer> {
  const task = await ownTask(ctx, userId, input.taskId);
  if (task.status !== 'completed') throw new AppError('TASK_BUSY');
  assertEngineOnHost(host, task.translation_service);
  const engine = ctx.engines.get(task.translation_service as TranslationEngineName);
  const wanted = [...new Set(input.segmentIds)];
  const segments = await segmentRows(ctx.db, task.id);
  const indexOf = new Map(segments.map((s, i) => [s.id, i]));
  const segmentOf = (id: number) => segments[indexOf.get(id)!]!;
  const results = new Map<number, RetranslateResult>();
  const fail = (id: number, key: ErrorKey) =>
    results.set(id, {
      id,
      success: false,
      translatedText: indexOf.has(id) ? (segmentOf(id).translated_text ?? '') : '',
      error: errorMessage(key, lang, { max: LIMITS.originalTextMax, line: id }),
      flags: indexOf.has(id) ? (segmentOf(id).review_flags as ReviewFlagName[]) : [],
    });
  for (const id of wanted) {
    if (!indexOf.has(id)) fail(id, 'SEGMENT_NOT_FOUND');
    // issue 34: not paid for yet: translated by the next part, not by the re-translation allowance
    else if (!paidFor(task, segmentOf(id).position)) fail(id, 'LINE_NOT_TRANSLATED_YET');
    else if (charCount(segmentOf(id).original_text) > LIMITS.originalTextMax)
      fail(id, 'RETRANSLATE_LINE_TOO_LONG');
  }
  const eligible = wanted.filter((id) => !results.has(id));
  const claimed = new Set(await claimForRetranslation(ctx.db, task.id, eligible, RETRANSLATE_CLAIM_SECONDS));
  for (const id of eligible) if (!claimed.has(id)) fail(id, 'SEGMENT_BUSY');
  const charsOf = (ids: Iterable<number>) =>
    [...ids].reduce((sum, id) => sum + charCount(segmentOf(id).original_text), 0);
  const lines = segments.map((s) => s.original_text);
  const only = [...claimed].map((id) => indexOf.get(id)!).sort((a, b) => a - b);
  // issue 41: each engine call is a call of the allowance (lines far apart go in calls of their
  // own), and whatever else the request asks (condensing, halving) is at most as many again
  const batches = only.length ? batchCount(lines, ctx.env.TRANSLATE_BATCH_SIZE, only) : 0;
  let spent;
  try {
    spent = await spendAllowance(ctx, userId, charsOf(claimed), Math.max(1, batches));
  } catch (err) {
    await releaseRetranslation(ctx.db, task.id, [...claimed]);
    throw err;
  }
  const saved = new Map<number, { id: number; text: string; flags: ReviewFlagName[] }>();
  const rules = await lineRulesOf(ctx.db, task, lines);
  if (claimed.size) {
    // issue 26: the brief as it is now and the user's instructions go with the lines
    const extrasFor = await taskExtrasFor(ctx, task, lines);
    const take = (index: number, value: string, unknown: readonly string[] = []) => {
      const s = segments[index]!;
      const { text, flags } = translatedLine(s, value, rules, false, unknown);
      results.set(s.id, { id: s.id, success: true, translatedText: text, error: null, flags });
      saved.set(s.id, { id: s.id, text, flags });
    };
    try {
      await translateAll(
        engine,
        lines,
        { source: task.original_language, target: task.target_language },
        {
          batchSize: ctx.env.TRANSLATE_BATCH_SIZE,
          allowance: allowanceForBatches(batches),
          concurrency: 4,
          retries: 3,
          retryDelayMs: 1000,
          only,
          fit: fitOf(segments, rules),
          // the task's terms (a line lacking one is flagged), the brief and the instructions
          extrasFor: termExtrasFor(rules.terms, lines, extrasFor),
          onLines: async (from, values, kept, unknown) => {
            values.forEach((value, i) => {
              // a single line the engine kept failing on comes back as its original: not a result
              if (kept > 0) fail(segments[from + i]!.id, 'TRANSLATION_FAILED');
              else take(from + i, value, unknown[i]);
            });
          },
          // a line over budget comes back first as translated, then shorter
          onCondensed: async (changed) => changed.forEach((c) => take(c.index, c.text)),
        },
      );
    } catch (err) {
      if (!(err instanceof EngineError)) {
        await releaseRetranslation(ctx.db, task.id, [...claimed]);
        await giveBackAllowance(ctx, userId, spent, charsOf(claimed));
        throw err;
      }
      ctx.log.warn({ err, task: task.id }, 're-translation failed');
      for (const id of claimed) if (!results.get(id)?.success) fail(id, 'TRANSLATION_FAILED');
    }
  }
  const quota = await giveBackAllowance(
    ctx,
    userId,
    spent,
    charsOf([...claimed].filter((id) => !results.get(id)?.success)),
  );
  const base = input.baseVersion;
  const { version, changed } = await ctx.db.tx(async (q) => {
    await releaseRetranslation(q, task.id, [...claimed]);
    /** the lines other tabs changed after the client's version and before `before` */
    const since = async (before: number) =>
      base === undefined ? [] : linesChangedBetween(q, task.id, base, before);
    if (!saved.size) {
      const current = (await taskVersion(q, task.id)) ?? task.version;
      return { version: current, changed: await since(current + 1) };
    }
    const next = (await bumpVersion(q, userId, task.id))?.version;
    if (next === undefined) throw refusal(await findOwnTask(q, userId, task.id));
    const lines = [...saved.values()];
    await applySegmentUpdates(
      q,
      task.id,
      next,
      lines.map((s) => ({ id: s.id, translatedText: s.text })),
    );
    await saveReviewFlags(q, task.id, lines);
    return { version: next, changed: await since(next) };
  });
  return { version, results: wanted.map((id) => results.get(id)!), quota, changed };
}
