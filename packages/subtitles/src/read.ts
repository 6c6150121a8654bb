import { parseAss } from './ass.js';
import type { SubtitleInputFormat } from './extensions.js';
import { MICRODVD_DEFAULT_FPS, readMicroDvd } from './microdvd.js';
import { SubtitleParseError, type Cue } from './model.js';
import { parseSbv } from './sbv.js';
import { parseSrt } from './srt.js';
import { scanTimestamp } from './time.js';
import { parseTtml } from './ttml.js';
import { parseVtt } from './vtt.js';

export { SUBTITLE_EXTENSIONS, hasSubtitleExtension, type SubtitleInputFormat } from './extensions.js';

/** what a file that is no subtitle file turned out to hold */
export type UnrecognisedContent = 'empty' | 'binary' | 'plain-text' | 'html' | 'xml' | 'json';

const FOUND: Record<UnrecognisedContent, string> = {
  empty: 'the file is empty',
  binary: 'the file is not text (audio, video or another binary file)',
  'plain-text': 'the file is plain text without timings, not subtitles',
  html: 'the file is a web page (HTML), not subtitles',
  xml: 'the file is an XML document but not TTML',
  json: 'the file is JSON data, not subtitles',
};

/** The file is in no subtitle format; `found` says what it holds instead. */
export class SubtitleFormatError extends SubtitleParseError {
  readonly found: UnrecognisedContent;
  constructor(found: UnrecognisedContent) {
    super(FOUND[found]);
    this.name = 'SubtitleFormatError';
    this.found = found;
  }
}

/**
 * How much of the text sniffing looks at: a few KB hold any format's header and first cues, and
 * sniffing a 5 MB file costs no more than sniffing a small one.
 */
const WINDOW = 8192;

/** a line that shares its first timestamp and a comma with an SBV timing line */
const SBV_TIMING = /^[ \t]*\d+:\d{1,2}:\d{1,2}(?:[.,]\d*)?[ \t]*,[ \t]*\d+:/;
const MICRODVD_LINE = /^[ \t]*\{[ \t]*\d+[ \t]*\}[ \t]*\{[ \t]*\d*[ \t]*\}/;
/** an ASS/SSA section header as a file's first line (not any bracketed words: a note, JSON) */
const ASS_SECTION =
  /^\[(?:Script Info|V4\+? Styles|Events|Fonts|Graphics|Aegisub [^\]\r\n]*)\][ \t]*(?:\r\n|\r|\n|$)/i;
/** ASS/SSA lines that no other format has at a line's start */
const ASS_LINE = /^[ \t]*(?:\[(?:Script Info|V4\+? Styles|Events)\]|Dialogue[ \t]*:|ScriptType[ \t]*:)/i;
/** the start of audio, video and document files that may look like text at first */
const SIGNATURES = [
  'OggS',
  'fLaC',
  '%PDF-',
  'PK\u0003\u0004',
  '\u001aE\u00df\u00a3',
  'ID3\u0003',
  'ID3\u0004',
];

/** MP4/MOV/3GP (`ftyp` after a 4-byte size), WAV/AVI, Ogg, FLAC, MP3, PDF, ZIP (docx), Matroska */
function hasSignature(head: string): boolean {
  // decodeSubtitleBytes drops NUL characters, so the MP4 size may be shorter than 4
  const start = head.slice(0, 16).replaceAll('\u0000', '');
  const ftyp = start.indexOf('ftyp');
  if (ftyp >= 0 && ftyp <= 4) return true;
  if (start.startsWith('RIFF') && /^(?:WAVE|AVI )/.test(head.slice(8, 12))) return true;
  return SIGNATURES.some((s) => start.startsWith(s));
}

/** ASS (v4.00+) or its predecessor SSA (v4.00), by the styles section or the script type */
function assOrSsa(head: string): 'ass' | 'ssa' {
  if (/^[ \t]*(?:\[V4\+ Styles\]|ScriptType[ \t]*:[ \t]*v4\.00\+)/im.test(head)) return 'ass';
  if (/^[ \t]*(?:\[V4 Styles\]|ScriptType[ \t]*:[ \t]*v4\.00[ \t]*$)/im.test(head)) return 'ssa';
  return 'ass';
}

