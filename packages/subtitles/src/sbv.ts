import { SubtitleParseError, type Cue } from './model.js';
import { LineReader, trimmedEnd } from './line-reader.js';
import { parseTimestamp, scanTimestamp } from './time.js';

/**
 * YouTube's SubViewer (`.sbv`): a timing line `H:MM:SS.mmm,H:MM:SS.mmm`, the cue's text lines, a
 * blank line. Hours have any number of digits, minutes and seconds two (so a time cut short,
 * `0:00:0`, is no time); the fraction has 1–3 digits (`.5` is 500 ms, as in SRT; digits past the
 * third are dropped), `,` before it is accepted too.
 */
const TIME = '(\\d+:\\d{2}:\\d{2}(?:[.,]\\d+)?)';
const TIMING = new RegExp(`^[ \\t]*${TIME}[ \\t]*,[ \\t]*${TIME}[ \\t]*$`);

/**
 * A timing line gone wrong: a start time and a comma, then nothing or only digits and separators
 * (`0:00:04.000,`, `0:00:04.000,0:00:0`, `0:00:04.000,0:61:00.000`). A text line has words.
 */
const BROKEN_TIMING = /^[ \t]*\d+:\d{1,2}:\d{1,2}(?:[.,]\d*)?[ \t]*,[ \t]*[\d:.,]*[ \t]*$/;

/** SubViewer 2's line break, which some SBV writers kept */
const BR = /\[br\]/gi;

/** The times of an SBV timing line; null when it is not one (or a time in it is malformed). */
export function parseSbvTiming(line: string): { startMs: number; endMs: number } | null {
  const m = TIMING.exec(line);
  if (!m) return null;
  const startMs = parseTimestamp(m[1]!);
  const endMs = parseTimestamp(m[2]!);
  return startMs === null || endMs === null ? null : { startMs, endMs };
}

const isDigit = (c: number) => c >= 48 && c <= 57;
const isBlank = (c: number) => c === 32 || c === 9;
/** past `H+:MM:SS` and a `.` fraction at `i`; -1 when that is not what is there */
function pastTime(text: string, i: number, end: number): number {
  const from = i;
  while (i < end && isDigit(text.charCodeAt(i))) i += 1;
  if (i === from || i + 6 > end || text.charCodeAt(i) !== 58 || text.charCodeAt(i + 3) !== 58) return -1;
  const mm = isDigit(text.charCodeAt(i + 1)) && isDigit(text.charCodeAt(i + 2));
  if (!mm || !isDigit(text.charCodeAt(i + 4)) || !isDigit(text.charCodeAt(i + 5))) return -1;
  i += 6;
  if (i + 1 < end && text.charCodeAt(i) === 46 && isDigit(text.charCodeAt(i + 1))) {
    i += 2;
    while (i < end && isDigit(text.charCodeAt(i))) i += 1;
  }
  return i;
}

/**
 * The usual timing line `text[start, end)` (`H:MM:SS.mmm,H:MM:SS.mmm`, spaces around the comma)
 * read in place; null for anything else, which parseSbvTiming then reads. The line has no
 * trailing white space; a `,` before a fraction is left to the regular expression (`0:00:01,5,…`
 * has more than one reading).
 */
function scanSbvTiming(text: string, start: number, end: number): { startMs: number; endMs: number } | null {
  let i = start;
  while (i < end && isBlank(text.charCodeAt(i))) i += 1;
  const startEnd = pastTime(text, i, end);
  if (startEnd < 0) return null;
  let j = startEnd;
  while (j < end && isBlank(text.charCodeAt(j))) j += 1;
  if (text.charCodeAt(j) !== 44) return null;
  j += 1;
  while (j < end && isBlank(text.charCodeAt(j))) j += 1;
  const endEnd = pastTime(text, j, end);
  if (endEnd !== end) return null;
  const startMs = scanTimestamp(text, i, startEnd);
  const endMs = scanTimestamp(text, j, endEnd);
  return startMs < 0 || endMs < 0 ? null : { startMs, endMs };
}

/**
 * Parses SBV as real files are: a byte-order mark, any line ending (CRLF, LF, CR, mixed), extra
 * blank lines, trailing spaces, no final newline. A cue is its timing line and the text lines up to
 * the next blank line (or the next timing line, when the blank line is missing); text with no
 * timing line before it (a title, stray notes) is skipped, and so is a cue whose timing line is
 * broken (its text is not added to the cue before). Inline tags are kept verbatim; `[br]` is a line
 * break. A cue without text is kept, as parseSrt keeps one.
 *
 * Throws SubtitleParseError when the text holds no timing line.
 */
export function parseSbv(input: string): Cue[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  // One pass with indexOf, as parseSrt reads (no array of lines): only a line that starts with a
  // digit may be a timing line, and only such a line is looked at more closely.
  const cues: Cue[] = [];
  // the cue the text lines go to (none before the first timing line, after a blank line or a
  // broken timing line); its text is set when it ends
  let inCue = false;
  let body = '';
  const lines = new LineReader(text);
  while (lines.next()) {
    const pos = lines.start;
    const end = trimmedEnd(text, pos, lines.end);
    let first = pos;
    while (first < end && isBlank(text.charCodeAt(first))) first += 1;
    const digit = first < end && isDigit(text.charCodeAt(first));
    const timing = digit ? (scanSbvTiming(text, pos, end) ?? parseSbvTiming(text.slice(pos, end))) : null;
    // a broken timing line ends the cue before it; its own text is skipped with it
    if (timing || end === pos || (digit && BROKEN_TIMING.test(text.slice(pos, end)))) {
      if (inCue) cues[cues.length - 1]!.text = body;
      inCue = false;
      body = '';
      if (timing) {
        cues.push({ index: cues.length + 1, ...timing, text: '' });
        inCue = true;
      }
    } else if (inCue) {
      body = withLine(body, text.slice(pos, end));
    }
  }
  if (inCue) cues[cues.length - 1]!.text = body;
  if (cues.length === 0) throw new SubtitleParseError();
  return cues;
}

/** `body` with a text line added: its `[br]`s as line breaks, empty parts dropped */
function withLine(body: string, line: string): string {
  if (!line.includes('[')) return body.length === 0 ? line : `${body}\n${line}`;
  let out = body;
  for (const part of line.split(BR)) {
    const l = part.trimEnd();
    if (l.trim().length > 0) out = out.length === 0 ? l : `${out}\n${l}`;
  }
  return out;
}
