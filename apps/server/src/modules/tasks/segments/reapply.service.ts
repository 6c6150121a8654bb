import type { RetranslateAnswer, UiLanguage } from '@subtrans/contract';
import type { AppContext } from '../../../context.js';
import { AppError } from '../../../http/errors.js';
import type { HostRules } from '../../site/host-rules.js';
import { retranslateSegments } from './segments.service.js';
import { taskTermsOf } from '../run/task-terms.js';
import { segmentRows } from './segments.repository.js';
import { ownTask } from '../own-task.js';
import { paidFor } from '../parts/task-part.js';

/**
 * /task/reapply (issue 26): after a glossary or the brief changed (/task/save_brief), the lines
 * whose source holds one of the task's terms (task-terms.ts) and whose translation lacks its
 * rendering (a changed term, or one the engine missed) are translated again, as /task/retranslate would: the same allowance spent, the same
 * errors, the same answer. None → NOTHING_TO_REAPPLY, and nothing is spent.
 */
export async function reapplyTerms(
  ctx: AppContext,
  userId: number,
  lang: UiLanguage,
  taskId: string,
  host: HostRules,
): Promise<RetranslateAnswer> {
  const task = await ownTask(ctx, userId, taskId);
  if (task.status !== 'completed') throw new AppError('TASK_BUSY');
  const terms = await taskTermsOf(ctx.db, task);
  const segments = terms ? await segmentRows(ctx.db, task.id) : [];
  // a partly translated task's lines after its part are not translated yet (issue 34)
  const lines = segments
    .filter((s) => paidFor(task, s.position))
    .filter((s) => terms!.missingIn(s.original_text, s.translated_text ?? '').length > 0)
    .map((s) => s.id);
  if (!lines.length) throw new AppError('NOTHING_TO_REAPPLY');
  return retranslateSegments(ctx, userId, lang, { taskId, segmentIds: lines }, host);
}
