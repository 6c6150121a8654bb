/**
 * The labelled cues of bench/cjk-words (zh.txt, ja.txt): subtitle texts with `|` between their
 * words (the files' heads give the labelling rules), and what a layout does to those words.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { canBreakBetween } from '@subtrans/subtitles/chars';
import { measureLine, type Norms } from '@subtrans/subtitles';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface LabelledCue {
  text: string;
  chars: string[];
  /** code-point indices where a word starts (0 and the end excluded) */
  words: Set<number>;
}

export function readLabelled(lang: 'zh' | 'ja'): LabelledCue[] {
  return readFileSync(path.join(HERE, `${lang}.txt`), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((line) => {
      const pieces = line.split('|');
      const words = new Set<number>();
      let at = 0;
      for (const p of pieces.slice(0, -1)) {
        at += [...p].length;
        words.add(at);
      }
      const text = pieces.join('');
      return { text, chars: [...text], words };
    });
}

/** Where `lines` (the cue's text laid out, nothing dropped) break, as code-point indices. */
export function breaksIn(lines: readonly string[]): number[] {
  const out: number[] = [];
  let at = 0;
  for (const l of lines.slice(0, -1)) {
    at += [...l].length;
    out.push(at);
  }
  return out;
}

/** The breaks of `lines` that fall inside a labelled word. */
export function splitWords(cue: LabelledCue, lines: readonly string[]): number[] {
  return breaksIn(lines).filter((i) => !cue.words.has(i));
}

/** Whether some layout of at most the norm's lines, broken at labelled word boundaries only, fits. */
export function wordLayoutFits(cue: LabelledCue, norms: Norms): boolean {
  const { chars } = cue;
  const width = (a: number, b: number) => measureLine(chars.slice(a, b).join(''), norms.counting);
  const legal = [...cue.words].filter((i) => canBreakBetween(chars[i - 1]!, chars[i]!)).sort((a, b) => a - b);
  // the fewest lines reaching the end from `start` with `left` lines
  const reach = (start: number, left: number): boolean => {
    if (width(start, chars.length) <= norms.cpl) return true;
    if (left <= 1) return false;
    return legal.some((i) => i > start && width(start, i) <= norms.cpl && reach(i, left - 1));
  };
  return reach(0, norms.lines);
}

export interface BoundaryScore {
  precision: number;
  recall: number;
  /** boundaries found inside a labelled word */
  inside: number;
}

/** How a segmenter's boundaries compare with the labels, over all cues. */
export function scoreBoundaries(
  cues: readonly LabelledCue[],
  boundaries: (cue: LabelledCue) => ReadonlySet<number>,
): BoundaryScore {
  let found = 0;
  let right = 0;
  let labelled = 0;
  for (const cue of cues) {
    const b = boundaries(cue);
    found += b.size;
    labelled += cue.words.size;
    for (const i of b) if (cue.words.has(i)) right += 1;
  }
  const pct = (n: number, d: number) => Number(((100 * n) / Math.max(1, d)).toFixed(1));
  return { precision: pct(right, found), recall: pct(right, labelled), inside: found - right };
}
