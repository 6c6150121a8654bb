import { def, type ErrorDef } from './error-def.js';

/** Upload forms (multipart/form-data) that cannot be read: said as such, never as a server error. */
export const FORM_ERRORS = {
  TOO_MANY_FIELDS: def(
    40002,
    400,
    '表单的字段过多（最多 {max} 个），请只发送文件和表单本身的字段',
    'The form has too many fields (at most {max}); send only the file and the form’s own fields',
    'フォームの項目が多すぎます（最大 {max} 個）。ファイルとフォーム本来の項目だけを送信してください',
  ),
  /** a multipart body whose Content-Type names no boundary: its parts cannot be found */
  MULTIPART_NO_BOUNDARY: def(
    40003,
    400,
    '上传表单的 Content-Type 缺少 boundary（应为 multipart/form-data; boundary=…），无法分出表单的各个部分',
    'The form’s Content-Type names no boundary (multipart/form-data; boundary=…), so its parts cannot be told apart',
    'フォームの Content-Type に boundary がありません（multipart/form-data; boundary=…）。フォームの各部分を区別できません',
  ),
  /** a multipart body that ends before its closing boundary (a part cut off), or is malformed */
  MULTIPART_INCOMPLETE: def(
    40004,
    400,
    '上传的表单不完整：在最后一部分结束前就中断了（或格式有误），没有保存任何内容。请重新上传',
    'The form is incomplete: it ended before its last part did (or is malformed), so nothing was saved. Send it again',
    'フォームが不完全です。最後の部分が終わる前に途切れた（または形式が正しくない）ため、何も保存していません。もう一度送信してください',
  ),
} as const satisfies Record<string, ErrorDef>;
