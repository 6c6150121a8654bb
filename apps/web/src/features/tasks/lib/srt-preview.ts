import { CONTENT_ERROR_KEYS, LIMITS, type ErrorKey } from '@subtrans/contract';
import {
  checkCues,
  cuesPrice,
  decodeSubtitleBytes,
  detectByScript,
  durationMs,
  estimatedMinutes,
  formatSrtTime,
  fromTrigram,
  hasSubtitleExtension,
  planPart,
  pricedLines,
  readSubtitles,
  SubtitleFormatError,
  SubtitleParseError,
  type SubtitleInputFormat,
  type CostRule,
  type DetectedLanguage,
  type EncodingSource,
  type PricedLine,
  type SubtitleEncoding,
} from '@subtrans/subtitles';

/** issue 34: what a balance covers of the file, cut as the server will (the same function) */
export { planPart };

/**
 * The trigram model that tells Latin-script languages apart (tinyld: about 545 KB of data, a chunk
 * of its own): loaded only for a file whose lines are in Latin script, the only ones it decides.
 */
const loadTrigram = () => import('@subtrans/subtitles/trigram');

/** The server's detection (trigram.ts detectLanguage), with the model loaded only when needed. */
async function detectLanguage(lines: readonly string[]): Promise<DetectedLanguage> {
  const found = detectByScript(lines);
  if (!('latin' in found)) return found;
  const { trigramLanguage } = await loadTrigram();
  return fromTrigram(trigramLanguage(found.latin));
}

/** What the upload modal shows before submit: the file's format, cues, language and cost. */
export interface SrtPreview {
  /** found in the content, whatever the name says (issue 37) */
  format: SubtitleInputFormat;
  /** MicroDVD: the frame rate its frames were counted with, and whether the file said it */
  frameRate?: { fps: number; fromFile: boolean };
  cues: number;
  detectedLanguage: string;
  /** SPEC §8: detection failed (or too little text) → zh-CN with a warning */
  detectionUncertain: boolean;
  durationMs: number;
  minutes: number;
  /** the price the server will set (the same function): points, and the rule that set them */
  cost: number;
  costRule: CostRule;
  /**
   * what the rule counted: started minutes (duration), started thousands of characters (text) or
   * started hundreds of cues (cues)
   */
  costCount: number;
  /** what each cue adds to the price: the part a balance covers is cut from these */
  lines: PricedLine[];
}

/** How the file's bytes were read (issue 37): what the dialog shows, so a wrong guess is seen and changed. */
export interface EncodingReading {
  encoding: SubtitleEncoding;
  source: EncodingSource;
  /** the likely encodings, best first: the menu leads with them */
  candidates: SubtitleEncoding[];
  /** the first lines of text as read (no cue numbers or timings): mojibake shows here at a glance */
  sample: string[];
}

/** lines of text the dialog shows */
const SAMPLE_LINES = 4;

/** markup a reader checking the encoding does not need: `<i>`, `<font color>`, `{\an8}` */
const MARKUP = /<[^>]*>|\{\\[^}]*\}/g;

/** The first lines of the cues' words; of the raw text (no numbers or SRT timings) when none was read. */
function sampleOf(text: string, cues?: readonly { text: string }[]): string[] {
  const lines: string[] = [];
  const raw = cues
    ? cues.flatMap((c) => c.text.replace(MARKUP, '').split('\n'))
    : text.slice(0, 8192).split(/\r\n|\r|\n/);
  for (const line of raw) {
    const trimmed = line.trim();
    if (!trimmed || /^\d+$/.test(trimmed) || trimmed.includes('-->')) continue;
    lines.push(trimmed.slice(0, 200));
    if (lines.length === SAMPLE_LINES) break;
  }
  return lines;
}

/** SPEC §5 upload rules and the cue checks, each with its own message key. */
export type SrtRejection =
  'notSubtitle' | 'tooLarge' | 'invalid' | 'endsBeforeStart' | 'tooLong' | 'tooManyCues';

