import { TRY_AGAIN_CODE } from './constants.js';
import { def, type ErrorDef } from './error-def.js';

/** Faults: engines that answer oddly, a full disk, a broken database connection, a server that is stopping. */
export const FAULT_ERRORS = {
  /** a task's lines mostly kept their original text (tasks' errorKey: filled from the task's counts) */
  TRANSLATION_MOSTLY_KEPT: def(
    50208,
    502,
    '{segmentCount} 行中有 {keptOriginal} 行未能翻译（超过 20%），任务已失败，积分已退回。请稍后重试或换用其他翻译引擎',
    '{keptOriginal} of {segmentCount} lines could not be translated (more than 20%), so the task failed and your points were returned. Try again later or choose another engine',
    '{segmentCount} 行中 {keptOriginal} 行を翻訳できませんでした（20% 超）。タスクは失敗し、ポイントは返却されました。しばらくしてから再試行するか、別のエンジンを選んでください',
  ),
  /**
   * the disk under the database or the stored files is full (ENOSPC, or PostgreSQL's disk_full):
   * the write was refused whole; the operator is alerted in the log once until space is back
   */
  OUT_OF_STORAGE: def(
    50700,
    507,
    '服务器的存储空间已满，这次没能保存；已保存的内容都完好无损。请稍后再试',
    'The server is out of storage space, so this could not be saved; nothing saved before was lost. Try again later',
    'サーバーの保存容量がいっぱいのため、保存できませんでした。これまでに保存された内容は失われていません。しばらくしてから再試行してください',
  ),
  /**
   * retryable, with Retry-After: the call did not complete (a database connection broke under a
   * write, the server was stopping); the web client sends it once more by itself
   */
  TRY_AGAIN: def(
    TRY_AGAIN_CODE,
    503,
    '服务刚刚短暂中断，请重试',
    'The service was interrupted for a moment; try again',
    'サービスが一時的に中断されました。もう一度お試しください',
  ),
} as const satisfies Record<string, ErrorDef>;
