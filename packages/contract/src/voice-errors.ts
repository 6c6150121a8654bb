import { def } from './error-def.js';

/**
 * The errors of glossaries, series and the film brief (issue 26). Each says what the user can do;
 * placeholders are filled from the error's data.
 */
export const VOICE_ERRORS = {
  GLOSSARY_NOT_FOUND: def(
    40440,
    404,
    '术语表不存在或已被删除',
    'The glossary does not exist or was deleted',
    '用語集が存在しないか、削除されています',
  ),
  SERIES_NOT_FOUND: def(
    40441,
    404,
    '系列不存在或已被删除',
    'The series does not exist or was deleted',
    'シリーズが存在しないか、削除されています',
  ),
  GLOSSARY_LIMIT: def(
    42240,
    422,
    '最多可保存 {max} 个术语表，请先删除不再使用的术语表',
    'You can keep at most {max} glossaries; delete one you no longer use first',
    '用語集は最大 {max} 個まで保存できます。使わなくなった用語集を先に削除してください',
  ),
  GLOSSARY_TOO_MANY_ENTRIES: def(
    42241,
    422,
    '一个术语表最多 {max} 条术语（这次共 {count} 条），请拆分成几个术语表',
    'A glossary holds at most {max} entries (this would be {count}); split it into several glossaries',
    '1 つの用語集に入る用語は最大 {max} 件です（今回 {count} 件）。いくつかの用語集に分けてください',
  ),
  GLOSSARY_FILE_UNREADABLE: def(
    42242,
    422,
    '无法读取该文件：{reason}。请使用带表头（source, target, note, keep, case_sensitive）的 CSV 或 TSV 文件',
    'The file could not be read: {reason}. Use a CSV or TSV file with a header row (source, target, note, keep, case_sensitive)',
    'ファイルを読み取れません：{reason}。見出し行（source, target, note, keep, case_sensitive）のある CSV または TSV ファイルを使ってください',
  ),
  SERIES_LIMIT: def(
    42243,
    422,
    '最多可保存 {max} 个系列，请先删除不再使用的系列',
    'You can keep at most {max} series; delete one you no longer use first',
    'シリーズは最大 {max} 個まで保存できます。使わなくなったシリーズを先に削除してください',
  ),
  GLOSSARY_LANGUAGE_MISMATCH: def(
    42244,
    422,
    '术语表“{name}”用于 {glossaryPair}，与本任务的 {taskPair} 不符，请选择同一语言对的术语表',
    'The glossary "{name}" is for {glossaryPair}, not this task\'s {taskPair}; choose glossaries of the same language pair',
    '用語集「{name}」は {glossaryPair} 用で、このタスクの {taskPair} と合いません。同じ言語の組み合わせの用語集を選んでください',
  ),
  TASK_NOT_AWAITING_REVIEW: def(
    40940,
    409,
    '该任务没有在等待确认人名和术语',
    'This task is not waiting for its names and terms to be reviewed',
    'このタスクは人名と用語の確認待ちではありません',
  ),
  NOTHING_TO_REAPPLY: def(
    40941,
    409,
    '没有需要重新应用的行：术语表和简介中的术语在译文里都已一致',
    'No lines to re-apply: the translation already agrees with the glossaries and the brief',
    '再適用する行はありません：訳文は用語集と概要の用語にすでに合っています',
  ),
  /** a task's errorKey: its review waited BRIEF_LIMITS.reviewDays and the task was cancelled */
  REVIEW_EXPIRED: def(
    40942,
    409,
    '人名和术语 7 天内未确认，任务已取消，预留的积分已退回',
    'The names and terms were not reviewed within 7 days: the task was cancelled and its points returned',
    '人名と用語が 7 日以内に確認されなかったため、タスクは取り消され、確保したポイントは戻されました',
  ),
} as const;
