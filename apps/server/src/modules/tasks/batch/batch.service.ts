import { BATCH_LIMITS, type Batch } from '@subtrans/contract';
import type { z } from 'zod';
import type { createBatchFields } from '@subtrans/contract';
import type { AppContext } from '../../../context.js';
import { AppError, invalidField } from '../../../http/errors.js';
import { getBalance } from '../../billing/ledger.service.js';
import { assertEngineOnHost, type HostRules } from '../../site/host-rules.js';
import { clampBatchSize } from '../run/run-options.js';
import { startInTransaction } from '../run/task-run.service.js';
import { toTask, type TaskRow } from '../tasks.repository.js';
import { insertReadTask, readTaskFile, type ReadTaskFile } from '../tasks.service.js';
import { batchTasks, byName, findOwnBatch, insertBatch, type BatchRow } from './batch.repository.js';

type BatchForm = z.output<typeof createBatchFields>;

/** The batch with its tasks in batchTasks' order (file by file, then language by language). */
function toBatch(batch: BatchRow, tasks: TaskRow[]): Batch {
  const count = (...statuses: string[]) => tasks.filter((t) => statuses.includes(t.status)).length;
  return {
    id: batch.id,
    name: batch.name,
    targetLanguages: batch.target_languages,
    createdAt: batch.created_at.toISOString(),
    finishedAt: batch.finished_at ? batch.finished_at.toISOString() : null,
    counts: {
      total: tasks.length,
      completed: count('completed'),
      failed: count('failed'),
      running: count('pending', 'processing', 'translating'),
    },
    estimatedPoints: tasks.reduce((sum, t) => sum + t.estimated_points, 0),
    tasks: tasks.map(toTask),
  };
}

export async function getBatch(ctx: AppContext, userId: number, id: string): Promise<Batch> {
  const batch = await findOwnBatch(ctx.db, userId, id);
  if (!batch) throw new AppError('BATCH_NOT_FOUND');
  return toBatch(batch, await batchTasks(ctx.db, batch));
}

/**
 * /batch/create: every file read and checked first (a refusal names the file), then in one
 * transaction the batch, one task per file and language (files in name order: a series gets its
 * episodes so) and each task's start: its hold and its queued translation. All or nothing: a file
 * that cannot be read, or a balance under the total (INSUFFICIENT_POINTS with the total needed),
 * leaves no task and no hold.
 */
export async function createBatch(
  ctx: AppContext,
  userId: number,
  host: HostRules,
  form: BatchForm,
  files: { name: string; bytes: Buffer }[],
): Promise<Batch> {
  if (!files.length) throw invalidField(['files'], { kind: 'required' });
  assertEngineOnHost(host, form.translationService);
  ctx.engines.get(form.translationService);
  if (!ctx.queue) throw new AppError('NOT_READY');
  const sorted = [...files].sort((a, b) => byName.compare(a.name, b.name));
  const read: ReadTaskFile[] = [];
  for (const file of sorted) {
    try {
      read.push(await readTaskFile({ fileName: file.name, bytes: file.bytes, ...form }));
    } catch (err) {
      // the file's own refusal, with its name: "… : episode-3.srt"
      if (err instanceof AppError) throw new AppError(err.key, file.name.slice(0, 100), err.data);
      throw err;
    }
  }
  const total = read.reduce((sum, r) => sum + r.price.points, 0) * form.targetLanguages.length;
  const batchSize = clampBatchSize(ctx, undefined);
  const made = await ctx.db.tx(async (q) => {
    const balance = await getBalance(q, userId);
    if (balance < total)
      throw new AppError('INSUFFICIENT_POINTS', undefined, { needed: total, current: balance });
    const name =
      form.name ||
      (sorted.length > 1 ? `${sorted[0]!.name} (+${sorted.length - 1})` : sorted[0]!.name).slice(
        0,
        BATCH_LIMITS.nameChars,
      );
    const batch = await insertBatch(q, { userId, name, targets: form.targetLanguages });
    const rows: TaskRow[] = [];
    for (const [i, file] of sorted.entries()) {
      for (const targetLanguage of form.targetLanguages) {
        const input = { ...form, userId, fileName: file.name, bytes: file.bytes, targetLanguage };
        const row = await insertReadTask(ctx, q, input, read[i]!, batch.id);
        rows.push(await startInTransaction(ctx, q, userId, row, batchSize));
      }
    }
    return { batch, rows };
  });
  ctx.log.info({ batch: made.batch.id, tasks: made.rows.length, points: total }, 'batch started');
  return toBatch(made.batch, made.rows);
}
