import { layoutText } from '../line-break.js';
import { parseMarked, renderLines, type Marked } from '../line-break/markup.js';
import { normsFor, type Norms } from '../norms.js';
import {
  cutAt,
  nonSpacePrefix,
  resolveLanguage,
  speakerCuts,
  trimmedRange,
  visibleIndexAt,
  wordCuts,
  type Cut,
} from './cut-points.js';
import type { NewLine, StructureLine } from './line.js';

/** Where the cursor is: a UTF-16 offset (a textarea's selectionStart) into one of the two texts. */
export type SplitAt = { originalOffset: number } | { translatedOffset: number };

export interface SplitOptions {
  /** the task's source language ('auto' is read from the text's script) */
  source: string;
  target: string;
  /** the playhead: the second line starts here (kept inside the line) */
  atMs?: number;
  /** left free between the two halves, taken from the first (default 0: they touch) */
  gapMs?: number;
  /** the user's norms for each language's layout (default normsFor(language)) */
  sourceNorms?: Norms;
  targetNorms?: Norms;
}

/** The first half keeps the line's id; the second is new and gets its id from the caller. */
export type SplitResult = [first: StructureLine, second: NewLine];

/**
 * A place in the other text is found by share: "nearest" counts a sentence's end as 3 characters
 * nearer and a break after an article as 3 farther (breaks.ts's penalties, halved).
 */
const PENALTY_CHARS = 0.5;

interface Prepared {
  text: string;
  lang: string;
  norms: Norms;
  marked: Marked;
  range: { start: number; end: number };
  prefix: number[];
}

function prepare(text: string, lang: string, norms: Norms | undefined): Prepared {
  const resolved = resolveLanguage(lang, text);
  const marked = parseMarked(text);
  return {
    text,
    lang: resolved,
    norms: norms ?? normsFor(resolved),
    marked,
    range: trimmedRange(marked.chars),
    prefix: nonSpacePrefix(marked.chars),
  };
}

/** Whether a cut leaves text on both sides. */
const inside = (p: Prepared, cut: Cut) => cut.a > p.range.start && cut.b < p.range.end;

/** The share of the text's characters (spaces not counted) before a cut. */
const shareOf = (p: Prepared, cut: Cut) => p.prefix[cut.a]! / p.prefix[p.prefix.length - 1]!;

