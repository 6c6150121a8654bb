import { def } from './error-def.js';

/** The errors of translating a file in parts (issue 34). */
export const PART_ERRORS = {
  NOTHING_LEFT_TO_TRANSLATE: def(
    40950,
    409,
    '该任务没有待翻译的行：只有部分翻译完成的任务才能继续翻译',
    'This task has no lines left to translate: only a partly translated task can be continued',
    'このタスクには翻訳する行が残っていません。続きを翻訳できるのは一部だけ翻訳されたタスクです',
  ),
  LINE_NOT_TRANSLATED_YET: def(
    40951,
    409,
    '第 {line} 行还没有翻译（不在已付费的部分内）：请先继续翻译剩余部分',
    'Line {line} is not translated yet (it is not in the part paid for): continue the translation first',
    '{line} 行目はまだ翻訳されていません（支払い済みの部分に含まれません）。先に続きを翻訳してください',
  ),
};
