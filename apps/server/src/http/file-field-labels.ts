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
