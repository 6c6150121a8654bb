import { DETECT_STATUS, type PartQuote, type Task, type TranslationEngineName } from '@subtrans/contract';
import { nextLinePoints, planPart, taskPrice, type PricedLine, type TaskPrice } from '@subtrans/subtitles';
import type { AppContext } from '../../../context.js';
import type { Queryable } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { getBalance } from '../../billing/ledger.service.js';
import { assertEngineOnHost, type HostRules } from '../../site/host-rules.js';
import { clampBatchSize, TRANSLATE_JOB, userJobOptions } from '../run/run-options.js';
import { isPartial } from './task-part.js';
import { continueMedia, quoteMedia } from './media-part.service.js';
import { linePrices } from './task-parts.repository.js';
import { holdPart } from '../life/task-life.service.js';
import { setJobId, toTask, type TaskRow } from '../tasks.repository.js';
import { ownTask } from '../own-task.js';
import type { PartRequest } from './task-part.js';

export type { PartRequest };

/** What a run translates and holds: lines through partEnd (null: to the end) for `points`. */
export interface RunPlan {
  partEnd: number | null;
  points: number;
  /** the whole file's price (its rule is the task's costRule) */
  whole: TaskPrice;
}

/** Where a task's next run starts: the lines done and what they were charged. */
const startOf = (task: TaskRow) =>
  isPartial(task) ? { done: task.paid_through!, charged: task.charged_points } : { done: 0, charged: 0 };

function wholePrice(lines: readonly PricedLine[]): TaskPrice {
  return taskPrice({
    durationMs: lines.reduce((max, l) => Math.max(max, l.endMs), 0),
    chars: lines.reduce((sum, l) => sum + l.chars, 0),
    cues: lines.length,
  });
}

/**
 * Prices a task's next run from its lines as stored: every line left, or with `part` the longest
 * run the caller's balance covers now (at most part.maxPoints). A balance that covers not even the
 * next line answers INSUFFICIENT_POINTS with what that line costs; otherwise the hold checks the
 * balance again, under the account's lock.
 */
export async function planRun(
  q: Queryable,
  userId: number,
  task: TaskRow,
  part: PartRequest,
): Promise<RunPlan> {
  const { done, charged } = startOf(task);
  const lines = await linePrices(q, task.id);
  const whole = wholePrice(lines);
  const rest = planPart(lines, done, charged, Infinity);
  if (!rest) throw new AppError('NOTHING_LEFT_TO_TRANSLATE');
  if (!part) return { partEnd: null, points: rest.points, whole };
  const balance = await getBalance(q, userId);
  const cut = planPart(lines, done, charged, Math.min(balance, part.maxPoints ?? Infinity));
  if (!cut)
    throw new AppError('INSUFFICIENT_POINTS', undefined, {
      needed: nextLinePoints(lines, done, charged)!,
      current: balance,
    });
  return { partEnd: cut.toLine === lines.length ? null : cut.toLine, points: cut.points, whole };
}

/**
 * /task/part_quote: what the lines a task has left cost (the whole file for a task not started)
 * and what the caller's balance covers of them now, as the server would cut it.
 */
export async function quoteRest(ctx: AppContext, userId: number, id: string): Promise<PartQuote> {
  const task = await ownTask(ctx, userId, id);
  const waiting = task.status === 'pending' || task.status === 'failed';
  // an audio/video task can be started once detected (its duration prices it), and its file kept
  const startable =
    waiting &&
    (task.kind === 'srt' || (task.detect_status === DETECT_STATUS.ready && task.media_key !== null));
  if (!startable && !isPartial(task)) {
    if (task.status === 'translating' || task.status === 'processing')
      throw new AppError('TASK_ALREADY_STARTED');
    throw new AppError('NOTHING_LEFT_TO_TRANSLATE');
  }
  if (task.kind === 'media') return quoteMedia(task, await getBalance(ctx.db, userId));
  const { done, charged } = startOf(task);
  const [lines, balance] = await Promise.all([linePrices(ctx.db, id), getBalance(ctx.db, userId)]);
  const rest = planPart(lines, done, charged, Infinity);
  if (!rest) throw new AppError('NOTHING_LEFT_TO_TRANSLATE');
  const part = rest.points <= balance ? null : planPart(lines, done, charged, balance);
  return { balance, rest, part, nextLinePoints: nextLinePoints(lines, done, charged)! };
}

/**
 * /task/translate_rest: a partly translated task's next part: every line left, or with `part` what
 * the balance covers. Its own hold (a fresh reference) and its job, with the claim, in one
 * transaction; the film brief, glossaries, series, formality and note are the task's, as the first
 * part used them (the brief is not written or reviewed again). Of two concurrent continues one
 * claims the task; the other answers TASK_ALREADY_STARTED and holds nothing.
 */
export async function translateRest(
  ctx: AppContext,
  userId: number,
  id: string,
  host: HostRules,
  opts: { batchSize?: number | undefined; part: PartRequest },
): Promise<Task> {
  const current = await ownTask(ctx, userId, id);
  if (current.status === 'translating' || current.status === 'processing' || current.awaiting_review)
    throw new AppError('TASK_ALREADY_STARTED');
  if (!isPartial(current)) throw new AppError('NOTHING_LEFT_TO_TRANSLATE');
  assertEngineOnHost(host, current.translation_service);
  ctx.engines.get(current.translation_service as TranslationEngineName);
  const queue = ctx.queue;
  if (!queue) throw new AppError('NOT_READY');
  if (current.kind === 'media') {
    const row = await continueMedia(ctx, userId, current, opts);
    ctx.log.info(
      { task: id, points: row.estimated_points, fromMs: current.audio_done_ms, toMs: row.audio_part_end_ms },
      'media task continued',
    );
    return toTask(row);
  }
  const row = await ctx.db.tx(async (q) => {
    const plan = await planRun(q, userId, current, opts.part);
    const claimed = await holdPart(ctx, q, userId, id, {
      paidThrough: current.paid_through!,
      partEnd: plan.partEnd,
      points: plan.points,
    });
    const batchSize = clampBatchSize(ctx, opts.batchSize);
    const jobId = await queue.send(
      TRANSLATE_JOB,
      { taskId: id, ...(batchSize ? { batchSize } : {}) },
      userJobOptions(q, userId),
    );
    await setJobId(q, id, jobId);
    return { ...claimed, job_id: jobId };
  });
  ctx.log.info(
    { task: id, points: row.estimated_points, from: current.paid_through, to: row.part_end },
    'task continued',
  );
  return toTask(row);
}
