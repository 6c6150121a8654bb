import type { AppContext } from '../../../context.js';
import { isTaskDeleted } from '../task-deletion.repository.js';

/** how often a running job looks whether its task was deleted */
const CHECK_MS = 1000;

/** The reason a job's work is aborted when its task is deleted. */
export class TaskDeletedError extends Error {
  constructor() {
    super('the task was deleted');
    this.name = 'AbortError';
  }
}

export interface TaskWatch {
  /** aborts when the task is deleted (or when the job's own signal aborts) */
  readonly signal: AbortSignal;
  /** whether the task was seen deleted (asks the database once more when not seen yet) */
  deleted(): Promise<boolean>;
  stop(): void;
}

/**
 * Watches a running job's task: when it is deleted, the signal aborts, so a long ffmpeg run, a
 * transcription or an engine call stops within about a second instead of running to its end.
 */
export function watchTask(ctx: AppContext, taskId: string, parent?: AbortSignal): TaskWatch {
  const controller = new AbortController();
  let seen = false;
  const onParent = () => controller.abort(parent?.reason);
  if (parent?.aborted) onParent();
  else parent?.addEventListener('abort', onParent, { once: true });
  const timer = setInterval(() => {
    isTaskDeleted(ctx.db, taskId)
      .then((gone) => {
        if (!gone || seen) return;
        seen = true;
        controller.abort(new TaskDeletedError());
      })
      // a missed check is only a later stop
      .catch(() => undefined);
  }, CHECK_MS);
  timer.unref();
  return {
    signal: controller.signal,
    async deleted() {
      if (!seen) seen = await isTaskDeleted(ctx.db, taskId).catch(() => false);
      return seen;
    },
    stop() {
      clearInterval(timer);
      parent?.removeEventListener('abort', onParent);
    },
  };
}
