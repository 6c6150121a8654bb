import type { CostRule } from '@subtrans/contract';
import type { AppContext } from '../../../context.js';
import type { Queryable } from '../../../db/client.js';
import { inSavepoint } from '../../../db/savepoint.js';
import { AppError } from '../../../http/errors.js';
import { capture, hold, release } from '../../billing/ledger.service.js';
import { cancelReview } from '../brief/voice.repository.js';
import { addCharged, claimMediaRest, claimRest, failLaterPart } from '../parts/task-parts.repository.js';
import { failRendersOf, failRunningTasksOf } from '../task-deletion.repository.js';
import { emitEvent } from '../../webhooks/webhooks.service.js';
import { finishBatchIfDone } from '../batch/batch.repository.js';
import {
  claimForRun,
  findTaskById,
  finishRun,
  setPointsError,
  softDeleteTask,
  toTask,
  type TaskHold,
  type TaskRow,
} from '../tasks.repository.js';
import { ledgerOf, liveStateOf, type LifeEvent, type LifeState } from './task-life.js';

/**
 * The moves of task-life.ts, each in the caller's transaction: the status change (its SQL in the
 * repositories, whose WHERE clauses admit only the table's from-states) and then the ledger effect
 * the table declares for it, so a move and its points commit or roll back together.
 */

/** The last task of a batch to end (completed or failed) ends the batch: batch.completed. */
async function endOfBatch(ctx: AppContext, q: Queryable, task: TaskRow) {
  if (!task.batch_id) return;
  const batch = await finishBatchIfDone(q, task.batch_id);
  if (!batch) return;
  await emitEvent(ctx, q, batch.user_id, 'batch.completed', {
    id: batch.id,
    name: batch.name,
    targetLanguages: batch.target_languages,
    completed: batch.completed,
    failed: batch.failed,
  });
}

/** Books what the table declares for `event` (from `from` where its rows differ) on the task's hold. */
async function book(ctx: AppContext, q: Queryable, event: LifeEvent, task: TaskHold, from?: LifeState) {
  // a free run holds nothing (no hold_ref), so it has nothing to capture or give back either
  if (!task.hold_ref) return;
  const effect = ledgerOf(event, from);
  switch (effect) {
    case 'hold':
      await hold(ctx.db, task.user_id, task.hold_ref, task.estimated_points, { q });
      return;
    case 'capture':
      await captureHold(ctx, q, task, task.hold_ref);
      return;
    case 'release':
      await release(ctx.db, task.hold_ref, q);
      return;
    case 'none':
      return;
  }
}

/**
 * Charges a completed run: a failed capture must not undo the completion, so it runs in a
 * savepoint and is recorded as the task's pointsError instead (the hold stays for the sweep).
 */
async function captureHold(ctx: AppContext, q: Queryable, task: TaskHold, holdRef: string) {
  const failed = await inSavepoint(q, 'capture', async () => {
    const { captured } = await capture(ctx.db, holdRef, task.estimated_points, q);
    await addCharged(q, task.id, captured);
  });
  if (!failed) return;
  const err = failed.error;
  ctx.log.error({ err, task: task.id }, 'capturing the points failed');
  await setPointsError(q, task.id, err instanceof Error ? err.message : String(err));
}

/** The claim of a start or a part: none means another call claimed the task first. */
async function held(ctx: AppContext, q: Queryable, event: LifeEvent, claimed: TaskRow | undefined) {
  if (!claimed) throw new AppError('TASK_ALREADY_STARTED');
  await book(ctx, q, event, claimed);
  return claimed;
}

/**
 * start: an SRT task (pending or failed) claimed for a run at the price the server set, and that
 * price held (INSUFFICIENT_POINTS rolls the caller's transaction back: the task stays as it was).
 */
export async function startRun(
  ctx: AppContext,
  q: Queryable,
  userId: number,
  id: string,
  price: { points: number; rule: CostRule },
  partEnd: number | null,
): Promise<TaskRow> {
  return held(ctx, q, 'start', await claimForRun(q, userId, id, price, partEnd));
}

/**
 * startMedia: an audio/video task claimed by `claim` (media.repository.ts: the claim sets the
 * media module's own columns, and the caller stores what must be checked before anything is
 * held), then its price held.
 */
