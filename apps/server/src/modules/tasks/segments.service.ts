import {
  INPUT_RULES,
  errorMessage,
  LIMITS,
  type ErrorKey,
  type RetranslateAnswer,
  type RetranslateResult,
  type ReviewFlagName,
  type SavedSegments,
  type SegmentPatch,
  type TranslationEngineName,
  type UiLanguage,
} from '@subtrans/contract';
import { charCount, parseTimestamp } from '@subtrans/subtitles';
import type { AppContext } from '../../context.js';
import { EngineError } from '../../engines/translation/engine.js';
import { allowanceForBatches } from '../../engines/translation/allowance.js';
import { batchCount, translateAll } from '../../engines/translation/pipeline.js';
import { taskExtrasFor } from './brief-step.js';
import { AppError, invalidField } from '../../http/errors.js';
import { claimForRetranslation, releaseRetranslation } from './retranslate.repository.js';
import { giveBackAllowance, spendAllowance } from './retranslate-allowance.service.js';
import {
  applySegmentUpdates,
  badTimings,
  bumpVersion,
  findOwnTask,
  segmentRows,
  taskVersion,
  type SegmentUpdate,
  type TaskRow,
} from './tasks.repository.js';
import { ownTask } from './tasks.service.js';
import { fitOf, flagsOf, lineRulesOf, translatedLine } from './line-quality.js';
import { termExtrasFor } from './task-terms.js';
import { saveReviewFlags, segmentsAt } from './review.repository.js';
import { assertEngineOnHost, type HostRules } from '../site/host-rules.js';
import { paidFor } from './task-part.js';

/** a re-translation that never finished (a crashed server) frees its lines after this long */
const RETRANSLATE_CLAIM_SECONDS = 120;

/** Why an edit of this task cannot be saved now. */
function refusal(task: TaskRow | undefined, baseVersion: number | null): AppError {
  if (!task) return new AppError('TASK_NOT_FOUND');
  if (task.status !== 'completed') return new AppError('TASK_BUSY');
  return new AppError('TASK_VERSION_CONFLICT', undefined, { version: task.version, baseVersion });
}

/**
 * The text caps of an edit: the original at most 500 characters (what a task may hold); the
 * translation at most 1,000, since an honest translation of 500 characters can be longer.
 */
function checkTextCaps(p: SegmentPatch): void {
  if (p.originalText !== undefined && charCount(p.originalText) > LIMITS.originalTextMax)
    throw new AppError('SEGMENT_ORIGINAL_TOO_LONG', undefined, { line: p.id, max: LIMITS.originalTextMax });
  if (p.translatedText !== undefined && charCount(p.translatedText) > LIMITS.translatedTextMax)
    throw new AppError('SEGMENT_TRANSLATION_TOO_LONG', undefined, {
      line: p.id,
      max: LIMITS.translatedTextMax,
    });
}

function toUpdate(p: SegmentPatch, index: number): SegmentUpdate {
  const time = (v: string | undefined, field: string) => {
    if (v === undefined) return undefined;
    const ms = parseTimestamp(v);
    if (ms === null)
      throw invalidField(['segments', index, field], { kind: 'rule', rule: INPUT_RULES.srtTime });
    return ms;
  };
  return {
    position: p.id,
    originalText: p.originalText,
    translatedText: p.translatedText,
    startMs: time(p.startTime, 'startTime'),
    endMs: time(p.endTime, 'endTime'),
  };
}

/**
 * /task/update_segments: the editor's changes, saved only when the client's version is still the
 * task's (another tab's save in between → TASK_VERSION_CONFLICT with the current version). A line
 * whose times the patch changes must stay non-negative and end after it starts; a text-only edit
 * of a zero-length cue (accepted at upload) is saved as it is. Nothing is saved otherwise. The
 * user's text is never laid out again; the changed lines' review flags are computed again, so they
 * always describe the line as stored (a line whose translation the user edited is theirs: no
 * longer a kept original), and answered with the version, so the editor's tags follow the edit.
 */
