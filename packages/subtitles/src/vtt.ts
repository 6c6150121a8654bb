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
  let arrow = text.indexOf('-->');
  while (lines.next()) {
    const pos = lines.start;
    const end = trimmedEnd(text, pos, lines.end);
    if (arrow >= 0 && arrow < pos) arrow = text.indexOf('-->', pos);
    const timing = arrow >= 0 && arrow < end ? scanTimingLine(text, pos, arrow, end) : null;
    if (timing || end === pos) {
      if (inCue) cues[cues.length - 1]!.text = body;
      inCue = false;
      body = '';
      if (timing) {
        cues.push({ index: cues.length + 1, ...timing, text: '' });
        inCue = true;
      }
    } else if (inCue) {
      // cue text; outside a cue an identifier, a NOTE/STYLE/REGION block or header metadata: skipped
      const line = text.slice(pos, end);
      body = body.length === 0 ? line : `${body}\n${line}`;
    }
  }
  if (inCue) cues[cues.length - 1]!.text = body;
  if (cues.length === 0) throw new SubtitleParseError();
  return cues;
}

export interface VttOptions {
  /** line ending of the file, LF by default */
  eol?: LineEnding;
}

/** Writes WebVTT: the header, then each cue's timing (`HH:MM:SS.mmm`) and text; no identifiers. */
export function serialiseVtt(cues: readonly Cue[], opts: VttOptions = {}): string {
  const eol = opts.eol ?? '\n';
  let out = `WEBVTT${eol}`;
  for (const c of cues) {
    const body = textLines(c.text)
      .filter((l) => l.trim().length > 0)
      .join(eol);
    out += `${eol}${formatVttTime(c.startMs)} --> ${formatVttTime(c.endMs)}${eol}${body}${eol}`;
  }
  return out;
}
