import { SubtitleParseError, type Cue } from './model.js';
import { parseTimestamp } from './time.js';

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
  const lines = input.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const cues: Cue[] = [];
  let text: string[] | null = null;
  const close = () => {
    if (text && cues.length > 0) cues[cues.length - 1]!.text = text.join('\n');
    text = null;
  };
  for (const raw of lines) {
    const line = raw.trimEnd();
    const timing = parseSbvTiming(line);
    if (timing) {
      close();
      cues.push({ index: cues.length + 1, ...timing, text: '' });
      text = [];
    } else if (line.trim() === '' || BROKEN_TIMING.test(line)) {
      // a broken timing line ends the cue before it; its own text is skipped with it
      close();
    } else {
      text?.push(
        ...line
          .split(BR)
          .map((l) => l.trimEnd())
          .filter((l) => l.trim().length > 0),
      );
    }
  }
  close();
  if (cues.length === 0) throw new SubtitleParseError();
  return cues;
}
