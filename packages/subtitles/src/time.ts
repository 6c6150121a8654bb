/*
 * Timestamps are read with a hand-written scanner over character codes rather than a regular
 * expression per line: SRT files of 50,000 cues are parsed at well over 100 MB/s this way.
 */

const ZERO = 48;
const COLON = 58;
const COMMA = 44;
const DOT = 46;

const isDigit = (c: number) => c >= ZERO && c <= ZERO + 9;
/** space, tab, and the other whitespace a subtitle line may carry (no line breaks: lines are split) */
const isSpace = (c: number) => c === 32 || c === 9 || c === 0xa0 || c === 0xfeff || c === 0x3000;

/**
 * The usual `HH:MM:SS,mmm` (or `.mmm`) at `i`, read at fixed places; -1 when the 12 characters
 * there are anything else, which scanTimestamp then reads the general way.
 */
function readClock(text: string, i: number): number {
  const sep = text.charCodeAt(i + 8);
  if (
    text.charCodeAt(i + 2) !== COLON ||
    text.charCodeAt(i + 5) !== COLON ||
    (sep !== COMMA && sep !== DOT)
  ) {
    return -1;
  }
  const h = twoDigits(text, i);
  const m = twoDigits(text, i + 3);
  const s = twoDigits(text, i + 6);
  const f = twoDigits(text, i + 9);
  const f3 = text.charCodeAt(i + 11) - ZERO;
  if (h < 0 || m < 0 || m > 59 || s < 0 || s > 59 || f < 0 || !(f3 >= 0 && f3 <= 9)) return -1;
  return ((h * 60 + m) * 60 + s) * 1000 + f * 10 + f3;
}

/** The number written by the two digits at `i`, or -1. */
function twoDigits(text: string, i: number): number {
  const a = text.charCodeAt(i) - ZERO;
  const b = text.charCodeAt(i + 1) - ZERO;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const pad3 = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);
/** `00`…`99` and `000`…`999`: a time is written from these rather than from new strings */
const PAD2 = Array.from({ length: 100 }, (_, n) => pad2(n));
const PAD3 = Array.from({ length: 1000 }, (_, n) => pad3(n));

function checked(ms: number): number {
  if (!Number.isFinite(ms)) throw new RangeError(`not a time: ${ms}`);
  return Math.max(0, Math.round(ms));
}

function clock(total: number, sep: string): string {
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor(total / 60_000) % 60;
  const s = Math.floor(total / 1000) % 60;
  return `${h < 100 ? PAD2[h]! : pad2(h)}:${PAD2[m]!}:${PAD2[s]!}${sep}${PAD3[total % 1000]!}`;
}

/** `HH:MM:SS,mmm` (hours grow past 99 when needed; negative times are written as 0). */
export function formatSrtTime(ms: number): string {
  return clock(checked(ms), ',');
}

/** `HH:MM:SS.mmm` */
export function formatVttTime(ms: number): string {
  return clock(checked(ms), '.');
}

/** `H:MM:SS.cc` (ASS counts centiseconds; the time is rounded to the nearest one) */
export function formatAssTime(ms: number): string {
  const total = Math.round(checked(ms) / 10) * 10;
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor(total / 60_000) % 60;
  const s = Math.floor(total / 1000) % 60;
  return `${h}:${pad2(m)}:${pad2(s)}.${pad2((total % 1000) / 10)}`;
}

/**
 * Reads the timestamp that fills `text[start, end)` exactly (surrounding spaces allowed):
 * `[H…:]MM:SS[(,|.|:)fff]`. The fraction is a fraction of a second: `,5` is 500 ms, `,05` is 50 ms
 * (the `subtitle` package reads `,5` as 5 ms); digits past the third are dropped. Minutes and
 * seconds have one or two digits and are below 60; hours have any number of digits. A colon before
 * the fraction (`00:00:01:500`, written by some tools) is accepted when there are four groups.
 * Answers -1 when the text is not a timestamp.
 */
