import { SubtitleParseError, type Cue } from './model.js';
import { LineReader, trimmedEnd } from './line-reader.js';
import { textLines, type LineEnding } from './srt.js';
import { formatVttTime, scanTimingLine } from './time.js';
import { fontsAsVtt, vttColoursIn, vttStyleBlock } from './vtt-markup.js';

const HEADER = /^WEBVTT(?:[ \t].*)?$/;

/**
 * WebVTT: the `WEBVTT` header and its metadata, NOTE, STYLE and REGION blocks, cue identifiers and
 * cue settings are skipped; hours are optional; the text keeps its tags verbatim. As in the WebVTT
 * parsing algorithm a blank line ends a cue, and so does a line holding the next cue's timing.
 * Throws SubtitleParseError without the header or without a cue.
 */
export function parseVtt(input: string): Cue[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const lines = new LineReader(text);
  lines.next();
  if (!HEADER.test(text.slice(0, lines.end))) {
    throw new SubtitleParseError('not a WebVTT file (no WEBVTT header)');
  }
  // one pass with indexOf, as parseSrt reads: a line is a timing line only when it holds the next
  // `-->` (searched again once passed), and then is read in place
  const cues: Cue[] = [];
  let inCue = false;
  let body = '';
  // the cue's place (`line:0`, `align:start`): written as SRT's and ASS's {\anN}
  let place = '';
  let arrow = text.indexOf('-->');
  while (lines.next()) {
    const pos = lines.start;
    const end = trimmedEnd(text, pos, lines.end);
    if (arrow >= 0 && arrow < pos) arrow = text.indexOf('-->', pos);
    const timing = arrow >= 0 && arrow < end ? scanTimingLine(text, pos, arrow, end) : null;
    if (timing || end === pos) {
      if (inCue) cues[cues.length - 1]!.text = place + vttColoursIn(body);
      inCue = false;
      body = '';
      if (timing) {
        cues.push({ index: cues.length + 1, ...timing, text: '' });
        inCue = true;
        place = positionOf(text, arrow, end);
      }
    } else if (inCue) {
      // cue text; outside a cue an identifier, a NOTE/STYLE/REGION block or header metadata: skipped
      const line = text.slice(pos, end);
      body = body.length === 0 ? line : `${body}\n${line}`;
    }
  }
  if (inCue) cues[cues.length - 1]!.text = place + vttColoursIn(body);
  if (cues.length === 0) throw new SubtitleParseError();
  return cues;
}

/**
 * The cue's place as SRT's and ASS's `{\anN}` (1–3 bottom, 4–6 middle, 7–9 top; left, centre,
 * right), '' at the bottom centre: `line` counted from the top (0 or more) or under 35 % is the
 * top, 35–65 % the middle; `align:start`/`left` the left, `end`/`right` the right. Exact
 * percentages are not kept.
 */
function positionOf(text: string, from: number, end: number): string {
  // the timing line alone (a few dozen characters); most cues have no settings
  const settings = text.slice(from, end);
  if (!settings.includes('line:') && !settings.includes('align:')) return '';
  const line = /(?:^|\s)line:(-?\d+(?:\.\d+)?)(%)?/.exec(settings);
  const value = line ? Number(line[1]) : null;
  const row = value === null ? 0 : line![2] ? (value < 35 ? 2 : value <= 65 ? 1 : 0) : value >= 0 ? 2 : 0;
  const align = /(?:^|\s)align:(start|left|end|right)\b/.exec(settings)?.[1];
  const column = align === 'start' || align === 'left' ? 0 : align ? 2 : 1;
  const an = row * 3 + column + 1;
  return an === 2 ? '' : `{\\an${an}}`;
}

/**
 * `{\anN}` as WebVTT cue settings. The position goes with the alignment: a cue aligned `start`
 * without one would start at the middle of the picture.
 */
const POSITION_SETTINGS: Record<string, string> = {
  '1': ' position:0% align:start',
  '3': ' position:100% align:end',
  '4': ' line:50%,center position:0% align:start',
  '5': ' line:50%,center',
  '6': ' line:50%,center position:100% align:end',
  '7': ' line:0 position:0% align:start',
  '8': ' line:0',
  '9': ' line:0 position:100% align:end',
};

export interface VttOptions {
  /** line ending of the file, LF by default */
  eol?: LineEnding;
}

/**
 * Writes WebVTT: the header, then each cue's timing (`HH:MM:SS.mmm`) and text; no identifiers. A
 * text that opens with a position `{\anN}` has it as cue settings (the top as `line:0`), not text;
 * `<font color>` is a class given its colour in a STYLE block.
 */
export function serialiseVtt(cues: readonly Cue[], opts: VttOptions = {}): string {
  const eol = opts.eol ?? '\n';
  let out = '';
  const colours = new Map<string, string>();
  for (const c of cues) {
    const position = /^\{\\an([1-9])\}/.exec(c.text);
    const text = position ? c.text.slice(position[0].length) : c.text;
    const settings = position ? (POSITION_SETTINGS[position[1]!] ?? '') : '';
    const body = textLines(fontsAsVtt(text, colours))
      .filter((l) => l.trim().length > 0)
      .join(eol);
    out += `${eol}${formatVttTime(c.startMs)} --> ${formatVttTime(c.endMs)}${settings}${eol}${body}${eol}`;
  }
  // the classes' colours come before the first cue, as WebVTT requires of STYLE blocks
  return `WEBVTT${eol}${vttStyleBlock(colours, eol)}${out}`;
}
