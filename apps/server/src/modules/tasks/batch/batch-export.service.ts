import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { ExportFormat } from '@subtrans/contract';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../http/errors.js';
import { exportTask } from '../segments/task-export.service.js';
import { batchTasks, findOwnBatch } from './batch.repository.js';

/** A name used twice in one archive (two files of one name) gets " (2)", " (3)" … */
function uniqueName(used: Set<string>, name: string): string {
  let candidate = name;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) candidate = name.replace(/(\.[^.]+)$/, ` (${n})$1`);
  used.add(candidate.toLowerCase());
  return candidate;
}

/**
 * /batch/export: a ZIP of every completed task of the batch in each format asked, built as it is
 * sent: each file is written out as the task's own export (the same names and bilingual choice),
 * one at a time, the next only once the archive has taken the last, so the server holds a file at
 * a time, not the batch (npm run bench, zip). Refused before the first byte when none is completed.
 */
export async function batchZip(
  ctx: AppContext,
  userId: number,
  body: { id: string; formats: ExportFormat[]; includeOriginal: boolean },
): Promise<{ fileName: string; stream: Readable }> {
  const batch = await findOwnBatch(ctx.db, userId, body.id);
  if (!batch) throw new AppError('BATCH_NOT_FOUND');
  const done = (await batchTasks(ctx.db, batch)).filter((t) => t.status === 'completed');
  if (!done.length) throw new AppError('TASK_NOT_READY');
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const used = new Set<string>();
  void (async () => {
    try {
      for (const task of done) {
        for (const format of body.formats) {
          const file = await exportTask(ctx, userId, {
            id: task.id,
            format,
            includeOriginal: body.includeOriginal,
          });
          const taken = once(zip, 'entry');
          zip.append(file.body, { name: uniqueName(used, file.fileName) });
          await taken;
        }
      }
      await zip.finalize();
    } catch (err) {
      // the answer has begun: all a client can be told is that the archive broke off
      ctx.log.error({ err, batch: batch.id }, 'building a batch ZIP failed');
      zip.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return { fileName: `${batch.name.replace(/\.[^.]*$/, '') || 'batch'}.zip`, stream: zip };
}
