import { lineWidth } from '../width.js';
import { firstChar, isWide, lastChar, PIECE, spaceBetween } from './chars.js';
import { finite, type TimedSegment } from './rules.js';

/** The transcript's words as one stream of timed tokens. */

export interface Token {
  /** the word, whitespace collapsed, no edge space */
  text: string;
  /** a space separates it from the previous token */
  space: boolean;
  startMs: number;
  endMs: number;
  /** the last token of its segment */
  segmentEnd: boolean;
}
const collapse = (s: string) => s.replace(/\s+/g, ' ');

/** The text's pieces (see PIECE), with whether a space precedes each. */
function piecesOf(text: string, firstSpace: boolean): { text: string; space: boolean }[] {
  const out: { text: string; space: boolean }[] = [];
  collapse(text)
    .trim()
    .split(' ')
    .forEach((word, k) => {
      if (!word) return;
      const parts = word.match(PIECE) ?? [word];
      parts.forEach((p, m) => out.push({ text: p, space: m === 0 ? (k === 0 ? firstSpace : true) : false }));
    });
  return out;
}

/** Tokens spread over [startMs, endMs] proportionally to their number of characters. */
function spread(text: string, startMs: number, endMs: number, firstSpace: boolean): Token[] {
  const pieces = piecesOf(text, firstSpace);
  const lengths = pieces.map((p) => [...p.text].length);
  const total = lengths.reduce((a, b) => a + b, 0) || 1;
  const span = endMs - startMs;
  let done = 0;
  return pieces.map((p, k) => {
    const s = startMs + Math.round((span * done) / total);
    done += lengths[k]!;
    const e = startMs + Math.round((span * done) / total);
    return { text: p.text, space: p.space, startMs: s, endMs: e, segmentEnd: false };
  });
}

/**
 * The transcript as one stream of tokens: times rounded and clamped so starts never go back and
 * no word ends before it starts; a word too wide for a line is split like text without words.
 */
export function tokenize(segments: readonly TimedSegment[], maxLineWidth: number): Token[] {
  const out: Token[] = [];
  let clock = 0;
  const clampStart = (ms: unknown) => (clock = Math.max(clock, finite(ms) ? Math.round(ms) : clock));
  const clampEnd = (ms: unknown, start: number) => Math.max(start, finite(ms) ? Math.round(ms) : start);
  /**
   * the space before a segment's first token, or between two words given without any: one is
   * added between two segments of a spaced language, and dropped between two wide characters
   * (Whisper starts a segment with " 你好" as well as with " Hello")
   */
  const edgeSpace = (explicit: boolean, text: string) => {
    const prev = out[out.length - 1];
    if (!prev) return false;
    if (isWide(lastChar(prev.text)) && isWide(firstChar(text))) return false;
    return explicit || spaceBetween(prev.text, text);
  };

  let pendingSpace = false;
  for (const seg of segments) {
    const first = out.length;
    const words = (seg.words ?? []).filter((w) => w && typeof w.text === 'string');
    const spoken = words.filter((w) => w.text.trim());
    if (spoken.length) {
      // words given without any whitespace while the segment's text has spaces: "bare" words
      const bare =
        spoken.length > 1 &&
        spoken.every((w) => !/\s/.test(w.text)) &&
        typeof seg.text === 'string' &&
        /\S\s+\S/.test(seg.text);
      for (const w of words) {
        const text = collapse(w.text).trim();
        if (!text) {
          if (/\s/.test(w.text)) pendingSpace = true;
          continue;
        }
        const explicit = pendingSpace || /^\s/.test(w.text);
        pendingSpace = /\s$/.test(w.text);
        const segmentFirst = out.length === first;
        const space = segmentFirst || bare ? edgeSpace(explicit, text) : explicit;
        const s = clampStart(w.startMs);
        const e = clampEnd(w.endMs, s);
        if (lineWidth(text) > maxLineWidth) out.push(...spread(text, s, e, space));
        else out.push({ text, space, startMs: s, endMs: e, segmentEnd: false });
      }
    } else if (typeof seg.text === 'string' && seg.text.trim()) {
      const s = clampStart(seg.startMs);
      const e = clampEnd(seg.endMs, s);
      const text = collapse(seg.text).trim();
      out.push(...spread(text, s, e, edgeSpace(pendingSpace || /^\s/.test(seg.text), text)));
      pendingSpace = /\s$/.test(seg.text);
    }
    if (out.length > first) out[out.length - 1]!.segmentEnd = true;
  }

  return out;
}
