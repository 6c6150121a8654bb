import { SubtitleParseError, type Cue } from './model.js';
import { formatSrtTime, scanEndTime, scanTimestamp } from './time.js';

/** A line of digits (an SRT index), surrounding spaces allowed. */
function isIndexLine(line: string): boolean {
  const t = line.trim();
  if (t.length === 0) return false;
  for (let i = 0; i < t.length; i += 1) {
    const c = t.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Whether `c` may be white space to String.prototype.trim: control codes, space, and non-ASCII. */
const maybeSpace = (c: number) => c <= 32 || c >= 0xa0;

/**
 * Whether the line `text[start, end)` is an SRT index. Most lines start with a letter and are
 * answered without a copy of the line.
 */
function isIndexAt(text: string, start: number, end: number): boolean {
  if (start === end) return false;
  let i = start;
  while (i < end) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) break;
    i += 1;
  }
  if (i === end) return true;
  // not only digits: an index between spaces, or not an index
  if (!maybeSpace(text.charCodeAt(i))) return false;
  return isIndexLine(text.slice(start, end));
}

/**
 * `body` with the line `text[start, end)` added on a line of its own: the line loses its trailing
 * spaces, and a blank line adds nothing (the text after it stays in the cue). A line that ends in
 * a printable ASCII character is taken as it is, without trimEnd.
 */
function addLine(body: string, text: string, start: number, end: number): string {
  if (start === end) return body;
  let line = text.slice(start, end);
  if (maybeSpace(text.charCodeAt(end - 1))) {
    line = line.trimEnd();
    if (line.length === 0) return body;
  }
  return body.length === 0 ? line : `${body}\n${line}`;
}

/**
 * Parses SRT the way real files are: a byte-order mark, any line ending (CRLF, LF, CR, mixed),
 * missing or wrong indices (cues are renumbered), `,` or `.` before the milliseconds (mixed in one
 * file too), 1–3 fraction digits (`,5` is 500 ms), hours above 99, extra blank lines, blank lines
 * inside a cue's text (the text after them stays in the cue), no final newline, position info after
 * the timing. Inline tags (`<i>`, `<font …>`, `{\an8}`) stay in the text verbatim. A cue is
 * everything from its timing line to the next one.
 *
 * Throws SubtitleParseError when the text holds no timing line.
 */
export function parseSrt(input: string): Cue[] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;

  // One pass over the text with indexOf, no copy and no array of lines. A line ends at "\r\n",
  // "\r" or "\n" (CRLF, LF, old-Mac CR, mixed). The lines between two timing lines become the
  // cue's text, except the one just before the next timing line when it is all digits (that cue's
  // index): so each text line waits in [pendingStart, pendingEnd) until the next line shows it was
  // not the last; the last cue of the file keeps its last line whatever it is.
  const cues: Cue[] = [];
  let inCue = false;
  let startMs = 0;
  let endMs = 0;
  let body = '';
  let pendingStart = 0;
  let pendingEnd = 0;
  const n = text.length;
  // the next "\n", "\r" and "-->" at or after pos (-1: none left), searched again once passed
  let lf = text.indexOf('\n');
  let cr = text.indexOf('\r');
  let arrow = text.indexOf('-->');
  let pos = 0;
  while (pos <= n) {
    if (lf >= 0 && lf < pos) lf = text.indexOf('\n', pos);
    if (cr >= 0 && cr < pos) cr = text.indexOf('\r', pos);
    if (arrow >= 0 && arrow < pos) arrow = text.indexOf('-->', pos);
    let end: number;
    let next: number;
    if (cr >= 0 && (lf < 0 || cr < lf)) {
      end = cr;
      next = cr + 1 === lf ? cr + 2 : cr + 1;
    } else if (lf >= 0) {
      end = lf;
      next = lf + 1;
    } else {
      end = n;
      next = n + 1;
    }
    let nextStart = -1;
    let nextEnd = -1;
    if (arrow >= 0 && arrow < end) {
      nextStart = scanTimestamp(text, pos, arrow);
      if (nextStart >= 0) nextEnd = scanEndTime(text, arrow, end);
    }
    if (nextEnd >= 0) {
      if (inCue) {
        if (!isIndexAt(text, pendingStart, pendingEnd)) body = addLine(body, text, pendingStart, pendingEnd);
        cues.push({ index: cues.length + 1, startMs, endMs, text: body });
      }
      inCue = true;
      startMs = nextStart;
      endMs = nextEnd;
      body = '';
      pendingStart = pendingEnd = end;
    } else if (inCue) {
      body = addLine(body, text, pendingStart, pendingEnd);
      pendingStart = pos;
      pendingEnd = end;
    }
    pos = next;
  }
  if (!inCue) throw new SubtitleParseError();
  body = addLine(body, text, pendingStart, pendingEnd);
  cues.push({ index: cues.length + 1, startMs, endMs, text: body });
  return cues;
}

export type LineEnding = '\r\n' | '\n';

/** cues per flat string while serialising */
const CHUNK = 2048;

export interface SrtOptions {
  /** line ending of the file, CRLF by default (every line, not only the first) */
  eol?: LineEnding;
}

/** Splits a cue's text into lines whatever line ending it carries. */
export function textLines(text: string): string[] {
  return text.split(/\r\n?|\n/);
}

/** A cue's text with its blank lines dropped and every line break written `eol`. */
function cueBody(text: string, eol: string): string {
  let lf = text.indexOf('\n');
  if (lf < 0 && !text.includes('\r')) return text;
  if (text.includes('\r')) {
    return textLines(text)
      .filter((l) => l.trim().length > 0)
      .join(eol);
  }
  // "\n" only (what parseSrt gives): the lines without a regular expression
  let body = '';
  let pos = 0;
  for (;;) {
    const end = lf < 0 ? text.length : lf;
    if (end > pos) {
      const line = text.slice(pos, end);
      if (
        !maybeSpace(text.charCodeAt(pos)) ||
        !maybeSpace(text.charCodeAt(end - 1)) ||
        line.trim().length > 0
      ) {
        body = body.length === 0 ? line : `${body}${eol}${line}`;
      }
    }
    if (lf < 0) return body;
    pos = lf + 1;
    lf = text.indexOf('\n', pos);
  }
}

/**
 * Writes SRT: sequential indices from 1, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, the text's lines, a
 * blank line between cues; every line break is `eol`. Blank lines inside a cue's text are dropped
 * (a player would end the cue there).
 */
export function serialiseSrt(cues: readonly Cue[], opts: SrtOptions = {}): string {
  const eol = opts.eol ?? '\r\n';
  // `out += cue` would build a rope of some ten small strings per cue that lives until the end,
  // and the young-generation GC copies all of it again and again (more than half the time on a
  // 50,000-cue file). Joining every CHUNK cues into one flat string keeps few objects alive, and
  // a chunk that large (some 200 kB) is allocated outside the young generation, so never copied.
  const chunks: string[] = [];
  let chunk: string[] = [];
  for (let i = 0; i < cues.length; i += 1) {
    const c = cues[i]!;
    const body = cueBody(c.text, eol);
    chunk.push(
      `${i > 0 ? eol : ''}${i + 1}${eol}${formatSrtTime(c.startMs)} --> ${formatSrtTime(c.endMs)}${eol}${body}${eol}`,
    );
    if (chunk.length === CHUNK) {
      chunks.push(chunk.join(''));
      chunk = [];
    }
  }
  chunks.push(chunk.join(''));
  return chunks.join('');
}
