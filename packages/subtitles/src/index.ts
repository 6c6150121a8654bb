import { parseAss, serialiseAss } from './ass.js';
import { normaliseText, type Cue, type SubtitleFormat } from './model.js';
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
export { decodeSubtitleBytes, type DecodedSubtitles } from './decode.js';
export { detectEncoding, type EncodingGuess, type EncodingSource } from './encoding-detect.js';
export { SUBTITLE_ENCODINGS, isSubtitleEncoding, type SubtitleEncoding } from './encoding-names.js';
export { tidyPunctuation } from './punctuation.js';
export { parseSrt, serialiseSrt, type SrtOptions, type LineEnding } from './srt.js';
export { parseVtt, serialiseVtt, type VttOptions } from './vtt.js';
export { parseAss, serialiseAss, type AssOptions } from './ass.js';
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
 * The format of a subtitle text: `WEBVTT` first → vtt; a `[Section]` header first, or ASS/SSA
 * sections or `Dialogue:` lines in a text without any `-->`, → ass; anything else is read as SRT.
 */
export function detectFormat(text: string): SubtitleFormat {
  const head = normaliseText(text.slice(0, 4096)).trimStart();
  if (/^WEBVTT(?:[ \t\n]|$)/.test(head)) return 'vtt';
  if (/^\[[^\]\n]+\]/.test(head)) return 'ass';
  // an SRT cue may well hold a line "[Events]" or "Dialogue: …", but not without timing lines
  if (
    !text.includes('-->') &&
    /^[ \t]*(?:\[(?:Script Info|V4\+? Styles|Events)\]|Dialogue[ \t]*:)/im.test(text)
  )
    return 'ass';
  return 'srt';
}

/** Parses any supported format (detected from the text unless given). Throws SubtitleParseError. */
export function parse(text: string, format: SubtitleFormat = detectFormat(text)): Cue[] {
  switch (format) {
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

/** Reads a subtitle text in any supported format and writes it in `to`. */
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
  numbersMissing,
  reviewFlags,
  type ReviewFlag,
  type ReviewInput,
} from './review-flags.js';
export { TermMatcher, renderingOf, termKey, type TermEntry, type TermMatch } from './terms.js';
export * from './structure.js';