/** Past the name and size, every answer says how the file was read: a wrong encoding can be the reason. */
export type SrtCheck =
  | { ok: true; preview: SrtPreview; reading: EncodingReading }
  | {
      ok: false;
      reason: SrtRejection;
      params?: Record<string, string | number>;
      reading?: EncodingReading;
    }
  /** no subtitles in it: what it holds, in the server's own words (contract error) */
  | { ok: false; content: ErrorKey; reading: EncodingReading };

/** Checks the name and size first (cheap), then parses the bytes exactly as the server will. */
export function checkSrtName(name: string, size: number): SrtRejection | null {
  if (!hasSubtitleExtension(name)) return 'notSubtitle';
  if (size > LIMITS.srtMaxBytes) return 'tooLarge';
  return null;
}

/**
 * `encoding`: the user's choice from the menu; without it, detected as the server will.
 * `frameRate`: MicroDVD's, as the user chose it.
 */
export async function previewSrt(
  name: string,
  bytes: Uint8Array,
  encoding?: SubtitleEncoding,
  frameRate?: number,
): Promise<SrtCheck> {
  const early = checkSrtName(name, bytes.byteLength);
  if (early) return { ok: false, reason: early };
  let decoded = decodeSubtitleBytes(bytes, encoding);
  // a Latin code page's guess depends on the language each reading is in: read again with the
  // model, as the server reads every file
  if (decoded.languageMatters) {
    const { trigramLanguage } = await loadTrigram();
    decoded = decodeSubtitleBytes(bytes, encoding, { languageOf: trigramLanguage });
  }
  const readingOf = (cues?: readonly { text: string }[]): EncodingReading => ({
    encoding: decoded.encoding,
    source: decoded.source,
    candidates: decoded.candidates,
    sample: sampleOf(decoded.text, cues),
  });
  let read;
  try {
    read = readSubtitles(decoded.text, { frameRate });
  } catch (e) {
    const reading = readingOf();
    if (e instanceof SubtitleFormatError) return { ok: false, content: CONTENT_ERROR_KEYS[e.found], reading };
    if (e instanceof SubtitleParseError) return { ok: false, reason: 'invalid', reading };
    throw e;
  }
  const { cues } = read;
  const reading = readingOf(cues);
  // the server's own checks, so the user hears of a bad cue before anything is sent
  const problem = checkCues(cues, { maxChars: LIMITS.originalTextMax, maxCues: LIMITS.maxCues });
  if (problem?.kind === 'too-many')
    return {
      ok: false,
      reason: 'tooManyCues',
      params: { count: problem.count, max: problem.maxCues },
      reading,
    };
  if (problem?.kind === 'ends-before-start')
    return {
      ok: false,
      reason: 'endsBeforeStart',
      params: {
        line: problem.index,
        start: formatSrtTime(problem.startMs),
        end: formatSrtTime(problem.endMs),
      },
      reading,
    };
  if (problem?.kind === 'too-long')
    return {
      ok: false,
      reason: 'tooLong',
      params: { line: problem.index, chars: problem.chars, max: problem.maxChars },
      reading,
    };
  const detected = await detectLanguage(cues.map((c) => c.text));
  const ms = durationMs(cues);
  const price = cuesPrice(cues);
  return {
    ok: true,
    reading,
    preview: {
      format: read.format,
      ...(read.frameRate ? { frameRate: read.frameRate } : {}),
      cues: cues.length,
      detectedLanguage: detected.language,
      detectionUncertain: detected.method === 'fallback',
      durationMs: ms,
      minutes: estimatedMinutes(ms),
      cost: price.points,
      costRule: price.rule,
      costCount:
        price.rule === 'text'
          ? price.thousandChars
          : price.rule === 'cues'
            ? price.hundredCues
            : price.minutes,
      lines: pricedLines(cues),
    },
  };
}
