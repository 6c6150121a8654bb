/**
 * The maths of a line's structure edits in the editor (issue 35): a line split at the cursor, lines
 * merged, a new line's place in time. Pure functions on the editor's line shape; the web loads this
 * module when a line is first split or merged (its layout brings BudouX's models), not with the page.
 */
import { layoutText } from './line-break.js';
import { familyOf, phraseStarts } from './line-break/breaks.js';
import { normsFor } from './norms.js';

export interface StructureLine {
  id: number;
  startMs: number;
  endMs: number;
  originalText: string;
  translatedText: string;
}
export type NewLine = Omit<StructureLine, 'id'>;

/** the shortest line a split or an insert makes */
export const MIN_LINE_MS = 200;
/** a new line's length where the gap allows it */
export const NEW_LINE_MS = 2000;
/** between a new line and its neighbours: 2 frames at 24 fps, as subtitle norms keep */
export const MIN_GAP_MS = 84;

/** a speaker's line of a dialogue ("- Hi." / "-Hi.") */
const SPEAKER_LINE = /^\s*[-–—]/;

/** The two speakers of a two-line dialogue, or null. */
function speakers(text: string): [string, string] | null {
  const lines = text.split(/\r?\n/).filter((l) => l.trim());
  return lines.length === 2 && lines.every((l) => SPEAKER_LINE.test(l)) ? [lines[0]!, lines[1]!] : null;
}

/**
 * Where a text may be cut (UTF-16 offsets): at its spaces, and in Chinese or Japanese between
 * phrases (BudouX's, as lines are broken: a word such as 牛仔裤 or 富士 stays whole).
 */
function cutPoints(text: string, lang: string): number[] {
  const out = new Set<number>();
  for (const m of text.matchAll(/\s+/g))
    if (m.index > 0 && m.index + m[0].length < text.length) out.add(m.index);
  if (familyOf(lang) === 'cjk') {
    const starts = phraseStarts(text, lang);
    let offset = 0;
    [...text].forEach((ch, i) => {
      if (starts.has(i)) out.add(offset);
      offset += ch.length;
    });
  }
  return [...out].sort((a, b) => a - b);
}

const halves = (text: string, at: number): [string, string] => [
  text.slice(0, at).trimEnd(),
  text.slice(at).trimStart(),
];

/** The cut of `text` nearest to `share` of its length, at a word boundary (none: all in the first half). */
function cutByShare(text: string, share: number, lang: string): [string, string] {
  const points = cutPoints(text, lang);
  if (!points.length) return [text.trim(), ''];
  const want = share * text.length;
  const best = points.reduce((a, b) => (Math.abs(b - want) < Math.abs(a - want) ? b : a));
  return halves(text, best);
}

/**
 * A line split in two: the text the cursor is in at the cursor, the other text at the same share
 * of its length moved to the nearest word boundary (a two-speaker line between its speakers, in
 * both texts, wherever the cursor is); times divided by the texts' shares, or at `atMs` (the
 * playhead) when it falls inside the line. Null when the cut leaves a half without text or the
 * line is too short to hold two.
 */
export function splitLine(
  line: StructureLine,
  at: { originalOffset: number } | { translatedOffset: number },
  opts: { source: string; target: string; atMs?: number | undefined },
): [StructureLine, NewLine] | null {
  const byOriginal = 'originalOffset' in at;
  const text = byOriginal ? line.originalText : line.translatedText;
  const other = byOriginal ? line.translatedText : line.originalText;
  const otherLang = byOriginal ? opts.target : opts.source;
  const dialogue = speakers(text);
  let first: string;
  let second: string;
  if (dialogue) [first, second] = dialogue.map((l) => l.trim()) as [string, string];
  else [first, second] = halves(text, byOriginal ? at.originalOffset : at.translatedOffset);
  if (!first || !second || line.endMs - line.startMs < 2 * MIN_LINE_MS) return null;
  const share = first.length / (first.length + second.length);
  const otherDialogue = speakers(other);
  const [otherFirst, otherSecond] = otherDialogue
    ? (otherDialogue.map((l) => l.trim()) as [string, string])
    : cutByShare(other, share, otherLang);
  const length = line.endMs - line.startMs;
  const inside = opts.atMs !== undefined && opts.atMs > line.startMs && opts.atMs < line.endMs;
  const cut = Math.min(
    line.endMs - MIN_LINE_MS,
    Math.max(line.startMs + MIN_LINE_MS, inside ? opts.atMs! : Math.round(line.startMs + share * length)),
  );
  const [original, translated] = byOriginal
    ? [
        [first, second],
        [otherFirst, otherSecond],
      ]
    : [
        [otherFirst, otherSecond],
        [first, second],
      ];
  return [
    { ...line, endMs: cut, originalText: original[0]!, translatedText: translated[0]! },
    { startMs: cut, endMs: line.endMs, originalText: original[1]!, translatedText: translated[1]! },
  ];
}

/** Texts joined and laid out again for their language's norms (speakers kept one per line). */
function joinTexts(texts: string[], lang: string): string {
  const kept = texts.map((t) => t.trim()).filter(Boolean);
  if (kept.length < 2) return kept[0] ?? '';
  return layoutText(kept.join('\n'), lang, normsFor(lang));
}

/** Lines merged into the first: texts joined and laid out again, from the first start to the last end. */
export function mergeLines(
  lines: readonly StructureLine[],
  opts: { source: string; target: string },
): StructureLine {
  const first = lines[0]!;
  return {
    id: first.id,
    startMs: Math.min(...lines.map((l) => l.startMs)),
    endMs: Math.max(...lines.map((l) => l.endMs)),
    originalText: joinTexts(
      lines.map((l) => l.originalText),
      opts.source,
    ),
    translatedText: joinTexts(
      lines.map((l) => l.translatedText),
      opts.target,
    ),
  };
}

/**
 * The times of a new line between two (either may be missing): in the gap, `NEW_LINE_MS` long at
 * most, `MIN_GAP_MS` from each neighbour, never overlapping one. Null when the gap has no room for
 * `MIN_LINE_MS`.
 */
export function insertLine(
  before: Pick<StructureLine, 'endMs'> | null,
  after: Pick<StructureLine, 'startMs'> | null,
): { startMs: number; endMs: number } | null {
  const start = before ? before.endMs + MIN_GAP_MS : 0;
  const limit = after
    ? after.startMs - (before ? MIN_GAP_MS : Math.min(MIN_GAP_MS, after.startMs))
    : Infinity;
  const end = Math.min(start + NEW_LINE_MS, limit);
  return end - start >= MIN_LINE_MS ? { startMs: start, endMs: end } : null;
}
