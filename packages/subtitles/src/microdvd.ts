import { SubtitleParseError, type Cue } from './model.js';

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

/** `{start}{end}text`, spaces tolerated around the numbers; the end may be empty */
const CUE_LINE = /^[ \t]*\{[ \t]*(\d+)[ \t]*\}[ \t]*\{[ \t]*(\d*)[ \t]*\}(.*)$/;
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
  const first = firstCueLine(input.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/));
  return first ? first.rate : null;
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
  const lines = input.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const declaration = firstCueLine(lines);
  const declared = declaration?.rate ?? null;
  const fps = frameRate ?? declared ?? MICRODVD_DEFAULT_FPS;
  const ms = (frame: number) => Math.round((frame * 1000) / fps);

  const read: { startMs: number; endMs: number | null; text: string }[] = [];
  lines.forEach((line, i) => {
    if (declaration && i === declaration.line) return;
    const m = CUE_LINE.exec(line);
    if (!m) return;
    const text = microDvdText(m[3]!);
    if (text.length === 0) return;
    read.push({ startMs: ms(Number(m[1])), endMs: m[2] === '' ? null : ms(Number(m[2])), text });
  });
  if (read.length === 0) throw new SubtitleParseError();
  const cues = read.map((c, i): Cue => {
    const next = read[i + 1]?.startMs;
    const open = next !== undefined && next > c.startMs ? next - c.startMs : MICRODVD_OPEN_END_MS;
    const endMs = c.endMs ?? c.startMs + Math.min(open, MICRODVD_OPEN_END_MS);
    return { index: i + 1, startMs: c.startMs, endMs, text: c.text };
  });
  return { cues, fps, fromFile: declared !== null && declared === fps };
}

/** The cues of a MicroDVD file (see readMicroDvd). */
export function parseMicroDvd(input: string, frameRate?: number): Cue[] {
  return readMicroDvd(input, frameRate).cues;
}

/**
 * The first line that is a cue line, when it is a rate declaration: start and end the same frame,
 * 0 or 1, and a number for text. `rate` is null when that number is no plausible rate.
 */
function firstCueLine(lines: string[]): { line: number; rate: number | null } | null {
  const line = lines.findIndex((l) => CUE_LINE.test(l));
  if (line < 0) return null;
  const m = CUE_LINE.exec(lines[line]!)!;
  const rateText = RATE_TEXT.exec(m[3]!);
  if (m[1] !== m[2] || Number(m[1]) > 1 || !rateText) return null;
  const rate = Number(rateText[1]!.replace(',', '.'));
  return { line, rate: rate >= MIN_DECLARED_FPS && rate <= MAX_DECLARED_FPS ? rate : null };
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

const opening = (tags: string[]) => tags.map((t) => `<${t}>`).join('');
const closing = (tags: string[]) =>
  tags
    .slice()
    .reverse()
    .map((t) => `</${t.split(' ')[0]}>`)
    .join('');

/**
 * A MicroDVD text as a cue's: `|` a line break, each line trimmed, empty lines dropped. Style and
 * colour codes (`{y:i}`, `{Y:b}`, `{c:$0000FF}`, a leading `/`) become the tags SRT and WebVTT
 * players read (`<i>`, `<b>`, `<u>`, `<s>`, `<font color>`), each line's closed on that line, as
 * the line breaker writes them; font, size, position and charset codes are dropped (no export
 * format holds them per cue). Kept verbatim, the codes would be printed by the players of every
 * format a task is exported to.
 */
export function microDvdText(raw: string): string {
  const cueStyle: LineStyle = { open: [] };
  const lines = raw.split('|').map((part) => {
    const style: LineStyle = { open: [] };
    const words = takeControls(part, style, cueStyle).trim();
    return { style, words };
  });
  return lines
    .filter((l) => l.words.length > 0)
    .map((l) => {
      const tags = [...cueStyle.open, ...l.style.open.filter((t) => !cueStyle.open.includes(t))];
      return `${opening(tags)}${l.words}${closing(tags)}`;
    })
    .join('\n');
}
