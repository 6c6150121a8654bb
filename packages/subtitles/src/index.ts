import { parseAss, serialiseAss } from './ass.js';
import { type Cue, type SubtitleFormat } from './model.js';
import { readSubtitles, sniffFormat } from './read.js';
import { parseSrt, serialiseSrt, type LineEnding } from './srt.js';
import { parseVtt, serialiseVtt } from './vtt.js';

export * from './model.js';
export {
  formatSrtTime,
  formatVttTime,
  formatAssTime,
  parseTimestamp,
  parseTimingLine,
  type Timing,
} from './time.js';
export { decodeSubtitleBytes, type DecodedSubtitles, type DecodeOptions } from './decode.js';
export { detectEncoding, type EncodingGuess, type EncodingSource } from './encoding-detect.js';
export { SUBTITLE_ENCODINGS, isSubtitleEncoding, type SubtitleEncoding } from './encoding-names.js';
export { tidyPunctuation } from './punctuation.js';
export { parseSrt, serialiseSrt, type SrtOptions, type LineEnding } from './srt.js';
export { parseVtt, serialiseVtt, type VttOptions } from './vtt.js';
export { parseAss, serialiseAss, type AssOptions } from './ass.js';
export { parseSbv } from './sbv.js';
export {
  MICRODVD_DEFAULT_FPS,
  MICRODVD_OPEN_END_MS,
  microDvdDeclaredRate,
  parseMicroDvd,
  readMicroDvd,
  type MicroDvdReading,
} from './microdvd.js';
export { parseTtml } from './ttml.js';
export {
  SUBTITLE_EXTENSIONS,
  SubtitleFormatError,
  hasSubtitleExtension,
  readSubtitles,
  sniffFormat,
  type ReadOptions,
  type SubtitleInputFormat,
  type SubtitleReading,
  type UnrecognisedContent,
} from './read.js';
export {
  POINTS_PER_MINUTE,
  MIN_TASK_POINTS,
  POINTS_PER_THOUSAND_CHARS,
  POINTS_PER_HUNDRED_CUES,
  charCount,
  cuesPrice,
  durationMs,
  estimatedMinutes,
  taskPrice,
  textChars,
  type CostRule,
  type TaskPrice,
} from './cost.js';
export { checkCues, type CueProblem } from './checks.js';
export {
  nextLinePoints,
  partPoints,
  planPart,
  pricedLines,
  type PartPlan,
  type PricedLine,
} from './parts.js';
export {
  CUT_MARGIN_MS,
  cutAtCue,
  mediaPrice,
  nextMinutePoints,
  planMediaPart,
  type MediaPartPlan,
} from './media-parts.js';

/**
 * The output format closest to a text's (sniffFormat's answer): WebVTT as vtt, ASS and SSA as ass,
 * anything else (SRT, SBV, TTML, MicroDVD, no subtitles at all) as srt.
 * @deprecated sniffFormat names every input format, and what a text without subtitles holds
 */
export function detectFormat(text: string): SubtitleFormat {
  const found = sniffFormat(text);
  return found === 'vtt' ? 'vtt' : found === 'ass' || found === 'ssa' ? 'ass' : 'srt';
}

/**
 * Parses a subtitle text: in `format` when given, else in whichever format readSubtitles finds in
 * its content (SRT, WebVTT, ASS/SSA, SBV, TTML, MicroDVD at its declared rate or 23.976 fps).
 * Throws SubtitleParseError (SubtitleFormatError when the text is in no subtitle format).
 */
export function parse(text: string, format?: SubtitleFormat): Cue[] {
  switch (format) {
    case undefined:
      return readSubtitles(text).cues;
    case 'srt':
      return parseSrt(text);
    case 'vtt':
      return parseVtt(text);
    case 'ass':
      return parseAss(text);
  }
}

export interface SerialiseOptions {
  /** line ending: CRLF by default for SRT, LF for WebVTT and ASS */
  eol?: LineEnding;
  /** ASS only: the script's title */
  title?: string;
}

export function serialise(cues: readonly Cue[], format: SubtitleFormat, opts: SerialiseOptions = {}): string {
  switch (format) {
    case 'srt':
      return serialiseSrt(cues, opts);
    case 'vtt':
      return serialiseVtt(cues, opts);
    case 'ass':
      return serialiseAss(cues, opts);
  }
}

/** Reads a subtitle text in any format readSubtitles reads and writes it in `to`. */
export function convert(text: string, to: SubtitleFormat, opts: SerialiseOptions = {}): string {
  return serialise(parse(text), to, opts);
}

export {
  detectByScript,
  fromTrigram,
  plainText,
  MIN_DETECT_CHARS,
  type DetectableLanguage,
  type DetectedLanguage,
  type LatinSample,
} from './language.js';
export { detectLanguage } from './trigram.js';
export { WIDE, visibleText, lineWidth, readingSpeed } from './width.js';
export {
  cuesFromTranscript,
  RECUT_DEFAULTS,
  PAUSE_MS,
  SILENCE_MS,
  type RecutRules,
  type TimedSegment,
  type TimedWord,
} from './recut.js';
export {
  NORMS,
  DEFAULT_NORMS,
  NORM_BOUNDS,
  baseNorms,
  normsFor,
  parseNormOverrides,
  type Counting,
  type NormLanguage,
  type NormOverrides,
  type Norms,
} from './norms.js';
export {
  budget,
  durationBreach,
  lineLengths,
  measure,
  measureIn,
  measureLine,
  normBreaches,
  overBudget,
  overCpl,
  overCps,
  overLines,
  readingRate,
  type NormBreach,
} from './budget.js';
export { breakLines, layoutText, type LineLayout } from './line-break.js';
export {
  REVIEW_FLAGS,
  chineseScriptOf,
  inSourceLanguage,
  inWrongScript,
  isEmptyLine,
  isReviewFlag,
  markupLost,
  namesInSources,
  numbersMissing,
  reviewFlags,
  untranslatedWords,
  copiedWords,
  foreignWords,
  type ReviewFlag,
  type ReviewInput,
} from './review-flags.js';
export { TermMatcher, renderingOf, termKey, type TermEntry, type TermMatch } from './terms.js';
export * from './structure.js';
