import type { UiLanguage } from '@subtrans/contract';

type Label = Readonly<Record<UiLanguage, string>>;
const L = (zh: string, en: string, ja: string): Label => ({ zh, en, ja });

/** The labels of a subtitle file's fields, upload and export (issue 37), taken in by field-labels.ts. */
export const FILE_LABELS = {
  srtFile: L('字幕文件', 'subtitle file', '字幕ファイル'),
  fileEncoding: L('文件编码', 'file encoding', 'ファイルの文字コード'),
  originalFirst: L('原文在上选项', 'original-first option', '原文を上にする設定'),
  originalScale: L('原文字号比例', 'original text size', '原文の大きさ'),
  frameRate: L('帧率', 'frame rate', 'フレームレート'),
};

/** The labels of a direct upload's fields (audio/video in parts), taken in by field-labels.ts. */
export const UPLOAD_LABELS = {
  uploadId: L('上传 ID', 'upload id', 'アップロード ID'),
  partNumbers: L('分片编号', 'list of part numbers', 'パート番号'),
  partNumberItem: L('第 {n} 个分片编号', 'part number {n}', '{n} 番目のパート番号'),
  parts: L('分片列表', 'list of parts', 'パートの一覧'),
  partAt: L('第 {n} 个分片', 'part {n}', '{n} 番目のパート'),
  partNumberOf: L('第 {n} 个分片的编号', 'number of part {n}', '{n} 番目のパートの番号'),
  partEtagOf: L('第 {n} 个分片的校验值', 'ETag of part {n}', '{n} 番目のパートの検証値'),
  objectKey: L('文件路径', 'object key', 'ファイルのパス'),
};
