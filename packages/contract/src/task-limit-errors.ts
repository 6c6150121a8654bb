import { def } from './error-def.js';

/**
 * The errors of the limits on what a task may hold. Each
 * message names the line or the amounts (placeholders filled from the error's data) and says what
 * the user can do.
 */
export const TASK_LIMIT_ERRORS = {
  SRT_CUE_ENDS_BEFORE_START: def(
    42211,
    422,
    '第 {line} 条字幕（{start} --> {end}）的结束时间早于开始时间，请修正该条的时间后重新上传',
    'Cue {line} ({start} --> {end}) ends before it starts; fix its timing and upload the file again',
    '{line} 番目の字幕（{start} --> {end}）は終了時刻が開始時刻より前です。時刻を直してからもう一度アップロードしてください',
  ),
  SRT_CUE_TOO_LONG: def(
    42212,
    422,
    '第 {line} 条字幕有 {chars} 个字符，超过 {max} 个字符的上限，请缩短或拆分该条后重新上传',
    'Cue {line} has {chars} characters, more than the {max} allowed; shorten or split it and upload the file again',
    '{line} 番目の字幕は {chars} 文字あり、上限の {max} 文字を超えています。短くするか分割してからもう一度アップロードしてください',
  ),
  SEGMENT_ORIGINAL_TOO_LONG: def(
    42213,
    422,
    '第 {line} 行的原文超过 {max} 个字符，请缩短后再保存',
    'The original text of line {line} is longer than {max} characters; shorten it to save it',
    '{line} 行目の原文が {max} 文字を超えています。短くしてから保存してください',
  ),
  SEGMENT_TRANSLATION_TOO_LONG: def(
    42214,
    422,
    '第 {line} 行的译文超过 {max} 个字符，请缩短后再保存',
    'The translation of line {line} is longer than {max} characters; shorten it to save it',
    '{line} 行目の訳文が {max} 文字を超えています。短くしてから保存してください',
  ),
};
