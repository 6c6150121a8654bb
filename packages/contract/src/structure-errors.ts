import { def } from './error-def.js';

/** The errors of editing a task's structure: lines split, merged, inserted or deleted (issue 35). */
export const STRUCTURE_ERRORS = {
  STRUCTURE_WHILE_PARTIAL: def(
    40960,
    409,
    '该任务还有未翻译的部分，暂时不能拆分、合并、插入或删除字幕：请先继续翻译剩余部分',
    'Lines cannot be split, merged, inserted or deleted while part of the task is not translated yet: continue the translation first',
    'このタスクにはまだ翻訳されていない部分があるため、字幕の分割・結合・挿入・削除はできません。先に続きを翻訳してください',
  ),
  SEGMENT_REMOVED_ELSEWHERE: def(
    40961,
    409,
    '第 {line} 行已在其他页面或设备上删除，本次修改未保存',
    'Line {line} was deleted in another tab or device, so this edit was not saved',
    '{line} 行目は別のタブまたは端末で削除されたため、この編集は保存されていません',
  ),
  TASK_TOO_MANY_LINES: def(
    42260,
    422,
    '修改后任务将有 {count} 行，超过一个任务 {max} 行的上限',
    'After this edit the task would have {count} lines, more than the {max} one task can hold',
    'この編集の後、タスクは {count} 行になり、1 タスクの上限 {max} 行を超えます',
  ),
  STRUCTURE_BAD_ANCHOR: def(
    42261,
    422,
    '新行要插入的位置（第 {line} 行之后）不存在',
    'The line a new line is to follow (line {line}) does not exist',
    '新しい行を挿入する位置（{line} 行目の後）が存在しません',
  ),
  RETIME_BEFORE_ZERO: def(
    42262,
    422,
    '此次调整会让第 {line} 行早于 0:00:00 开始：请少移动一些，或只调整后面的行',
    'This would start line {line} before 0:00:00: move the lines less, or only the later ones',
    'この調整では {line} 行目が 0:00:00 より前に始まります。移動量を減らすか、後ろの行だけを調整してください',
  ),
};
