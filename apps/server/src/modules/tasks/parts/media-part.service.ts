import type { PartQuote } from '@subtrans/contract';
import { nextMinutePoints, planMediaPart, type MediaPartPlan } from '@subtrans/subtitles';
import type { AppContext } from '../../../context.js';
import type { Queryable } from '../../../db/client.js';
import { AppError } from '../../../http/errors.js';
import { getBalance } from '../../billing/ledger.service.js';
import { clampBatchSize, MEDIA_EXECUTE_JOB, userJobOptions } from '../run/run-options.js';
import type { PartRequest } from './task-part.js';
import { isMediaPartial } from './task-part.js';
import { holdMediaPart } from '../life/task-life.service.js';
import { setJobId, type TaskRow } from '../tasks.repository.js';

/**
 * Issue 34 for audio/video: a part is a stretch of the audio, paid by the minute
 * (@subtrans/subtitles planMediaPart), transcribed and translated on its own. Its lines are known
 * only once transcribed; the next part starts where its transcript stopped (at a cue).
 */

/** What a media run transcribes and holds: the audio through endMs (null: the file's end) for `points`. */
export interface MediaRunPlan {
  endMs: number | null;
  points: number;
}

/** Where a media task's next part starts: the audio transcribed and what it was charged. */
const startOf = (task: TaskRow) =>
  isMediaPartial(task)
    ? { doneMs: task.audio_done_ms!, charged: task.charged_points }
    : { doneMs: 0, charged: 0 };

/**
 * Prices a media task's next run from its measured duration: the rest of the file, or with `part`
 * the whole minutes the caller's balance covers now (at most part.maxPoints), read here, never a
 * number of minutes from the client. Not even one more minute covered: INSUFFICIENT_POINTS with
 * what it costs. The hold checks the balance again, under the account's lock.
 */
export async function planMediaRun(
  q: Queryable,
  userId: number,
  task: TaskRow,
  part: PartRequest,
): Promise<MediaRunPlan> {
  const duration = Number(task.duration_ms);
  const { doneMs, charged } = startOf(task);
  const rest = planMediaPart(duration, doneMs, charged, Infinity)!;
  if (!part) return { endMs: null, points: rest.points };
  const balance = await getBalance(q, userId);
  const cut = planMediaPart(duration, doneMs, charged, Math.min(balance, part.maxPoints ?? Infinity));
  if (!cut)
    throw new AppError('INSUFFICIENT_POINTS', undefined, {
      needed: nextMinutePoints(duration, doneMs, charged),
      current: balance,
    });
  return { endMs: cut.endMs >= duration ? null : cut.endMs, points: cut.points };
}

/** /task/part_quote for an audio/video task: its rest (the whole file before it runs) and the part the balance covers. */
export function quoteMedia(task: TaskRow, balance: number): PartQuote {
  const duration = Number(task.duration_ms);
  const { doneMs, charged } = startOf(task);
  const fromLine = isMediaPartial(task) ? task.paid_through! + 1 : 1;
  const plan = (p: MediaPartPlan) => ({ fromLine, toLine: null, ...p });
  const rest = planMediaPart(duration, doneMs, charged, Infinity)!;
  const part = rest.points <= balance ? null : planMediaPart(duration, doneMs, charged, balance);
  return {
    balance,
    rest: plan(rest),
    part: part ? plan(part) : null,
    nextLinePoints: nextMinutePoints(duration, doneMs, charged),
  };
}

/**
 * /task/translate_rest for an audio/video task translated in part: its next stretch (the rest, or
 * with `part` what the balance covers) under its own hold, run by the execution job, which
 * transcribes it from where the last part stopped and translates only its lines with the task's
 * brief, glossaries and options. Claim, hold and job in one transaction: of two concurrent
 * continues one claims the task, the other holds nothing.
 */
export async function continueMedia(
  ctx: AppContext,
  userId: number,
  current: TaskRow,
  opts: { batchSize?: number | undefined; part: PartRequest },
): Promise<TaskRow> {
  if (!current.media_key) throw new AppError('MEDIA_EXPIRED');
  if (!ctx.speech) throw new AppError('SPEECH_NOT_CONFIGURED');
  const queue = ctx.queue;
  if (!queue) throw new AppError('NOT_READY');
  return ctx.db.tx(async (q) => {
    const plan = await planMediaRun(q, userId, current, opts.part);
    const claimed = await holdMediaPart(ctx, q, userId, current.id, {
      paidThrough: current.paid_through!,
      doneMs: current.audio_done_ms!,
      endMs: plan.endMs,
      points: plan.points,
    });
    const batchSize = clampBatchSize(ctx, opts.batchSize);
    const payload = { taskId: current.id, ...(batchSize ? { batchSize } : {}) };
    const jobId = await queue.send(MEDIA_EXECUTE_JOB, payload, userJobOptions(q, userId));
    await setJobId(q, current.id, jobId);
    return { ...claimed, job_id: jobId };
  });
}