export async function updateSegments(
  ctx: AppContext,
  userId: number,
  input: { taskId: string; baseVersion: number; segments: SegmentPatch[] },
): Promise<SavedSegments> {
  input.segments.forEach(checkTextCaps);
  const updates = input.segments.map((p, i) => toUpdate(p, i));
  const positions = updates.map((u) => u.position);
  const retimed = updates
    .filter((u) => u.startMs !== undefined || u.endMs !== undefined)
    .map((u) => u.position);
  return ctx.db.tx(async (q) => {
    const version = await bumpVersion(q, userId, input.taskId, input.baseVersion);
    if (version === undefined) throw refusal(await findOwnTask(q, userId, input.taskId), input.baseVersion);
    const task = await findOwnTask(q, userId, input.taskId);
    // issue 34: lines after the part paid for get their translation from the next part, not here
    const unpaid = updates.find((u) => u.translatedText !== undefined && !paidFor(task!, u.position));
    if (unpaid) throw new AppError('LINE_NOT_TRANSLATED_YET', undefined, { line: unpaid.position });
    const found = await applySegmentUpdates(q, input.taskId, updates);
    if (found !== new Set(positions).size) throw new AppError('SEGMENT_NOT_FOUND');
    const bad = retimed.length ? await badTimings(q, input.taskId, retimed) : [];
    if (bad.length) {
      const index = input.segments.findIndex((s) => s.id === bad[0]);
      throw invalidField(['segments', index], { kind: 'rule', rule: INPUT_RULES.timeOrder });
    }
    const rules = await lineRulesOf(q, task!);
    const retranslated = new Set(
      updates.filter((u) => u.translatedText !== undefined).map((u) => u.position),
    );
    const changed = await segmentsAt(q, input.taskId, [...new Set(positions)]);
    const flagged = changed.map((s) => {
      const kept = !retranslated.has(s.position) && s.review_flags.includes('kept-original');
      return { position: s.position, flags: flagsOf(s, s.translated_text ?? '', rules, kept) };
    });
    await saveReviewFlags(q, input.taskId, flagged);
    return { version, segments: flagged.map((l) => ({ id: l.position, flags: l.flags })) };
  });
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
  input: { taskId: string; segmentIds: number[] },
  host: HostRules,
): Promise<RetranslateAnswer> {
  const task = await ownTask(ctx, userId, input.taskId);
  if (task.status !== 'completed') throw new AppError('TASK_BUSY');
  assertEngineOnHost(host, task.translation_service);
  const engine = ctx.engines.get(task.translation_service as TranslationEngineName);
  const wanted = [...new Set(input.segmentIds)];
  const segments = await segmentRows(ctx.db, task.id);
  const indexOf = new Map(segments.map((s, i) => [s.position, i]));
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
    else if (!paidFor(task, id)) fail(id, 'LINE_NOT_TRANSLATED_YET');
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
  const saved = new Map<number, { position: number; text: string; flags: ReviewFlagName[] }>();
  const rules = await lineRulesOf(ctx.db, task);
  if (claimed.size) {
    // issue 26: the brief as it is now and the user's instructions go with the lines
    const extrasFor = await taskExtrasFor(ctx, task, lines);
    const take = (index: number, value: string) => {
      const s = segments[index]!;
      const { text, flags } = translatedLine(s, value, rules, false);
      results.set(s.position, { id: s.position, success: true, translatedText: text, error: null, flags });
      saved.set(s.position, { position: s.position, text, flags });
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
          onLines: async (from, values, kept) => {
            values.forEach((value, i) => {
              // a single line the engine kept failing on comes back as its original: not a result
              if (kept > 0) fail(segments[from + i]!.position, 'TRANSLATION_FAILED');
              else take(from + i, value);
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
  const version = await ctx.db.tx(async (q) => {
    await releaseRetranslation(q, task.id, [...claimed]);
    if (!saved.size) {
      return (await taskVersion(q, task.id)) ?? task.version;
    }
    const next = await bumpVersion(q, userId, task.id, null);
    if (next === undefined) throw refusal(await findOwnTask(q, userId, task.id), null);
    await applySegmentUpdates(
      q,
      task.id,
      [...saved.values()].map((s) => ({ position: s.position, translatedText: s.text })),
    );
    await saveReviewFlags(q, task.id, [...saved.values()]);
    return next;
  });
  return { version, results: wanted.map((id) => results.get(id)!), quota };
}
