import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { findOwnTask, type TaskRow } from './tasks.repository.js';

/** The user's own task, or TASK_NOT_FOUND (another user's task is not found either). */
export async function ownTask(ctx: AppContext, userId: number, id: string): Promise<TaskRow> {
  const row = await findOwnTask(ctx.db, userId, id);
  if (!row) throw new AppError('TASK_NOT_FOUND');
  return row;
}