/** The cut nearest to a share of the text, or null when there is none inside it. */
function nearestCut(p: Prepared, cuts: readonly Cut[], share: number): Cut | null {
  const total = p.prefix[p.prefix.length - 1]!;
  const target = share * total;
  let best: Cut | null = null;
  let bestScore = Infinity;
  for (const cut of cuts) {
    if (!inside(p, cut)) continue;
    const score = Math.abs(p.prefix[cut.a]! - target) + PENALTY_CHARS * cut.penalty;
    if (score < bestScore) {
      best = cut;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The other text's cut: between speakers when it is a dialogue (the same speaker as the cut text's,
 * when both have as many), else at the nearest word or phrase boundary to the share.
 */
function matchingCut(
  p: Prepared,
  share: number,
  speaker: { index: number; of: number } | null,
): { cut: Cut | null; between: boolean } {
  const speakers = speakerCuts(p.marked.chars).filter((c) => inside(p, c));
  if (speakers.length > 0) {
    const same = speaker && speakers.length === speaker.of ? speakers[speaker.index]! : null;
    return { cut: same ?? nearestCut(p, speakers, share), between: true };
  }
  return { cut: nearestCut(p, wordCuts(p.marked.chars, p.lang), share), between: false };
}

const START_DASH = /^((?:<[^>]*>|\{\\[^}]*\})*)\s*[-–—]\s*/;

/** The two halves of a text at a cut, each laid out for its language; a lone speaker loses the dash. */
function halves(p: Prepared, cut: Cut | null, share: number, between: boolean): [string, string] {
  if (p.range.start === p.range.end) return ['', ''];
  if (!cut) {
    // nowhere to cut (one word): the whole text goes with the larger share
    const all = layoutText(p.text, p.lang, p.norms);
    return share >= 0.5 ? [all, ''] : ['', all];
  }
  const ranges = [
    { start: p.range.start, end: cut.a },
    { start: cut.b, end: p.range.end },
  ];
  return renderLines(p.marked, ranges).map((half) => {
    // one speaker left of two: the dash marks a change of speaker within a subtitle, so it goes
    const alone = between && speakerCuts(parseMarked(half).chars).length === 0;
    return layoutText(alone ? half.replace(START_DASH, '$1') : half, p.lang, p.norms);
  }) as [string, string];
}

/**
 * Splits a line at the cursor. The text with the cursor is cut there (spaces at the cut dropped);
 * the other text at the same share of its characters, moved to the nearest word boundary (spaced
 * languages) or phrase boundary (Chinese, Japanese), never inside a word; a text with no boundary
 * goes whole to the half holding the larger share. A dialogue ("- a\n- b") is cut between speakers
 * in both texts, whatever the cursor: at the speaker boundary nearest the cursor, and each half left
 * with one speaker loses its dash. Each half is laid out again for its language's norms.
 *
 * Times: divided at the cut text's share of characters, or at `atMs` (the playhead); the second
 * line starts there, the first ends `gapMs` before, both at least 1 ms long.
 *
 * Refused (null) when the cut would leave a half of the cut text empty (the cursor at its start or
 * end, or among spaces there), or when the line is too short to hold two lines (under 2 ms + gap).
 */
export function splitLine(line: StructureLine, at: SplitAt, opts: SplitOptions): SplitResult | null {
  const inOriginal = 'originalOffset' in at;
  const original = prepare(line.originalText, opts.source, opts.sourceNorms);
  const translated = prepare(line.translatedText, opts.target, opts.targetNorms);
  const [cursorText, otherText] = inOriginal ? [original, translated] : [translated, original];
  const offset = inOriginal ? at.originalOffset : at.translatedOffset;

  const speakers = speakerCuts(cursorText.marked.chars).filter((c) => inside(cursorText, c));
  let cut: Cut;
  let speaker: { index: number; of: number } | null = null;
  if (speakers.length > 0) {
    const cursor = visibleIndexAt(cursorText.text, offset);
    let index = 0;
    speakers.forEach((c, k) => {
      if (Math.abs(c.a - cursor) < Math.abs(speakers[index]!.a - cursor)) index = k;
    });
    cut = speakers[index]!;
    speaker = { index, of: speakers.length };
  } else {
    cut = cutAt(cursorText.marked.chars, visibleIndexAt(cursorText.text, offset));
    if (!inside(cursorText, cut)) return null;
  }
  const share = shareOf(cursorText, cut);

  const duration = line.endMs - line.startMs;
  if (duration < 2) return null;
  const gap = Math.max(0, Math.min(Math.round(opts.gapMs ?? 0), duration - 2));
  const wanted = opts.atMs ?? line.startMs + share * duration;
  const middle = Math.min(Math.max(Math.round(wanted), line.startMs + 1 + gap), line.endMs - 1);

  const other = matchingCut(otherText, share, speaker);
  const cursorHalves = halves(cursorText, cut, share, speaker !== null);
  const otherHalves = halves(otherText, other.cut, share, other.between);
  const [originalHalves, translatedHalves] = inOriginal
    ? [cursorHalves, otherHalves]
    : [otherHalves, cursorHalves];
  return [
    {
      id: line.id,
      startMs: line.startMs,
      endMs: middle - gap,
      originalText: originalHalves[0],
      translatedText: translatedHalves[0],
    },
    {
      startMs: middle,
      endMs: line.endMs,
      originalText: originalHalves[1],
      translatedText: translatedHalves[1],
    },
  ];
}
