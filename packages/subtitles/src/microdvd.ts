import { SubtitleParseError, type Cue } from './model.js';
import { LineReader } from './line-reader.js';

/**
 * MicroDVD (`.sub`): one cue a line, `{start}{end}text`, times in video frames. The rate is not in
 * the format: a file may declare it on its first line (`{1}{1}23.976`), else it is the caller's.
 */

/** what players assume when neither the file nor the user gives a rate (film at NTSC speed) */
export const MICRODVD_DEFAULT_FPS = 23.976;

/**
 * An open end (`{100}{}text`, which MPlayer, VLC and xine accept): the cue lasts until the next one
 * starts, at most this long (the last cue, or one whose next cue starts no later, gets all of it).
 */
export const MICRODVD_OPEN_END_MS = 3000;

/** a declared rate outside this range is no rate a video has: the line is dropped, not used */
const MIN_DECLARED_FPS = 1;
const MAX_DECLARED_FPS = 240;

/** the text of a rate declaration: a number, `.` or `,` before its fraction */
const RATE_TEXT = /^[ \t]*(\d+(?:[.,]\d+)?)[ \t]*$/;
/** one control code at the start of a line: `{y:i}`, `{C:$0000FF}`, `{f:Arial}` */
const CONTROL = /^[ \t]*\{([a-zA-Z]):([^}]*)\}/;

export interface MicroDvdReading {
  cues: Cue[];
  /** the frame rate the frames were counted with */
  fps: number;
  /** the file declared the rate used (`{1}{1}25`) */
  fromFile: boolean;
}

/** The rate the file declares on its first cue line (`{1}{1}23.976`, or `{0}{0}25`); null if none. */
export function microDvdDeclaredRate(input: string): number | null {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const lines = new LineReader(text);
  const parts = cueLineParts(text);
  while (lines.next()) {
    if (scanCueLine(text, lines.start, lines.end, parts)) {
      return declaredRate(text, parts, lines.end)?.rate ?? null;
    }
  }
  return null;
}

/**
 * Reads MicroDVD at `frameRate` when given (the user's choice wins over the file's), else at the
 * rate the file declares, else at MICRODVD_DEFAULT_FPS. Frames become milliseconds rounded to the
 * nearest one. `|` breaks a line. Lines that are not `{n}{n}text` are skipped, as are cues with no
 * text (some tools write `{150}{150}` to clear the screen). The declaration line is never a cue.
 * Throws SubtitleParseError without a cue, RangeError for a rate that is not a positive number.
 */
export function readMicroDvd(input: string, frameRate?: number): MicroDvdReading {
  if (frameRate !== undefined && !(Number.isFinite(frameRate) && frameRate > 0)) {
    throw new RangeError(`not a frame rate: ${frameRate}`);
  }
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  // one pass over the lines with indexOf, as parseSrt reads: the first cue line may declare the
  // rate, which no cue before it needs
  const lines = new LineReader(text);
  const parts = cueLineParts(text);
  let first = true;
  let declared: number | null = null;
  let fps = frameRate ?? MICRODVD_DEFAULT_FPS;
  const cues: Cue[] = [];
  // a cue with an open end (`{100}{}`) has endMs -1 until the next cue's start is known (no frame
  // gives a negative time); `open`: some cue has one
  let open = false;
  while (lines.next()) {
    if (!scanCueLine(text, lines.start, lines.end, parts)) continue;
    if (first) {
      first = false;
      const declaration = declaredRate(text, parts, lines.end);
      if (declaration) {
        declared = declaration.rate;
        fps = frameRate ?? declared ?? MICRODVD_DEFAULT_FPS;
        continue;
      }
    }
    const words = microDvdText(text.slice(parts.text, lines.end));
    if (words.length === 0) continue;
    const startMs = Math.round((frameOf(text, parts.startFrom, parts.startTo) * 1000) / fps);
    const endFrame = parts.endFrom === parts.endTo ? -1 : frameOf(text, parts.endFrom, parts.endTo);
    const endMs = endFrame < 0 ? -1 : Math.round((endFrame * 1000) / fps);
    cues.push({ index: cues.length + 1, startMs, endMs, text: words });
    open ||= endMs < 0;
  }
  if (cues.length === 0) throw new SubtitleParseError();
  if (open) {
    cues.forEach((c, i) => {
      if (c.endMs >= 0) return;
      const next = cues[i + 1]?.startMs;
      const until = next !== undefined && next > c.startMs ? next - c.startMs : MICRODVD_OPEN_END_MS;
      c.endMs = c.startMs + Math.min(until, MICRODVD_OPEN_END_MS);
    });
  }
  return { cues, fps, fromFile: declared !== null && declared === fps };
}

