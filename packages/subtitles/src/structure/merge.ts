import { layoutText, SPEAKER } from '../line-break.js';
import { familyOf } from '../line-break/breaks.js';
import { joinLines } from '../line-break/markup.js';
import { normsFor, type Norms } from '../norms.js';
import { WIDE } from '../width.js';
import { resolveLanguage } from './cut-points.js';
import type { StructureLine } from './line.js';

export interface MergeOptions {
  /** the task's source language ('auto' is read from the text's script) */
  source: string;
  target: string;
  /** the user's norms for each language's layout (default normsFor(language)) */
  sourceNorms?: Norms;
  targetNorms?: Norms;
}

/** Whether two pieces of text are joined with a space: not between two CJK characters. */
const spacedJoin = (lang: string) => (before: string, after: string) =>
  familyOf(lang) === 'spaced' || (!WIDE.test(before) && !WIDE.test(after));

/** A text's lines when it is a dialogue (two or more open with a dash), else the text as one piece. */
function piecesOf(text: string): string[] {
  const lines = text.split(/\r?\n/);
  return lines.filter((l) => SPEAKER.test(l)).length >= 2 ? lines : [text];
}

/**
 * The texts of several lines as one: joined with a space in space-separated languages, without one
 * between CJK characters; a piece that opens with a speaker's dash starts a line of its own, the
 * others run on from the piece before; then laid out for the language's norms (a dialogue keeps one
 * speaker a line, as layoutText keeps them).
 */
export function mergeTexts(texts: readonly string[], lang: string, norms?: Norms): string {
  const pieces = texts.flatMap(piecesOf).filter((t) => t.trim() !== '');
  const resolved = resolveLanguage(lang, pieces.join(''));
  const join = (parts: readonly string[]) => joinLines(parts.join('\n'), spacedJoin(resolved));
  const turns: string[][] = [];
  for (const piece of pieces) {
    const last = turns[turns.length - 1];
    if (last && !SPEAKER.test(piece)) last.push(piece);
    else turns.push([piece]);
  }
  const speakers = turns.filter((t) => SPEAKER.test(t[0]!)).length;
  const text = speakers >= 2 ? turns.map(join).join('\n') : join(pieces);
  return layoutText(text, resolved, norms ?? normsFor(resolved));
}

/**
 * Merges consecutive lines into one: the first line's id, times from the earliest start to the
 * latest end (the first's start and the last's end for lines in order), each text merged by
 * mergeTexts in its language. Null for no lines.
 */
export function mergeLines(lines: readonly StructureLine[], opts: MergeOptions): StructureLine | null {
  const first = lines[0];
  if (!first) return null;
  let startMs = first.startMs;
  let endMs = first.endMs;
  for (const line of lines) {
    startMs = Math.min(startMs, line.startMs);
    endMs = Math.max(endMs, line.endMs);
  }
  return {
    id: first.id,
    startMs,
    endMs,
    originalText: mergeTexts(
      lines.map((l) => l.originalText),
      opts.source,
      opts.sourceNorms,
    ),
    translatedText: mergeTexts(
      lines.map((l) => l.translatedText),
      opts.target,
      opts.targetNorms,
    ),
  };
}