export function scanTimestamp(text: string, start: number, end: number): number {
  while (start < end && isSpace(text.charCodeAt(start))) start += 1;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end -= 1;
  if (end - start === 12) {
    const ms = readClock(text, start);
    if (ms >= 0) return ms;
  }
  // the groups before the fraction, [H…:]MM:SS, in locals rather than an array (one call per time)
  let g0 = 0;
  let g1 = 0;
  let g2 = 0;
  let groups = 0;
  let i = start;
  for (;;) {
    const from = i;
    let value = 0;
    while (i < end) {
      const c = text.charCodeAt(i);
      if (!isDigit(c)) break;
      value = value * 10 + c - ZERO;
      i += 1;
    }
    // minutes and seconds take two digits at most; the hours any number
    if (i === from || (groups > 0 && i - from > 2) || !Number.isSafeInteger(value)) return -1;
    if (groups === 0) g0 = value;
    else if (groups === 1) g1 = value;
    else g2 = value;
    groups += 1;
    if (i < end && text.charCodeAt(i) === COLON && groups < 3) i += 1;
    else break;
  }
  let fraction = 0;
  const c = i < end ? text.charCodeAt(i) : -1;
  if (c === COMMA || c === DOT || (c === COLON && groups === 3)) {
    i += 1;
    let scale = 100;
    while (i < end && isDigit(text.charCodeAt(i))) {
      fraction += (text.charCodeAt(i) - ZERO) * scale;
      scale /= 10;
      i += 1;
    }
    fraction = Math.floor(fraction);
  }
  if (i !== end || groups < 2) return -1;
  const h = groups === 3 ? g0 : 0;
  const m = groups === 3 ? g1 : g0;
  const s = groups === 3 ? g2 : g1;
  if (m > 59 || s > 59) return -1;
  const ms = ((h * 60 + m) * 60 + s) * 1000 + fraction;
  return Number.isSafeInteger(ms) ? ms : -1;
}

/** The milliseconds of a timestamp such as `01:02:03,5` or `02:03.250`; null when it is not one. */
export function parseTimestamp(text: string): number | null {
  const ms = scanTimestamp(text, 0, text.length);
  return ms < 0 ? null : ms;
}

export interface Timing {
  startMs: number;
  endMs: number;
}

/**
 * The end time of a timing line whose `-->` is at `arrow` and which ends at `end`: the first word
 * after the arrow (what follows it, SRT position info `X1:… Y1:…` or WebVTT cue settings, is
 * ignored). -1 when that word is not a timestamp.
 */
export function scanEndTime(text: string, arrow: number, end: number): number {
  let from = arrow + 3;
  while (from < end && isSpace(text.charCodeAt(from))) from += 1;
  if (from + 12 === end || (from + 12 < end && isSpace(text.charCodeAt(from + 12)))) {
    const ms = readClock(text, from);
    if (ms >= 0) return ms;
  }
  let to = from;
  while (to < end && !isSpace(text.charCodeAt(to))) to += 1;
  return scanTimestamp(text, from, to);
}

/**
 * The timing of the line `text[start, end)` whose `-->` is at `arrow`: `start --> end [anything]`
 * (SRT position info `X1:… Y1:…` and WebVTT cue settings after the end time are ignored). Null
 * when the line is not a timing line.
 */
export function scanTimingLine(text: string, start: number, arrow: number, end: number): Timing | null {
  const startMs = scanTimestamp(text, start, arrow);
  if (startMs < 0) return null;
  const endMs = scanEndTime(text, arrow, end);
  return endMs < 0 ? null : { startMs, endMs };
}

/** A cue timing line `start --> end [settings]`; null when the line is not one. */
export function parseTimingLine(line: string): Timing | null {
  const arrow = line.indexOf('-->');
  return arrow < 0 ? null : scanTimingLine(line, 0, arrow, line.length);
}