/** The cues of a MicroDVD file (see readMicroDvd). */
export function parseMicroDvd(input: string, frameRate?: number): Cue[] {
  return readMicroDvd(input, frameRate).cues;
}

/** where the numbers and the text of a cue line `{start}{end}text` are, set by scanCueLine */
interface CueLineParts {
  startFrom: number;
  startTo: number;
  endFrom: number;
  endTo: number;
  text: number;
  /** the text has U+2028 or U+2029 somewhere, which split no line here */
  separators: boolean;
}

const cueLineParts = (text: string): CueLineParts => ({
  startFrom: 0,
  startTo: 0,
  endFrom: 0,
  endTo: 0,
  text: 0,
  separators: text.includes('\u2028') || text.includes('\u2029'),
});

const isDigit = (c: number) => c >= 48 && c <= 57;

/** past the spaces and tabs at `i` */
function skipBlanks(text: string, i: number, end: number): number {
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i += 1;
  return i;
}

/**
 * Whether `text[start, end)` is a cue line, `{start}{end}text` with spaces and tabs around the
 * numbers and the end maybe empty, as `/^[ \t]*\{[ \t]*(\d+)[ \t]*\}[ \t]*\{[ \t]*(\d*)[ \t]*\}(.*)$/`
 * reads it (so no U+2028 or U+2029 in the text) without a copy of the line; where its parts are
 * goes into `parts`.
 */
function scanCueLine(text: string, start: number, end: number, parts: CueLineParts): boolean {
  let i = skipBlanks(text, start, end);
  if (i === end || text.charCodeAt(i) !== 123) return false;
  i = skipBlanks(text, i + 1, end);
  parts.startFrom = i;
  while (i < end && isDigit(text.charCodeAt(i))) i += 1;
  if (i === parts.startFrom) return false;
  parts.startTo = i;
  i = skipBlanks(text, i, end);
  if (i === end || text.charCodeAt(i) !== 125) return false;
  i = skipBlanks(text, i + 1, end);
  if (i === end || text.charCodeAt(i) !== 123) return false;
  i = skipBlanks(text, i + 1, end);
  parts.endFrom = i;
  while (i < end && isDigit(text.charCodeAt(i))) i += 1;
  parts.endTo = i;
  i = skipBlanks(text, i, end);
  if (i === end || text.charCodeAt(i) !== 125) return false;
  parts.text = i + 1;
  return !parts.separators || !/[\u2028\u2029]/.test(text.slice(i + 1, end));
}

/** the number written by the digits `text[from, to)` (as Number() reads them) */
function frameOf(text: string, from: number, to: number): number {
  if (to - from > 15) return Number(text.slice(from, to));
  let n = 0;
  for (let i = from; i < to; i += 1) n = n * 10 + text.charCodeAt(i) - 48;
  return n;
}

/**
 * The first cue line, when it is a rate declaration: start and end the same frame, 0 or 1, and a
 * number for text. `rate` is null when that number is no plausible rate.
 */
function declaredRate(text: string, parts: CueLineParts, end: number): { rate: number | null } | null {
  const startDigits = text.slice(parts.startFrom, parts.startTo);
  const m = RATE_TEXT.exec(text.slice(parts.text, end));
  if (startDigits !== text.slice(parts.endFrom, parts.endTo) || Number(startDigits) > 1 || !m) return null;
  const rate = Number(m[1]!.replace(',', '.'));
  return { rate: rate >= MIN_DECLARED_FPS && rate <= MAX_DECLARED_FPS ? rate : null };
}

/** MicroDVD's `{y:…}` style letters and the SRT tag each becomes */
const STYLE_TAGS: Record<string, string> = { i: 'i', b: 'b', u: 'u', s: 's' };

interface LineStyle {
  /** opening tags, in order */
  open: string[];
}