/**
 * Control characters (but tab, line feed, form feed and carriage return; C1 controls too), which
 * no text has, making up over 5% of the text: random bytes read as UTF-8 give some 12% of them,
 * as Latin-1 some 24%. U+FFFD (undecodable bytes) does not count: text read in the wrong encoding
 * is mostly U+FFFD and has none of them, and is still text (the user can choose its encoding).
 * Or the signature of a media or document file.
 */
function isBinary(head: string): boolean {
  if (hasSignature(head)) return true;
  let controls = 0;
  for (let i = 0; i < head.length; i += 1) {
    const c = head.charCodeAt(i);
    if ((c < 32 && c !== 9 && c !== 10 && c !== 12 && c !== 13) || (c >= 0x7f && c <= 0x9f)) controls += 1;
  }
  return controls * 20 > head.length;
}

/**
 * What a text starting with `<` holds: its root element after the XML declaration, processing
 * instructions, comments and a DOCTYPE. `<tt>` (any prefix) is TTML, `<html>` or an HTML DOCTYPE
 * a web page, another root some XML; null when there is no element (text that starts with `<`).
 */
function markupOf(head: string): 'ttml' | 'html' | 'xml' | null {
  let i = 0;
  for (;;) {
    while (i < head.length && /\s/.test(head[i]!)) i += 1;
    const rest = head.slice(i, i + 64);
    /** the index after `close` searched from `from`; -1 when the window has none */
    const past = (close: string, from: number) => {
      const found = head.indexOf(close, from);
      return found < 0 ? -1 : found + close.length;
    };
    let end: number;
    if (rest.startsWith('<?')) end = past('?>', i + 2);
    else if (rest.startsWith('<!--')) end = past('-->', i + 4);
    else if (/^<!DOCTYPE[ \t\r\n]+html\b/i.test(rest)) return 'html';
    else if (/^<!DOCTYPE\b/i.test(rest)) {
      // an internal subset ([…]) may hold `>`: skip past its `]` first
      const close = head.indexOf('>', i);
      const subset = head.indexOf('[', i);
      const inside = subset >= 0 && (close < 0 || subset < close);
      end = inside ? (past(']', subset) < 0 ? -1 : past('>', past(']', subset))) : past('>', i);
    } else {
      const root = /^<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)/.exec(rest);
      if (!root) return null;
      const name = root[2]!.toLowerCase();
      return name === 'tt' ? 'ttml' : name === 'html' ? 'html' : 'xml';
    }
    // the prolog goes on past the window: some XML, not a subtitle file that can be told
    if (end < 0) return 'xml';
    i = end;
  }
}

/**
 * Whether the text is JSON: parsed whole when it fits in the window, else by its start (an array
 * or an object whose first key is a string).
 */
function isJson(text: string, start: number): boolean {
  if (text.length - start <= WINDOW) {
    try {
      JSON.parse(text.slice(start));
      return true;
    } catch {
      return false;
    }
  }
  return /^(?:\{\s*(?:"|\})|\[\s*(?:[[{"\d\]-]|true\b|false\b|null\b))/.test(text.slice(start, start + 64));
}

/**
 * The format of the first timing line among the window's lines: SRT/WebVTT's `-->` after a
 * timestamp, SBV's `0:00:01.000,0:00:02.000`, MicroDVD's `{1}{2}`. ASS/SSA lines count only when
 * none comes (an SRT cue may hold "[Events]" or "Dialogue:"). Null when there is none of these.
 */
