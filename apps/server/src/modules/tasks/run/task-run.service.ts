import { randomBytes } from 'node:crypto';
import type { Task, TranslationEngineName } from '@subtrans/contract';
import { MIN_TASK_POINTS, serialise } from '@subtrans/subtitles';
import type { AppContext } from '../../../context.js';
import type { Queryable } from '../../../db/client.js';
import { EngineError } from '../../../engines/translation/engine.js';
import { translateAll } from '../../../engines/translation/pipeline.js';
import { AppError } from '../../../http/errors.js';
import { queueDeletions } from '../../storage/object-deletions.repository.js';
import { purgeObjects } from '../../storage/object-deletions.service.js';
import { findTaskById, quietRunningTasks, setJobId, toTask, type TaskRow } from '../tasks.repository.js';
import { segmentRows, type SegmentRow } from '../segments/segments.repository.js';
import { ownTask } from '../own-task.js';
import { deleteSegments, dropRenderFiles } from '../task-deletion.repository.js';
import { watchTask } from './task-watch.js';
import { assertEngineOnHost, type HostRules } from '../../site/host-rules.js';
import { tooManyKept } from './fallback-limit.js';
import { fitOf, lineRulesOf, translatedLine } from '../segments/line-quality.js';
import { termExtrasFor } from './task-terms.js';
import { askAgainForTerms } from './terms-retry.js';
import { countCalls } from '../../../engines/translation/call-count.js';
import { batchesFor, WorkAllowance, type Work } from '../../../engines/translation/allowance.js';
import { briefStep } from '../brief/brief-step.js';
import { addEngineCalls } from '../brief/voice.repository.js';
import { clampBatchSize, TRANSLATE_JOB, userJobOptions } from './run-options.js';
import { planRun, type PartRequest } from '../parts/task-part.service.js';
import { countRun } from './task-run.repository.js';
import { saveAnswers } from './save-answers.js';
import { cuesOf } from '../segments/task-export.service.js';
import { completeRun, deleteRun, failRun, startRun } from '../life/task-life.service.js';

export { clampBatchSize, TRANSLATE_JOB } from './run-options.js';
/** SPEC §8: each engine call is retried up to 3 times, the first after 1 s */
const ENGINE_RETRIES = 3;
const ENGINE_RETRY_DELAY_MS = 1000;

/** The task was deleted or ended while its lines were being translated: stop quietly. */
class TaskGone extends Error {}

/**
 * /task/start: prices the task again from its segments as stored (a task created under an older
 * rule, e.g. at 0 points, pays today's), claims it, holds that cost and enqueues its translation,
 * all in one transaction, so a start either fully happens or not at all (INSUFFICIENT_POINTS
 * leaves the task pending and the balance untouched; two concurrent starts cannot both run it).
 * With `part` (issue 34) it translates the first lines the balance covers, held at their price.
 */
export async function startTask(
  ctx: AppContext,
  userId: number,
  id: string,
  host: HostRules,
  requestedBatchSize?: number,
  part?: PartRequest,
): Promise<Task> {
  const current = await ownTask(ctx, userId, id);
  // a media task runs from its confirmation (/file/submit_execute_task), never from here
  const startable = (current.status === 'pending' || current.status === 'failed') && current.kind === 'srt';
  if (!startable) throw new AppError('TASK_ALREADY_STARTED');
  assertEngineOnHost(host, current.translation_service);
  // an engine that cannot run here is refused before anything is held
  ctx.engines.get(current.translation_service as TranslationEngineName);
  const batchSize = clampBatchSize(ctx, requestedBatchSize);
  const row = await ctx.db.tx((q) => startInTransaction(ctx, q, userId, current, batchSize, part));
  ctx.log.info({ task: id, points: row.estimated_points, job: row.job_id }, 'task started');
  return toTask(row);
}

/**
 * A start in the caller's transaction (a task alone, or every task of a batch in one): priced,
 * claimed, held and its translation queued.
 */
