import { SUBTITLE_ENCODINGS, type SubtitleEncoding } from '@subtrans/subtitles/encoding-names';

/** The writing each encoding is for: what a user recognises in the menu (texts under tasks.upload.encoding.script). */
export type EncodingScript =
  | 'unicode'
  | 'chineseSimplified'
  | 'chineseTraditional'
  | 'japanese'
  | 'korean'
  | 'western'
  | 'centralEuropean'
  | 'cyrillic'
  | 'greek'
  | 'turkish'
  | 'hebrew'
  | 'arabic'
  | 'baltic'
  | 'vietnamese'
  | 'thai';

/** each encoding's usual name (not translated) and its writing */
export const ENCODING_LABELS: Readonly<Record<SubtitleEncoding, { name: string; script: EncodingScript }>> = {
  'utf-8': { name: 'UTF-8', script: 'unicode' },
  'utf-16le': { name: 'UTF-16 LE', script: 'unicode' },
  'utf-16be': { name: 'UTF-16 BE', script: 'unicode' },
  'utf-32le': { name: 'UTF-32 LE', script: 'unicode' },
  'utf-32be': { name: 'UTF-32 BE', script: 'unicode' },
  gb18030: { name: 'GB18030 / GBK', script: 'chineseSimplified' },
  big5: { name: 'Big5', script: 'chineseTraditional' },
  shift_jis: { name: 'Shift-JIS', script: 'japanese' },
  'euc-jp': { name: 'EUC-JP', script: 'japanese' },
  'iso-2022-jp': { name: 'ISO-2022-JP', script: 'japanese' },
  'euc-kr': { name: 'EUC-KR', script: 'korean' },
  'windows-1250': { name: 'Windows-1250', script: 'centralEuropean' },
  'windows-1251': { name: 'Windows-1251', script: 'cyrillic' },
  'windows-1252': { name: 'Windows-1252', script: 'western' },
  'windows-1253': { name: 'Windows-1253', script: 'greek' },
  'windows-1254': { name: 'Windows-1254', script: 'turkish' },
  'windows-1255': { name: 'Windows-1255', script: 'hebrew' },
  'windows-1256': { name: 'Windows-1256', script: 'arabic' },
  'windows-1257': { name: 'Windows-1257', script: 'baltic' },
  'windows-1258': { name: 'Windows-1258', script: 'vietnamese' },
  'windows-874': { name: 'Windows-874', script: 'thai' },
  'iso-8859-2': { name: 'ISO-8859-2', script: 'centralEuropean' },
  'iso-8859-5': { name: 'ISO-8859-5', script: 'cyrillic' },
  'iso-8859-6': { name: 'ISO-8859-6', script: 'arabic' },
  'iso-8859-7': { name: 'ISO-8859-7', script: 'greek' },
  'iso-8859-8': { name: 'ISO-8859-8', script: 'hebrew' },
  'koi8-r': { name: 'KOI8-R', script: 'cyrillic' },
};

/** The menu's order: the likely encodings first (as detected, best first), then every other one. */
export function encodingMenu(candidates: readonly SubtitleEncoding[]): {
  likely: SubtitleEncoding[];
  others: SubtitleEncoding[];
} {
  return { likely: [...candidates], others: SUBTITLE_ENCODINGS.filter((e) => !candidates.includes(e)) };
}
