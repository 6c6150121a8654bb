import { def } from './error-def.js';

/**
 * The errors of the limits on what a task may hold and what re-translation may spend. Each
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
  SRT_TOO_MANY_CUES: def(
    42216,
    422,
    '文件有 {count} 条字幕，超过一个任务 {max} 条的上限，请把文件拆分成几部分分别上传',
    'The file has {count} cues, more than the {max} one task can take; split it into parts and upload each',
    'ファイルには {count} 件の字幕があり、1 タスクの上限 {max} 件を超えています。ファイルを分割してそれぞれアップロードしてください',
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
  RETRANSLATE_LINE_TOO_LONG: def(
    42215,
    422,
    '原文超过 {max} 个字符：请将该行缩短到 {max} 个字符以内再重新翻译',
    'The original is longer than {max} characters: shorten the line to {max} characters to re-translate it',
    '原文が {max} 文字を超えています。{max} 文字以内に短くしてから再翻訳してください',
  ),
  RETRANSLATE_BUDGET_EXCEEDED: def(
    42910,
    429,
    '今日的重新翻译字数不够：本次需要 {needed} 字，今日还剩 {charsLeft} 字（每天 {charsPerDay} 字），将于 {renewsAt} 恢复。请少选几行，或到时再试',
    'Not enough re-translation characters left today: this needs {needed}, and {charsLeft} of your {charsPerDay} a day are left. They renew at {renewsAt}; choose fewer lines or try again then',
    '本日の再翻訳の文字数が足りません：今回 {needed} 文字必要ですが、残りは {charsLeft} 文字です（1 日 {charsPerDay} 文字）。{renewsAt} に回復します。行を減らすか、回復後に再試行してください',
  ),
  RETRANSLATE_CALLS_EXCEEDED: def(
    42911,
    429,
    '今日的重新翻译次数不够：本次需要 {neededCalls} 次，今日还剩 {callsLeft} 次（每天 {callsPerDay} 次），将于 {renewsAt} 恢复；相隔较远的行各算一次，可以少选几行，或先手动编辑译文',
    'Not enough re-translations left today: this needs {neededCalls}, and {callsLeft} of your {callsPerDay} a day are left. They renew at {renewsAt}; lines far apart count one each, so choose fewer lines, or edit the translation by hand',
    '本日の再翻訳の回数が足りません：今回 {neededCalls} 回必要ですが、残りは {callsLeft} 回です（1 日 {callsPerDay} 回）。{renewsAt} に回復します。離れた行は 1 行ごとに 1 回と数えます。行を減らすか、訳文を手動で編集してください',
  ),
  RETRANSLATE_OFF: def(
    50311,
    503,
    '此站点已关闭重新翻译，请手动编辑译文',
    'Re-translation is turned off on this site; edit the translation by hand',
    'このサイトでは再翻訳が無効になっています。訳文を手動で編集してください',
  ),
};
