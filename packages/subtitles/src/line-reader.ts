/*
 * The line scanner the line-based parsers share (SBV, WebVTT, MicroDVD, ASS): lines found with
 * indexOf as parseSrt finds them, for speed on 5 MB files (npm run bench, formats).
 */

/** whether `c` may be white space to String.prototype.trimEnd: control codes, space, non-ASCII */
const maybeSpace = (c: number) => c <= 32 || c >= 0xa0;

/** The end of `text[start, end)` without its trailing white space (as trimEnd has it). */
export function trimmedEnd(text: string, start: number, end: number): number {
  if (end === start || !maybeSpace(text.charCodeAt(end - 1))) return end;
  return start + text.slice(start, end).trimEnd().length;
}

/**
 * The lines of a text one after another, `[start, end)` without the line ending (CRLF, LF, CR,
 * mixed), found with indexOf as parseSrt finds them: no copy of a line, no array of all lines.
 */
export class LineReader {
  start = 0;
  end = 0;
  private pos = 0;
  private lf: number;
  private cr: number;
  constructor(private readonly text: string) {
    this.lf = text.indexOf('\n');
    this.cr = text.indexOf('\r');
  }

  next(): boolean {
    const { text, pos } = this;
    const n = text.length;
    if (pos > n) return false;
    if (this.lf >= 0 && this.lf < pos) this.lf = text.indexOf('\n', pos);
    if (this.cr >= 0 && this.cr < pos) this.cr = text.indexOf('\r', pos);
    const { lf, cr } = this;
    this.start = pos;
    if (cr >= 0 && (lf < 0 || cr < lf)) {
      this.end = cr;
      this.pos = cr + 1 === lf ? cr + 2 : cr + 1;
    } else if (lf >= 0) {
      this.end = lf;
      this.pos = lf + 1;
    } else {
      this.end = n;
      this.pos = n + 1;
    }
    return true;
  }
}
