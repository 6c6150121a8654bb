import { type Brief, type SeriesMemory, type Task, type TaskBrief } from '@subtrans/contract';
import type { AppContext } from '../../../context.js';
import type { Queryable } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { TRANSLATE_JOB, userJobOptions } from '../run/run-options.js';
import { findOwnTask, setJobId, toTask, type TaskRow } from '../tasks.repository.js';
import { ownTask } from '../own-task.js';
import { glossariesForTask } from '../../glossary/index.js';
import { mergeSeriesMemory, seriesMemoryOf } from '../../series/index.js';
import { assertEngineHonours, type TaskEngine } from '../run/engine-options.js';
import { expireReview } from '../life/task-life.service.js';
import {
  dueReviews,
  NO_VOICE,
  readBrief,
  resumeAfterReview,
  saveBrief,
  setTaskVoice,
  type VoiceInput,
} from './voice.repository.js';

/** The options a call gave: each one not given (undefined) keeps what the task has. */
export type GivenVoice = { [K in keyof VoiceInput]?: VoiceInput[K] | undefined };

/**
 * The task's voice (issue 26) as a call gave it, in the caller's transaction, over `base` (what
 * the task has; by default none): the glossaries given must be the caller's and of the task's
 * language pair, the series given the caller's, and the engine must honour every option that
 * results (issue 34: engine-options.ts refuses the others; the transaction writes nothing).
 */
export async function storeVoice(
  q: Queryable,
  userId: number,
  taskId: string,
  voice: GivenVoice,
  task: { pair: { source: string; target: string }; engine: TaskEngine; base?: VoiceInput },
): Promise<TaskRow> {
  const base = task.base ?? NO_VOICE;
  const v: VoiceInput = {
    glossaryIds: voice.glossaryIds ?? base.glossaryIds,
    seriesId: voice.seriesId !== undefined ? voice.seriesId : base.seriesId,
    formality: voice.formality ?? base.formality,
    translatorNote: voice.translatorNote ?? base.translatorNote,
    reviewTerms: voice.reviewTerms ?? base.reviewTerms,
  };
  assertEngineHonours(task.engine, v);
  // what is stored already was checked when given (a glossary deleted since is passed over)
  if (voice.glossaryIds) await glossariesForTask(q, userId, voice.glossaryIds, task.pair);
  if (voice.seriesId) await seriesMemoryOf(q, userId, voice.seriesId);
  return setTaskVoice(q, taskId, v);
}

/** /task/brief */
export async function taskBrief(ctx: AppContext, userId: number, id: string): Promise<TaskBrief> {
  const task = await ownTask(ctx, userId, id);
  return { taskId: task.id, brief: await readBrief(ctx.db, task.id) };
}

/** What the user settled in a brief: the names and terms the series remembers for later episodes. */
function memoryFrom(brief: Brief): SeriesMemory {
  return {
    characters: brief.characters.filter((c) => c.target || c.gender !== 'unknown' || c.address),
    terms: brief.terms.filter((t) => t.target),
  };
}

/** Saves the user's brief; in a series, its names and terms join the series' memory. */
async function saveOwnBrief(q: Queryable, userId: number, id: string, brief: Brief) {
  const row = await saveBrief(q, userId, id, brief);
  if (!row) throw new AppError('TASK_NOT_FOUND');
  const memory = memoryFrom(brief);
  if (row.series_id && (memory.characters.length || memory.terms.length))
    await mergeSeriesMemory(q, row.series_id, memory);
  return row;
}

/**
 * /task/save_brief: the brief as the user corrected it. Lines already translated stay as they
 * are (/task/reapply translates them again); batches not yet sent carry the new brief.
 */
export async function saveTaskBrief(
  ctx: AppContext,
  userId: number,
  id: string,
  brief: Brief,
): Promise<TaskBrief> {
  await ctx.db.tx((q) => saveOwnBrief(q, userId, id, brief));
  return { taskId: id, brief };
}

/**
 * /task/continue: a task awaiting the review of its names and terms goes on translating with the
 * brief as sent (saved first, when given), in one transaction with its job (the points are still
 * held from the start). Any other task answers TASK_NOT_AWAITING_REVIEW.
 */
export async function continueTask(
  ctx: AppContext,
  userId: number,
  body: { id: string; brief?: Brief | undefined },
): Promise<Task> {
  const queue = ctx.queue;
  if (!queue) throw new AppError('NOT_READY');
  const row = await ctx.db.tx(async (q) => {
    if (!(await findOwnTask(q, userId, body.id))) throw new AppError('TASK_NOT_FOUND');
    const resumed = await resumeAfterReview(q, userId, body.id);
    if (!resumed) throw new AppError('TASK_NOT_AWAITING_REVIEW');
    const saved = body.brief ? await saveOwnBrief(q, userId, body.id, body.brief) : resumed;
    const batchSize = resumed.batch_size;
    const jobId = await queue.send(
      TRANSLATE_JOB,
      { taskId: body.id, ...(batchSize ? { batchSize } : {}) },
      userJobOptions(q, userId),
    );
    await setJobId(q, body.id, jobId);
    return { ...saved, job_id: jobId };
  });
  ctx.log.info({ task: body.id }, 'names and terms reviewed: translating');
  return toTask(row);
}

const EXPIRY_BATCH = 100;

/**
 * Scheduled (daily): a review left waiting BRIEF_LIMITS.reviewDays cancels its task (failed,
 * REVIEW_EXPIRED) and gives its points back, each in one transaction. Judged at `now`, so a test
 * can move the clock. Answers how many were cancelled.
 */
export async function expireReviews(ctx: AppContext, now = new Date()): Promise<number> {
  let cancelled = 0;
  for (;;) {
    const ids = await dueReviews(ctx.db, now, EXPIRY_BATCH);
    for (const id of ids) {
      const done = await ctx.db.tx((q) => expireReview(ctx, q, id, now));
      if (done) cancelled += 1;
    }
    if (ids.length < EXPIRY_BATCH) return cancelled;
  }
}
