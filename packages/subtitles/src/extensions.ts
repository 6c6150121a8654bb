/**
 * The subtitle formats a file may hold and the names they come under: imports nothing, for the
 * upload dialog's file picker (which must not pull in the parsers).
 */

/** every format a subtitle file is read in (the formats a task is written in: SubtitleFormat) */
export const SUBTITLE_INPUT_FORMATS = ['srt', 'vtt', 'ass', 'ssa', 'sbv', 'ttml', 'microdvd'] as const;
export type SubtitleInputFormat = (typeof SUBTITLE_INPUT_FORMATS)[number];

/**
 * The extensions a subtitle file is accepted under. The name only lets a file in: its format is
 * decided by its content (a `.srt` holding WebVTT is read as WebVTT). `.xml` is TTML's too, `.sub`
 * MicroDVD's.
 */
export const SUBTITLE_EXTENSIONS: readonly string[] = [
  '.srt',
  '.vtt',
  '.ass',
  '.ssa',
  '.sbv',
  '.ttml',
  '.dfxp',
  '.xml',
  '.sub',
];

/** Whether a file's name ends in one of SUBTITLE_EXTENSIONS, in any case (`FILM.SRT`). */
export function hasSubtitleExtension(fileName: string): boolean {
  const name = fileName.toLowerCase();
  return SUBTITLE_EXTENSIONS.some((ext) => name.endsWith(ext));
}
