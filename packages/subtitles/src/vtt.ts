import { SubtitleParseError, type Cue } from './model.js';
import { LineReader, trimmedEnd } from './line-reader.js';
import { textLines, type LineEnding } from './srt.js';
import { formatVttTime, scanTimingLine } from './time.js';

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
  // the cue is set at the top of the picture (`line:0`, `line:10%`): written as SRT's and ASS's {\an8}
  let top = '';
  let arrow = text.indexOf('-->');
  while (lines.next()) {
    const pos = lines.start;
    const end = trimmedEnd(text, pos, lines.end);
    if (arrow >= 0 && arrow < pos) arrow = text.indexOf('-->', pos);
    const timing = arrow >= 0 && arrow < end ? scanTimingLine(text, pos, arrow, end) : null;
    if (timing || end === pos) {
      if (inCue) cues[cues.length - 1]!.text = top + body;
      inCue = false;
      body = '';
      if (timing) {
        cues.push({ index: cues.length + 1, ...timing, text: '' });
        inCue = true;
        top = topOf(text, arrow, end);
      }
    } else if (inCue) {
      // cue text; outside a cue an identifier, a NOTE/STYLE/REGION block or header metadata: skipped
      const line = text.slice(pos, end);
      body = body.length === 0 ? line : `${body}\n${line}`;
    }
  }
  if (inCue) cues[cues.length - 1]!.text = top + body;
  if (cues.length === 0) throw new SubtitleParseError();
  return cues;
}

/**
 * `{\an8}` (or 7/9 with `align:start`/`end`) when the timing line's settings put the cue at the top:
 * a `line` counted from the top (0 or more) or under 50 %. Other settings are not kept.
 */
function topOf(text: string, from: number, end: number): string {
  const at = text.indexOf('line:', from);
  if (at < 0 || at >= end) return '';
  const settings = text.slice(from, end);
  const line = /(?:^|\s)line:(-?\d+(?:\.\d+)?)(%)?/.exec(settings);
  if (!line) return '';
  const value = Number(line[1]);
  if (line[2] ? value >= 50 : value < 0) return '';
  const align = /(?:^|\s)align:(start|left|end|right)\b/.exec(settings)?.[1];
  return align === 'start' || align === 'left' ? '{\\an7}' : align ? '{\\an9}' : '{\\an8}';
}

/** SRT's and ASS's position at the top (`{\an7}`–`{\an9}`) as WebVTT cue settings */
const TOP_SETTINGS: Record<string, string> = {
  '7': ' line:0 align:start',
  '8': ' line:0',
  '9': ' line:0 align:end',
};

export interface VttOptions {
  /** line ending of the file, LF by default */
  eol?: LineEnding;
}

/**
 * Writes WebVTT: the header, then each cue's timing (`HH:MM:SS.mmm`) and text; no identifiers. A
 * text that opens with a position `{\anN}` has it as cue settings (the top as `line:0`), not text.
 */
export function serialiseVtt(cues: readonly Cue[], opts: VttOptions = {}): string {
  const eol = opts.eol ?? '\n';
  let out = `WEBVTT${eol}`;
  for (const c of cues) {
    const position = /^\{\\an([1-9])\}/.exec(c.text);
    const text = position ? c.text.slice(position[0].length) : c.text;
    const settings = position ? (TOP_SETTINGS[position[1]!] ?? '') : '';
    const body = textLines(text)
      .filter((l) => l.trim().length > 0)
      .join(eol);
    out += `${eol}${formatVttTime(c.startMs)} --> ${formatVttTime(c.endMs)}${settings}${eol}${body}${eol}`;
  }
  return out;
}
