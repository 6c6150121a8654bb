import { SubtitleParseError, normaliseText, type Cue } from './model.js';
import { textLines, type LineEnding } from './srt.js';
import { formatVttTime, parseTimingLine } from './time.js';

const HEADER = /^WEBVTT(?:[ \t].*)?$/;

/**
 * WebVTT: the `WEBVTT` header and its metadata, NOTE, STYLE and REGION blocks, cue identifiers and
 * cue settings are skipped; hours are optional; the text keeps its tags verbatim. As in the WebVTT
 * parsing algorithm a blank line ends a cue, and so does a line holding the next cue's timing.
 * Throws SubtitleParseError without the header or without a cue.
 */
export function parseVtt(input: string): Cue[] {
  const lines = normaliseText(input).split('\n');
  if (!HEADER.test(lines[0] ?? '')) throw new SubtitleParseError('not a WebVTT file (no WEBVTT header)');
  const cues: Cue[] = [];
  let text: string[] | null = null;
  const close = () => {
    if (text && cues.length > 0) cues[cues.length - 1]!.text = text.join('\n');
    text = null;
  };
  for (let i = 1; i < lines.length; i += 1) {
    const line = lines[i]!.trimEnd();
    const timing = line.includes('-->') ? parseTimingLine(line) : null;
    if (timing) {
      close();
      cues.push({ index: cues.length + 1, ...timing, text: '' });
      text = [];
    } else if (line.trim() === '') {
      close();
    } else {
      // cue text, or else an identifier, a NOTE/STYLE/REGION block or header metadata: skipped
      text?.push(line);
    }
  }
  close();
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