export async function startInTransaction(
  ctx: AppContext,
  q: Queryable,
  userId: number,
  current: TaskRow,
  batchSize?: number,
  part?: PartRequest,
): Promise<TaskRow> {
  const queue = ctx.queue;
  if (!queue) throw new AppError('NOT_READY');
  const plan = await planRun(q, userId, current, part);
  const price = { points: plan.points, rule: plan.whole.rule };
  const claimed = await startRun(ctx, q, userId, current.id, price, plan.partEnd);
  const jobId = await queue.send(
    TRANSLATE_JOB,
    { taskId: current.id, ...(batchSize ? { batchSize } : {}) },
    userJobOptions(q, userId),
  );
  await setJobId(q, current.id, jobId);
  return { ...claimed, job_id: jobId };
}

/**
 * /task/delete: a running task's hold goes back at once and its job stops within about a second
 * (watchTask); its segments are deleted, and its stored objects (the translated SRT, the uploaded
 * media, its waveform, its rendered videos) are queued for deletion in the same transaction, then
 * deleted: a storage failure now leaves them queued for the scheduled sweep, never forgotten. The
 * row stays, soft-deleted (ledger holds refer to it).
 */
export async function deleteTask(ctx: AppContext, userId: number, id: string): Promise<void> {
  const keys = await ctx.db.tx(async (q) => {
    const row = await deleteRun(ctx, q, userId, id);
    if (!row) throw new AppError('TASK_NOT_FOUND');
    await deleteSegments(q, id);
    const stored = [row.result_key, row.media_key, row.peaks_key].filter((k): k is string => Boolean(k));
    stored.push(...(await dropRenderFiles(q, id)));
    await queueDeletions(q, stored, 'task-deleted');
    return stored;
  });
  if (keys.length) await purgeObjects(ctx, keys);
}

/**
 * The job: translates the lines not yet translated (a run that resumes the task sends only what is
 * missing), saving what the engine answers as it arrives (each batch, each condensed line, each
 * part of the brief, each answer of the terms pass) and the progress, then completes the task.
 * Each run is counted (tasks.attempts; media's execution counts its own). Engine failures fail the
 * task at once (the engine calls were already retried); anything else (database, crash) is retried
 * by the queue, and the last attempt fails the task. A stopping process (`stopping`) starts no
 * engine call, saves the answers of those in flight, and throws: the queue puts the job back.
 */
