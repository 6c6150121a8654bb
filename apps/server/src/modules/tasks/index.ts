/**
 * What other modules may use of the tasks module (media builds its tasks on these; the
 * translation calls spend the same allowance; account-life closes and deletes an account's
 * tasks). Anything not exported here is the module's own.
 */
export {
  TASK_COLUMNS,
  findOwnTask,
  findTaskById,
  quietRunningTasks,
  setJobId,
  type TaskRow,
} from './tasks.repository.js';
export { clampBatchSize, failTask, runTranslation, TRANSLATE_JOB } from './run/task-run.service.js';
export { MEDIA_EXECUTE_JOB, userJobOptions } from './run/run-options.js';
export { countRun } from './run/task-run.repository.js';
export { storeVoice } from './brief/brief.service.js';
export { taskEngine } from './run/engine-options.js';
export { voiceInputOf } from './brief/voice.repository.js';
export { watchTask } from './run/task-watch.js';
export { cancelTasksOf, deleteContentOf } from './account-tasks.service.js';
export { deleteOldUsage } from './task-deletion.repository.js';
export { giveBackAllowance, spendAllowance } from './segments/retranslate-allowance.service.js';
export { planMediaRun } from './parts/media-part.service.js';
export { startMediaRun } from './life/task-life.service.js';
export { taskAssEvents } from './segments/task-export.service.js';
export { ownTask } from './own-task.js';