function timedFormat(head: string, complete: boolean): SubtitleInputFormat | null {
  const lines = head.split(/\r\n|\r|\n/);
  // the window may end inside a line: that line is not read
  if (!complete) lines.pop();
  let ass = false;
  for (const line of lines) {
    const arrow = line.indexOf('-->');
    if (arrow >= 0 && scanTimestamp(line, 0, arrow) >= 0) return 'srt';
    if (SBV_TIMING.test(line)) return 'sbv';
    if (MICRODVD_LINE.test(line)) return 'microdvd';
    if (!ass && ASS_LINE.test(line)) ass = true;
  }
  return ass ? assOrSsa(head) : null;
}

type Sniffed = SubtitleInputFormat | { unrecognised: UnrecognisedContent };

/** The format and where the content starts (past a BOM and leading blank lines). */
function sniff(text: string): { found: Sniffed; start: number } {
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (start < text.length && /\s/.test(text[start]!)) start += 1;
  const at = (found: Sniffed) => ({ found, start });
  if (start === text.length) return at({ unrecognised: 'empty' });
  const head = text.slice(start, start + WINDOW);
  const complete = start + WINDOW >= text.length;
  if (isBinary(head)) return at({ unrecognised: 'binary' });
  if (/^WEBVTT(?:[ \t\r\n]|$)/.test(head)) return at('vtt');
  const first = head[0];
  if (first === '<') {
    const markup = markupOf(head);
    if (markup === 'ttml') return at('ttml');
    if (markup === 'html') return at({ unrecognised: 'html' });
    // an XML root, or text in angle brackets before the first cue
    if (markup === 'xml') return at(timedFormat(head, complete) ?? { unrecognised: 'xml' });
  }
  if (first === '[' && !ASS_SECTION.test(head) && isJson(text, start)) return at({ unrecognised: 'json' });
  if (ASS_SECTION.test(head)) return at(assOrSsa(head));
  if (first === '{' && !MICRODVD_LINE.test(head) && isJson(text, start)) return at({ unrecognised: 'json' });
  return at(timedFormat(head, complete) ?? { unrecognised: 'plain-text' });
}

/**
 * The format of a subtitle text, decided by its content, never by a file's name: a `WEBVTT`
 * header; a `<tt>` root (after an XML declaration and comments); an ASS/SSA section header; else
 * the first timing line in the text's first few KB (`-->`: SRT, `0:00:01.000,0:00:02.000`: SBV,
 * `{1}{2}`: MicroDVD), ASS's `Dialogue:` lines when there is none. A text in none of them is named
 * for what it holds: empty (only whitespace), binary, an HTML page, another XML document, JSON, or
 * plain text without timings.
 */
export function sniffFormat(text: string): Sniffed {
  return sniff(text).found;
}

export interface ReadOptions {
  /** MicroDVD only: the video's frame rate, which wins over the file's; default: the file's, else MICRODVD_DEFAULT_FPS */
  frameRate?: number;
}

export interface SubtitleReading {
  format: SubtitleInputFormat;
  cues: Cue[];
  /** MicroDVD: the rate used and whether the file declared it */
  frameRate?: { fps: number; fromFile: boolean };
}

/**
 * Reads a subtitle text in any format sniffFormat knows. Throws SubtitleFormatError when the text
 * is in none (saying what it holds), SubtitleParseError when it is in one but holds no cue, and
 * RangeError for a frame rate that is not a positive number.
 */
export function readSubtitles(text: string, opts: ReadOptions = {}): SubtitleReading {
  const { found, start } = sniff(text);
  if (typeof found !== 'string') throw new SubtitleFormatError(found.unrecognised);
  const body = start > 0 ? text.slice(start) : text;
  const read = (cues: Cue[]): SubtitleReading => ({ format: found, cues });
  switch (found) {
    case 'srt':
      return read(parseSrt(body));
    case 'vtt':
      return read(parseVtt(body));
    case 'ass':
    case 'ssa':
      return read(parseAss(body));
    case 'sbv':
      return read(parseSbv(body));
    case 'ttml':
      return read(parseTtml(body));
    case 'microdvd': {
      const { cues, fps, fromFile } = readMicroDvd(body, opts.frameRate);
      return { format: found, cues, frameRate: { fps, fromFile } };
    }
  }
}

export { MICRODVD_DEFAULT_FPS };