export async function runTranslation(
  ctx: AppContext,
  taskId: string,
  attempt: {
    retryCount: number;
    retryLimit: number;
    signal?: AbortSignal;
    stopping?: AbortSignal;
    /** this run was counted already (media's execution, which goes on into the translation) */
    counted?: boolean;
  },
  /** lines per engine call, as clamped at the start (else the server's setting) */
  batchSize?: number,
): Promise<void> {
  const task = attempt.counted
    ? await findTaskById(ctx.db, taskId)
    : await countRun(ctx.db, taskId, 'translating');
  if (!task || task.deleted_at || task.status !== 'translating') return;
  const lastAttempt = attempt.retryCount >= attempt.retryLimit;
  const watch = watchTask(ctx, taskId, attempt.signal);
  // issue 41: what the price buys, less what this start took in earlier runs (the brief before
  // a review, a run stopped by a restart)
  const points = Math.max(Number(task.estimated_points), MIN_TASK_POINTS);
  const allowance = WorkAllowance.forPoints(points, {
    calls: task.work_calls,
    bytes: Number(task.work_bytes),
  });
  let recorded: Work = allowance.used();
  const stopping = attempt.stopping ? { stopping: attempt.stopping } : {};
  // the calls the task took: counted even when the run fails
  let counted: ReturnType<typeof countCalls> | null = null;
  const recordCalls = async () => {
    const calls = counted?.take() ?? 0;
    const used = allowance.used();
    const work = { calls: used.calls - recorded.calls, bytes: used.bytes - recorded.bytes };
    recorded = used;
    if (calls || work.calls) await addEngineCalls(ctx.db, taskId, calls, work);
  };
  try {
    counted = countCalls(ctx.engines.get(task.translation_service as TranslationEngineName));
    const engine = counted.engine;
    const segments = await segmentRows(ctx.db, taskId);
    const lines = segments.map((s) => s.original_text);
    // issue 34: a run covers the lines after the part done before it, through its own part's end
    const from = task.paid_through ?? 0;
    const end = task.part_end ?? Infinity;
    const scope = segments.filter((s) => s.position > from && s.position <= end);
    const only = segments.flatMap((s, i) => (s.translated_text === null && s.position <= end ? [i] : []));
    let done = scope.length - only.length;
    const size = batchSize ?? ctx.env.TRANSLATE_BATCH_SIZE;
    // the brief is written once, before any line of the file is translated (a later part reuses it)
    const fresh = segments.every((s) => s.translated_text === null);
    const brief = await briefStep(ctx, task, engine, lines, {
      fresh,
      batchSize: size,
      allowance,
      signal: watch.signal,
      ...stopping,
    });
    if (brief.stop) return;
    // after the brief: its terms and names count with the glossaries' (task-terms.ts)
    const rules = await lineRulesOf(ctx.db, task, lines);
    // each translated line's text as stored (laid out), by index: earlier runs' and this run's
    const texts = new Map<number, string>();
    for (const [i, s] of segments.entries()) if (s.translated_text !== null) texts.set(i, s.translated_text);
    /** stores lines as answered (laid out, flagged): false when the task went away */
    const save = (
      at: number[],
      values: string[],
      kept: number,
      progress: number,
      unknown: readonly string[][] = [],
    ) => {
      const laid = values.map((v, k) => translatedLine(segments[at[k]!]!, v, rules, kept > 0, unknown[k]));
      const ids = at.map((i) => segments[i]!.id);
      const saved = { ids, texts: laid.map((l) => l.text), flags: laid.map((l) => l.flags) };
      return saveAnswers(ctx, taskId, saved, progress, kept, watch.signal).then((ok) => {
        if (!ok) throw new TaskGone();
        at.forEach((i, k) => texts.set(i, laid[k]!.text));
      });
    };
    const result = await translateAll(
      engine,
      lines,
      { source: task.original_language, target: task.target_language },
      {
        batchSize: size,
        maxBatches: batchesFor(points),
        allowance,
        concurrency: ctx.env.TRANSLATE_CONCURRENCY,
        retries: ENGINE_RETRIES,
        retryDelayMs: ENGINE_RETRY_DELAY_MS,
        only,
        signal: watch.signal,
        ...(attempt.stopping ? { drain: attempt.stopping } : {}),
        fit: fitOf(segments, rules),
        extrasFor: termExtrasFor(rules.terms, lines, brief.extrasFor),
        // each run as the engine answered it (lines over budget flagged), then each shorter text
        onLines: async (from, values, kept, unknown) => {
          done += values.length;
          // 100 means completed: a run reaches it only with its completion
          const progress = Math.min(99, Math.floor((done / Math.max(scope.length, 1)) * 100));
          // a run with a kept original is that one line (the pipeline's fallback)
          await save(
            values.map((_, k) => from + k),
            values,
            kept,
            progress,
            unknown,
          );
        },
        onCondensed: async (changed) =>
          save(
            changed.map((c) => c.index),
            changed.map((c) => c.text),
            0,
            0,
          ),
      },
    );
    ctx.log.info(
      {
        task: taskId,
        calls: result.calls,
        condenseCalls: result.condenseCalls,
        batchSize: result.batchSize,
        allowance: allowance.limit,
        used: allowance.used(),
      },
      'translation engine calls',
    );
    await recordCalls();
    // lines kept in earlier attempts of this run were saved (and flagged) before this one
    const keptBefore = scope.filter((s) => s.review_flags.includes('kept-original')).length;
    const kept = keptBefore + result.keptOriginal;
    if (tooManyKept(kept, scope.length)) {
      ctx.log.warn({ task: taskId, kept, lines: scope.length }, 'too many lines kept their original text');
      const why = `${kept} of ${scope.length} lines kept their original text`;
      await failTask(ctx, task, why, 'TRANSLATION_MOSTLY_KEPT');
      return;
    }
    // the lines of this start (of every run) still lacking a term's rendering and not asked yet are
    // asked once more (then flagged)
    const retry = {
      task,
      engine,
      segments,
      rules,
      texts,
      candidates: segments.flatMap((s, i) =>
        !s.terms_asked && s.position > from && s.position <= end ? [i] : [],
      ),
      extrasOf: brief.extrasOf,
      allowance,
      signal: watch.signal,
      ...stopping,
    };
    if (!(await askAgainForTerms(ctx, { ...retry, batchSize: result.batchSize }))) throw new TaskGone();
    // the finished text, without reading it back
    const finished = segments.map((s, i) => ({ ...s, translated_text: texts.get(i) ?? s.translated_text }));
    await completeTask(ctx, task, finished);
  } catch (err) {
    // deleted meanwhile: nothing to fail, nothing to give back (the deletion did)
    if (err instanceof TaskGone || (await watch.deleted())) return;
    // stopped from outside (shutdown, or the job's claim lost): what is done is saved, the task
    // stays translating and the queue puts the job back (or retries it)
    if (attempt.signal?.aborted || attempt.stopping?.aborted) throw err;
    const engineFailure = err instanceof EngineError || err instanceof AppError;
    if (engineFailure || lastAttempt) {
      ctx.log.warn({ err, task: taskId }, 'translation failed');
      await failTask(ctx, task, err instanceof Error ? err.message : String(err));
      return;
    }
    throw err;
  } finally {
    watch.stop();
    await recordCalls().catch((err: unknown) =>
      ctx.log.warn({ err, task: taskId }, 'recording the engine calls failed'),
    );
  }
}

