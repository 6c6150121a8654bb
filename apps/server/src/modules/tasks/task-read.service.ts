import { Readable } from 'node:stream';
import { okJsonText, type Task, type TaskWithLines, type TaskWithSegments } from '@subtrans/contract';
import type { AppContext } from '../../context.js';
import { linesPage, segmentsOfLines } from './segments/task-lines.repository.js';
import { toTask } from './tasks.repository.js';
import { ownTask } from './own-task.js';

/** lines read from the database, and held in memory, at a time */
export const READ_PAGE_LINES = 2000;

/** The task's lines page by page, as JSON array texts without their brackets, a part at a time. */
async function* linePages(ctx: AppContext, taskId: string): AsyncGenerator<string> {
  let after: number | null = null;
  for (;;) {
    const page = await linesPage(ctx.db, taskId, after, READ_PAGE_LINES);
    for (const part of page.parts) yield part.slice(1, -1);
    if (page.count < READ_PAGE_LINES) return;
    after = page.last;
  }
}

/**
 * The envelope `{code, msg, data: {...task, [field]: [items]}}` written piece by piece: the task's
 * fields, then each page's items as they are read. A client that reads slowly holds the next page
 * back (the stream is pulled), so ten readers of the largest task hold ten pages, not ten tasks.
 */
function taskStream(task: Task, field: 'lines' | 'segments', items: AsyncIterable<string>): Readable {
  const head = okJsonText(JSON.stringify(task));
  // `…"data":{…task…}}` → `…"data":{…task…,"field":[`
  const open = `${head.slice(0, -2)},"${field}":[`;
  return Readable.from(
    (async function* () {
      yield open;
      let first = true;
      for await (const piece of items) {
        yield first ? piece : `,${piece}`;
        first = false;
      }
      yield ']}}';
    })(),
    { objectMode: false },
  );
}

/**
 * GET /task/lines (contract TaskWithLines): the task and its lines as the database wrote them,
 * not parsed and written again. The owner check happens before anything is sent, so a task that is
 * not the caller's still answers TASK_NOT_FOUND as an envelope.
 */
export async function streamTaskLines(ctx: AppContext, userId: number, id: string): Promise<Readable> {
  const row = await ownTask(ctx, userId, id);
  return taskStream(toTask(row) satisfies Omit<TaskWithLines, 'lines'>, 'lines', linePages(ctx, row.id));
}

/** POST /task/get (SPEC §3 TaskWithSegments): the same pages as segments with SRT timestamps. */
export async function streamTaskWithSegments(ctx: AppContext, userId: number, id: string): Promise<Readable> {
  const row = await ownTask(ctx, userId, id);
  const segments = (async function* () {
    for await (const page of linePages(ctx, row.id))
      yield JSON.stringify(segmentsOfLines(`[${page}]`)).slice(1, -1);
  })();
  return taskStream(toTask(row) satisfies Omit<TaskWithSegments, 'segments'>, 'segments', segments);
}
