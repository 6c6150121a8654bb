import { SubtitleParseError, type Cue } from './model.js';
import { LineReader } from './line-reader.js';
import { textLines, type LineEnding } from './srt.js';
import { formatAssTime, parseTimestamp, scanTimestamp } from './time.js';

/*
 * ASS/SSA read: a file's events with words (what ass-document.ts's rewriteAss writes back) and its
 * cues, in one pass over the file; and a minimal file written from cues.
 */

/** ASS's order of the event fields, when [Events] has no Format line */
export const ASS_EVENT_FORMAT = [
  'Layer',
  'Start',
  'End',
  'Style',
  'Name',
  'MarginL',
  'MarginR',
  'MarginV',
  'Effect',
  'Text',
];

/** One `Dialogue:` line of the file that holds text to translate. */
export interface AssEvent {
  /** the line's index in the file (0-based, lines split at CRLF, CR or LF) */
  line: number;
  /** the fields as written (spaces kept), the last one (Text) whole, commas and all */
  fields: string[];
  format: string[];
  startMs: number;
  endMs: number;
  /** the text as a cue's: `\N` as line breaks, karaoke timing dropped, other override tags kept */
  text: string;
}

/** `{\p1}`…: a drawing (vector shapes), not words */
const DRAWING = /\{[^}]*\\p[1-9]/;
/** karaoke syllable timing (`\k20`, `\kf`, `\ko`, `\K`): meaningless once the words change */
const KARAOKE = /\\(?:kf|ko|k|K)\d+/g;

/** whether `c` may be white space to trim: control codes, space, and non-ASCII */
const maybeSpace = (c: number) => c <= 32 || c >= 0xa0;

/** `lines` with `line` added when it has words left once trimmed at its end */
function withLine(lines: string, line: string): string {
  const l = line.length > 0 && maybeSpace(line.charCodeAt(line.length - 1)) ? line.trimEnd() : line;
  if (l.length === 0) return lines;
  return lines.length === 0 ? l : `${lines}\n${l}`;
}

/** A Text field as a cue's text: `\N` breaks, karaoke dropped, empty lines gone. */
export function assCueText(raw: string): string {
  let text = raw;
  // each step only where its mark is: most texts have no karaoke, no `{}` and no `\N`
  if (text.includes('\\k') || text.includes('\\K')) text = text.replace(KARAOKE, '');
  if (text.includes('{}')) text = text.replace(/\{\}/g, '');
  let br = text.indexOf('\\N');
  if (br < 0) return withLine('', text);
  let out = '';
  let pos = 0;
  for (;;) {
    out = withLine(out, text.slice(pos, br < 0 ? text.length : br));
    if (br < 0) return out;
    pos = br + 2;
    br = text.indexOf('\\N', pos);
  }
}

/** whether a cue's text has words (not only override blocks and `\h`) */
function hasWords(text: string): boolean {
  // past the override blocks it starts with, a character that is neither a block, a `\` code nor
  // a space stays when the blocks and codes are taken out: the text has words
  let i = 0;
  while (text.charCodeAt(i) === 123) {
    const close = text.indexOf('}', i + 1);
    if (close < 0) return true;
    i = close + 1;
  }
  const c = text.charCodeAt(i);
  if (i < text.length && c !== 92 && !maybeSpace(c)) return true;
  return (
    text
      .replace(/\{[^}]*\}/g, '')
      .replace(/\\[hn]/g, '')
      .trim().length > 0
  );
}

/** an event Format line and where in it the columns an event is read by are (-1: none) */
interface Columns {
  format: string[];
  start: number;
  end: number;
  text: number;
}

function columnsOf(format: string[]): Columns {
  const at = (name: string) => format.findIndex((f) => f.toLowerCase() === name);
  return { format, start: at('start'), end: at('end'), text: at('text') };
}

const ASS_COLUMNS = columnsOf(ASS_EVENT_FORMAT);

/** One event with words as eachEvent finds it; its fields are `source[from, to)` split at commas. */
interface EventAt {
  line: number;
  columns: Columns;
  startMs: number;
  endMs: number;
  text: string;
  source: string;
  from: number;
  to: number;
}