export function resultKey(now = Date.now()): string {
  return `translated-files/file_${now}_${randomBytes(6).toString('hex')}.srt`;
}

/**
 * Stores the translated SRT (SPEC §4: a storage failure is kept as uploadError, the task still
 * completes), then marks the task completed and captures its hold in one transaction (completeRun;
 * a failed capture is kept as pointsError).
 */
async function completeTask(ctx: AppContext, task: TaskRow, segments: SegmentRow[]): Promise<void> {
  let key: string | null = resultKey();
  let uploadError: string | null = null;
  try {
    await ctx.storage.put(key, Buffer.from(serialise(cuesOf(segments, task.include_original_text), 'srt')));
  } catch (err) {
    ctx.log.error({ err, task: task.id }, 'storing the translated SRT failed');
    key = null;
    uploadError = err instanceof Error ? err.message : String(err);
  }
  const unused = await ctx.db.tx(async (q) => {
    const done = await completeRun(ctx, q, task.id, { resultKey: key, uploadError });
    // deleted (or ended) while the SRT was being stored: the object belongs to nothing
    if (!done && key) {
      await queueDeletions(q, [key], 'result-unused');
      return [key];
    }
    // a later part's SRT replaces the one of the parts before it
    const replaced = done && task.result_key && task.result_key !== key ? [task.result_key] : [];
    await queueDeletions(q, replaced, 'result-replaced');
    return replaced;
  });
  if (unused.length) await purgeObjects(ctx, unused);
}

/**
 * Marks the task failed and gives its hold back, in one transaction. A later part that fails
 * (issue 34) leaves the task as its earlier parts made it, completed, and gives back only its own
 * hold: the earlier parts stay charged.
 */
export async function failTask(
  ctx: AppContext,
  task: TaskRow,
  error: string,
  errorKey?: string,
): Promise<void> {
  await ctx.db.tx((q) => failRun(ctx, q, task.id, error, errorKey ?? null));
}

/**
 * Scheduled: an SRT task that has been translating without progress for a while, whose job is gone
 * or finished (a worker that died on its last attempt), fails and gets its points back, so no task
 * stays `translating` forever (media tasks: media-sweep.service.ts).
 */
export async function sweepStuckTasks(ctx: AppContext, quietMinutes = 10): Promise<number> {
  if (!ctx.queue) return 0;
  let failed = 0;
  for (const task of await quietRunningTasks(ctx.db, quietMinutes, 'srt')) {
    const job = task.job_id ? await ctx.queue.findJob(TRANSLATE_JOB, task.job_id) : null;
    if (job && (job.state === 'created' || job.state === 'retry' || job.state === 'active')) continue;
    await failTask(ctx, task, 'the work was interrupted', 'MEDIA_INTERRUPTED');
    failed += 1;
  }
  return failed;
}
