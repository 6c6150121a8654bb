import type { AppContext } from '../../../context.js';
import { DbConnectionLost } from '../../../db/connection-loss.js';
import { pause } from '../../../engines/translation/pipeline.js';
import { linesHold } from './task-run.repository.js';
import { saveTranslatedLines } from '../segments/segments.repository.js';

/** Tries of a save of answered lines whose database connection broke (issue 41). */
const SAVE_TRIES = 5;

/**
 * Saves lines the engine answered. A save whose connection broke (a failover, a pooler recycling
 * connections) is sent again once a read shows it did not commit: an answer is never lost to a
 * connection, nor the run failed and the engine asked again for it.
 */
export async function saveAnswers(
  ctx: AppContext,
  taskId: string,
  lines: { ids: number[]; texts: string[]; flags: string[][] },
  progress: number,
  kept: number,
  signal: AbortSignal,
): Promise<boolean> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await saveTranslatedLines(ctx.db, taskId, lines, progress, kept);
    } catch (err) {
      if (!(err instanceof DbConnectionLost) || attempt >= SAVE_TRIES) throw err;
      ctx.log.info({ task: taskId, attempt }, 'saving answered lines lost its connection');
      if (await linesHold(ctx.db, taskId, lines.ids, lines.texts)) return true;
      await pause(100 * 2 ** attempt, signal);
    }
  }
}