export async function startMediaRun(
  ctx: AppContext,
  q: Queryable,
  claim: () => Promise<TaskRow | undefined>,
): Promise<TaskRow> {
  return held(ctx, q, 'startMedia', await claim());
}

/** continuePart: a task translated in part claimed for its next lines, held under a fresh reference. */
export async function holdPart(
  ctx: AppContext,
  q: Queryable,
  userId: number,
  id: string,
  part: { paidThrough: number; partEnd: number | null; points: number },
): Promise<TaskRow> {
  return held(ctx, q, 'continuePart', await claimRest(q, userId, id, part));
}

/** continueMediaPart: an audio/video task translated in part claimed for its next stretch, held. */
export async function holdMediaPart(
  ctx: AppContext,
  q: Queryable,
  userId: number,
  id: string,
  part: { paidThrough: number; doneMs: number; endMs: number | null; points: number },
): Promise<TaskRow> {
  return held(ctx, q, 'continueMediaPart', await claimMediaRest(q, userId, id, part));
}

/**
 * complete: the run's task completed (where its SRT is stored, or why it is not) and its hold
 * captured. Undefined when the task was deleted or ended meanwhile (nothing is charged).
 */
export async function completeRun(
  ctx: AppContext,
  q: Queryable,
  taskId: string,
  result: { resultKey: string | null; uploadError: string | null },
): Promise<TaskRow | undefined> {
  const done = await finishRun(q, taskId, { status: 'completed', ...result });
  if (done) {
    await book(ctx, q, 'complete', done);
    // issue 39: the user's webhook hears of it if and only if the completion commits
    await emitEvent(ctx, q, done.user_id, 'task.completed', toTask(done));
    await endOfBatch(ctx, q, done);
  }
  return done;
}

/**
 * fail, or failPart for a later part (issue 34: the task stays completed as its earlier parts
 * made it, and only this part's hold goes back; the earlier parts stay charged).
 */
export async function failRun(
  ctx: AppContext,
  q: Queryable,
  taskId: string,
  error: string,
  errorKey: string | null,
): Promise<void> {
  const part = await failLaterPart(q, taskId, error, errorKey);
  if (part) return book(ctx, q, 'failPart', part);
  const failed = await finishRun(q, taskId, {
    status: 'failed',
    error,
    ...(errorKey ? { errorKey } : {}),
  });
  if (failed) {
    await book(ctx, q, 'fail', failed);
    await emitEvent(ctx, q, failed.user_id, 'task.failed', toTask(failed));
    await endOfBatch(ctx, q, failed);
  }
}

/** expireReview: a review left waiting past its time at `now` fails its task; false when it was not due. */
export async function expireReview(
  ctx: AppContext,
  q: Queryable,
  taskId: string,
  now: Date,
): Promise<boolean> {
  const task = await cancelReview(q, taskId, now);
  if (!task) return false;
  await book(ctx, q, 'expireReview', task);
  const row = await findTaskById(q, taskId);
  if (row) {
    await emitEvent(ctx, q, row.user_id, 'task.failed', toTask(row));
    await endOfBatch(ctx, q, row);
  }
  return true;
}

/** closeAccount: the account's running and paused tasks fail and give their holds back; answers how many. */
export async function closeAccountTasks(ctx: AppContext, q: Queryable, userId: number): Promise<number> {
  const tasks = await failRunningTasksOf(q, userId);
  for (const task of tasks) await book(ctx, q, 'closeAccount', task);
  // their videos being rendered too (issue 40): their jobs see the account closed and stop
  for (const ref of await failRendersOf(q, userId)) await release(ctx.db, ref, q);
  return tasks.length;
}

/**
 * delete: the caller's task marked deleted, its hold given back when it was running or paused for
 * a review. Answers the row (its stored objects are the caller's to queue), or undefined.
 */
export async function deleteRun(
  ctx: AppContext,
  q: Queryable,
  userId: number,
  id: string,
): Promise<TaskRow | undefined> {
  const row = await softDeleteTask(q, userId, id);
  if (row) await book(ctx, q, 'delete', row, liveStateOf(row));
  return row;
}
