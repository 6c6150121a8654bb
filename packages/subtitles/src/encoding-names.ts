/**
 * The text encodings a subtitle file is read in, by their WHATWG labels (what TextDecoder takes;
 * UTF-32, which it lacks, is read by decode.ts itself). This file imports nothing, so that
 * packages/contract validates an upload's `encoding` from here without the detector.
 */
export const SUBTITLE_ENCODINGS = [
  'utf-8',
  'utf-16le',
  'utf-16be',
  'utf-32le',
  'utf-32be',
  'gb18030',
  'big5',
  'shift_jis',
  'euc-jp',
  'iso-2022-jp',
  'euc-kr',
  'windows-1250',
  'windows-1251',
  'windows-1252',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'windows-1258',
  'windows-874',
  'iso-8859-2',
  'iso-8859-5',
  'iso-8859-6',
  'iso-8859-7',
  'iso-8859-8',
  'koi8-r',
] as const;
export type SubtitleEncoding = (typeof SUBTITLE_ENCODINGS)[number];

const NAMES = new Set<string>(SUBTITLE_ENCODINGS);
export function isSubtitleEncoding(name: string): name is SubtitleEncoding {
  return NAMES.has(name);
}