/** `Dialogue:` at `pos` (any case, spaces or tabs before the colon): where the fields start; -1 if not */
function dialogueFields(text: string, pos: number, end: number): number {
  if (end - pos < 9) return -1;
  for (let i = 1; i < 8; i += 1) {
    if ((text.charCodeAt(pos + i) | 0x20) !== 'dialogue'.charCodeAt(i)) return -1;
  }
  let i = pos + 8;
  while (i < end && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i += 1;
  return i < end && text.charCodeAt(i) === 58 ? i + 1 : -1;
}

/**
 * The field `column` of the fields `text[from, to)` of a line whose Format has `count` columns:
 * [start, end) in `out`, or [-1, -1] when the line has too few. The last column runs to the
 * line's end, commas and all.
 */
function fieldAt(text: string, from: number, to: number, column: number, count: number, out: number[]) {
  let start = from;
  for (let k = 0; k < column; k += 1) {
    const comma = text.indexOf(',', start);
    if (comma < 0 || comma >= to) {
      out[0] = out[1] = -1;
      return;
    }
    start = comma + 1;
  }
  const comma = column < count - 1 ? text.indexOf(',', start) : -1;
  out[0] = start;
  out[1] = comma < 0 || comma >= to ? to : comma;
}

/** the time in the field [range[0], range[1]) of `text` (spaces around it allowed); -1 if none */
function timeAt(text: string, range: number[]): number {
  const [from, to] = range as [number, number];
  if (from < 0) return -1;
  if (from < to && !maybeSpace(text.charCodeAt(from)) && !maybeSpace(text.charCodeAt(to - 1))) {
    return scanTimestamp(text, from, to);
  }
  return parseTimestamp(text.slice(from, to).trim()) ?? -1;
}

const SECTION = /^\s*\[(.+)\]\s*$/;
const FORMAT_LINE = /^\s*Format\s*:(.*)$/i;
const DIALOGUE = /^\s*Dialogue\s*:(.*)$/i;

/**
 * Calls `visit` with each event of the file that has words, in file order (see assEvents), the
 * same object each time. One pass over the lines with indexOf: only a line that starts with `D`
 * is read in place, any other that may matter (a section, a Format line, a Dialogue line after
 * spaces) with the regular expressions.
 */
function eachEvent(input: string, visit: (event: EventAt) => void): void {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  // `(.*)$` stops at U+2028 and U+2029, which split no line here
  const separators = text.includes('\u2028') || text.includes('\u2029');
  const lines = new LineReader(text);
  const range = [0, 0];
  const event: EventAt = {
    line: -1,
    columns: ASS_COLUMNS,
    startMs: 0,
    endMs: 0,
    text: '',
    source: text,
    from: 0,
    to: 0,
  };
  let inEvents = false;
  let line = -1;
  while (lines.next()) {
    line += 1;
    const pos = lines.start;
    const end = lines.end;
    const c = text.charCodeAt(pos);
    let from = -1;
    if (c === 68 || c === 100) {
      // `D`, `d`
      if (!inEvents) continue;
      from = dialogueFields(text, pos, end);
    } else if (pos === end || (c >= 65 && c <= 90 && c !== 70) || (c >= 97 && c <= 122 && c !== 102)) {
      // a letter other than `F`: a Comment, a Style, a key of Script Info
      continue;
    }
    if (from < 0 || (separators && /[\u2028\u2029]/.test(text.slice(from, end)))) {
      const l = text.slice(pos, end);
      const section = SECTION.exec(l);
      if (section) {
        inEvents = section[1]!.trim().toLowerCase() === 'events';
        continue;
      }
      if (!inEvents) continue;
      const fmt = FORMAT_LINE.exec(l);
      if (fmt) {
        event.columns = columnsOf(fmt[1]!.split(',').map((f) => f.trim()));
        continue;
      }
      const dialogue = DIALOGUE.exec(l);
      if (!dialogue) continue;
      from = end - dialogue[1]!.length;
    }
    const { columns } = event;
    const count = columns.format.length;
    fieldAt(text, from, end, columns.start, count, range);
    const startMs = columns.start < 0 ? -1 : timeAt(text, range);
    fieldAt(text, from, end, columns.end, count, range);
    const endMs = columns.end < 0 ? -1 : timeAt(text, range);
    if (startMs < 0 || endMs < 0) continue;
    let raw = '';
    if (columns.text >= 0) {
      fieldAt(text, from, end, columns.text, count, range);
      if (range[0]! >= 0) raw = text.slice(range[0], range[1]);
    }
    if (raw.includes('\\p') && DRAWING.test(raw)) continue;
    const cue = assCueText(raw);
    if (!hasWords(cue)) continue;
    event.line = line;
    event.startMs = startMs;
    event.endMs = endMs;
    event.text = cue;
    event.from = from;
    event.to = end;
    visit(event);
  }
}

/** An event of assEvents: its fields are split from its line only when asked for (rewriteAss). */
class FileEvent implements AssEvent {
  readonly line: number;
  readonly format: string[];
  readonly startMs: number;
  readonly endMs: number;
  readonly text: string;
  private readonly source: string;
  private readonly from: number;
  private readonly to: number;
  private split: string[] | null = null;

  constructor(at: EventAt) {
    this.line = at.line;
    this.format = at.columns.format;
    this.startMs = at.startMs;
    this.endMs = at.endMs;
    this.text = at.text;
    this.source = at.source;
    this.from = at.from;
    this.to = at.to;
  }

  get fields(): string[] {
    if (!this.split) {
      const parts = this.source.slice(this.from, this.to).split(',');
      const last = this.format.length - 1;
      this.split = [...parts.slice(0, last), parts.slice(last).join(',')];
    }
    return this.split;
  }
}

/**
 * The file's events with text, in file order: the cues of a task made from it (cue k is event k).
 * `Comment:` lines, drawings and events without words are not events here: they stay in the file.
 */
export function assEvents(text: string): AssEvent[] {
  const events: AssEvent[] = [];
  eachEvent(text, (at) => events.push(new FileEvent(at)));
  return events;
}

/** The cues of an ASS/SSA file: its events' times and texts (assEvents without the rest). */
export function assCues(text: string): Cue[] {
  const cues: Cue[] = [];
  eachEvent(text, (at) => {
    cues.push({ index: cues.length + 1, startMs: at.startMs, endMs: at.endMs, text: at.text });
  });
  return cues;
}

/**
 * ASS/SSA: the `Dialogue:` lines of [Events] with words, read in the order their `Format:` line
 * gives (the ASS order when there is none), as assEvents reads them (cue k of a task made from
 * the file is its event k, which rewriteAss writes back); `Comment:` lines, drawings, styles and other sections are skipped,
 * karaoke timing dropped, other override codes (`{\i1}`, `\h`) kept verbatim, `\N` a line break.
 */
export function parseAss(input: string): Cue[] {
  // a BOM off, as normaliseText took it (assCues takes off one more); assCues reads any line ending
  const cues = assCues(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
  if (cues.length === 0) throw new SubtitleParseError();
  return cues;
}

export interface AssOptions {
  /** `Title:` of the [Script Info] section */
  title?: string;
  /** line ending of the file, LF by default */
  eol?: LineEnding;
}

/**
 * Writes a minimal valid ASS file: [Script Info], one `Default` style, and a `Dialogue:` line per
 * cue (times rounded to centiseconds, line breaks written as `\N`).
 */
export function serialiseAss(cues: readonly Cue[], opts: AssOptions = {}): string {
  const eol = opts.eol ?? '\n';
  const title = (opts.title ?? 'SubTrans').replace(/[\r\n]+/g, ' ');
  const header = [
    '[Script Info]',
    `Title: ${title}`,
    'ScriptType: v4.00+',
    'WrapStyle: 0',
    'ScaledBorderAndShadow: yes',
    'PlayResX: 1920',
    'PlayResY: 1080',
    '',
    '[V4+ Styles]',
    'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
    'Style: Default,Arial,64,&H00FFFFFF,&H000000FF,&H00000000,&H64000000,0,0,0,0,100,100,0,0,1,2,1,2,40,40,40,1',
    '',
    '[Events]',
    `Format: ${ASS_EVENT_FORMAT.join(', ')}`,
  ];
  let out = header.join(eol) + eol;
  for (const c of cues) {
    const text = textLines(c.text)
      .filter((l) => l.trim().length > 0)
      .join('\\N');
    out += `Dialogue: 0,${formatAssTime(c.startMs)},${formatAssTime(c.endMs)},Default,,0,0,0,,${text}${eol}`;
  }
  return out;
}