/**
 * The codes at the start of a line, as SRT markup into `style` (lowercase codes: this line) or
 * `cueStyle` (uppercase: every line of the cue); the rest of the line is returned.
 */
function takeControls(part: string, style: LineStyle, cueStyle: LineStyle): string {
  let first = 0;
  while (part.charCodeAt(first) === 32 || part.charCodeAt(first) === 9) first += 1;
  // most lines start with a word: neither a code nor a slash
  if (part[first] !== '{' && part[first] !== '/') return part;
  let rest = part;
  for (let m = CONTROL.exec(rest); m; m = CONTROL.exec(rest)) {
    const letter = m[1]!;
    const target = letter === letter.toUpperCase() ? cueStyle : style;
    const value = m[2]!.trim();
    switch (letter.toLowerCase()) {
      case 'y':
        for (const ch of value.toLowerCase()) {
          const tag = STYLE_TAGS[ch];
          if (tag && !target.open.includes(tag)) target.open.push(tag);
        }
        break;
      case 'c': {
        // $BBGGRR: blue first
        const bgr = /^\$([0-9a-fA-F]{2})([0-9a-fA-F]{2})([0-9a-fA-F]{2})$/.exec(value);
        if (bgr) target.open.push(`font color="#${`${bgr[3]}${bgr[2]}${bgr[1]}`.toUpperCase()}"`);
        break;
      }
      case 'f': // font name
      case 's': // size
      case 'p': // position
      case 'h': // charset
      case 'o': // offset
        // no cue of SRT, WebVTT or ASS text carries these: dropped
        break;
      default:
        // not a MicroDVD code: braces in the words, kept
        return rest;
    }
    rest = rest.slice(m[0].length);
  }
  // a leading slash: italics, as MPlayer and VLC read it
  if (/^[ \t]*\//.test(rest)) {
    if (!style.open.includes('i')) style.open.push('i');
    rest = rest.replace(/^[ \t]*\//, '');
  }
  return rest;
}

/** `words` in the tags of its cue, then its own not among them (closed in reverse order) */
function tagged(words: string, cueTags: string[], ownTags: string[]): string {
  if (cueTags.length === 0 && ownTags.length === 0) return words;
  const tags = [...cueTags, ...ownTags.filter((t) => !cueTags.includes(t))];
  let open = '';
  let close = '';
  for (const t of tags) {
    open += `<${t}>`;
    close = `</${t.split(' ')[0]}>${close}`;
  }
  return `${open}${words}${close}`;
}

/** a text without codes: its `|`-separated lines, trimmed, the empty ones dropped */
function plainText(raw: string): string {
  let bar = raw.indexOf('|');
  if (bar < 0) return raw.trim();
  let out = '';
  let pos = 0;
  for (;;) {
    const words = raw.slice(pos, bar < 0 ? raw.length : bar).trim();
    if (words.length > 0) out = out.length === 0 ? words : `${out}\n${words}`;
    if (bar < 0) return out;
    pos = bar + 1;
    bar = raw.indexOf('|', pos);
  }
}

/**
 * A MicroDVD text as a cue's: `|` a line break, each line trimmed, empty lines dropped. Style and
 * colour codes (`{y:i}`, `{Y:b}`, `{c:$0000FF}`, a leading `/`) become the tags SRT and WebVTT
 * players read (`<i>`, `<b>`, `<u>`, `<s>`, `<font color>`), each line's closed on that line, as
 * the line breaker writes them; font, size, position and charset codes are dropped (no export
 * format holds them per cue). Kept verbatim, the codes would be printed by the players of every
 * format a task is exported to.
 */
export function microDvdText(raw: string): string {
  if (!raw.includes('{') && !raw.includes('/')) return plainText(raw);
  const cueStyle: LineStyle = { open: [] };
  const lines = raw.split('|').map((part) => {
    const style: LineStyle = { open: [] };
    const words = takeControls(part, style, cueStyle).trim();
    return { style, words };
  });
  let out = '';
  for (const l of lines) {
    if (l.words.length === 0) continue;
    const line = tagged(l.words, cueStyle.open, l.style.open);
    out = out.length === 0 ? line : `${out}\n${line}`;
  }
  return out;
}
