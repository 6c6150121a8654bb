/**
 * The labelled cues of bench/break-rules (es.txt, fr.txt, en.txt): subtitle texts whose words a
 * line must not end on are followed by `_` (the files' heads give the rules), and what a layout
 * does with them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { measureLine, type Norms } from '@subtrans/subtitles';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export const BREAK_RULE_LANGS = ['es', 'fr', 'en'] as const;
export type BreakRuleLang = (typeof BREAK_RULE_LANGS)[number];

export interface MarkedCue {
  text: string;
  words: string[];
  /** indices of the words a line must not end on */
  noEnd: Set<number>;
}

export function readMarked(lang: BreakRuleLang): MarkedCue[] {
  return readFileSync(path.join(HERE, `${lang}.txt`), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((line) => {
      const marked = line.split(/\s+/);
      const noEnd = new Set<number>();
      const words = marked.map((w, i) => {
        if (!w.endsWith('_')) return w;
        noEnd.add(i);
        return w.slice(0, -1);
      });
      return { text: words.join(' '), words, noEnd };
    });
}

/** The index of the word each line but the last ends on (`lines`: the cue's words, in order). */
export function lineEnds(lines: readonly string[]): number[] {
  const out: number[] = [];
  let words = 0;
  for (const l of lines.slice(0, -1)) {
    words += l.split(/\s+/).filter(Boolean).length;
    out.push(words - 1);
  }
  return out;
}

/**
 * Whether a two-line layout breaking after a word a line may end on fits the norm and is balanced:
 * the shorter line at least `balance` of the longer (a subtitler's pyramid, not one word alone).
 */
export function balancedAlternative(cue: MarkedCue, norms: Norms, balance = 0.5): boolean {
  const width = (a: number, b: number) => measureLine(cue.words.slice(a, b).join(' '), norms.counting);
  for (let i = 0; i < cue.words.length - 1; i += 1) {
    if (cue.noEnd.has(i)) continue;
    const [top, bottom] = [width(0, i + 1), width(i + 1, cue.words.length)];
    if (Math.max(top, bottom) <= norms.cpl && Math.min(top, bottom) >= balance * Math.max(top, bottom))
      return true;
  }
  return false;
}

/** The lines of a layout that end on a word marked not to end one. */
export function badEnds(cue: MarkedCue, lines: readonly string[]): string[] {
  return lineEnds(lines)
    .filter((i) => cue.noEnd.has(i))
    .map((i) => cue.words[i]!);
}
