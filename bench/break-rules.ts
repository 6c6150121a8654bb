/**
 * Issue 36's break-rule figures (BENCH_ONLY=breaks): lines ending on a word a subtitler would not
 * end one on (an article, a preposition, a clitic, a modal, a conjunction; marked by hand in
 * bench/break-rules) where a balanced two-line layout fits, for Spanish, French and English.
 * Baseline: the most balanced break at a space, as a breaker without word rules lays lines out.
 */
import { breakLines, measureLine, normsFor, type Norms } from '@subtrans/subtitles';
import type { Figure } from './ledger.js';
import {
  badEnds,
  balancedAlternative,
  BREAK_RULE_LANGS,
  readMarked,
  type MarkedCue,
} from './break-rules/labels.js';

/** the two lines of `cue` broken at the space that makes them most even */
function mostBalanced(cue: MarkedCue, norms: Norms): string[] {
  let best: string[] = [cue.text];
  let gap = Infinity;
  for (let i = 1; i < cue.words.length; i += 1) {
    const lines = [cue.words.slice(0, i).join(' '), cue.words.slice(i).join(' ')];
    const d = Math.abs(measureLine(lines[0]!, norms.counting) - measureLine(lines[1]!, norms.counting));
    if (d < gap) [best, gap] = [lines, d];
  }
  return best;
}

export function benchBreakRules(): Figure[] {
  return BREAK_RULE_LANGS.map((lang) => {
    const cues = readMarked(lang);
    const norms = normsFor(lang);
    const count = (layout: (cue: MarkedCue) => readonly string[]) =>
      cues.filter((cue) => badEnds(cue, layout(cue)).length > 0 && balancedAlternative(cue, norms));
    const ours = count((cue) => breakLines(cue.text, lang, norms).lines);
    const plain = count((cue) => mostBalanced(cue, norms));
    for (const cue of ours.slice(0, 5))
      console.log(`  ${lang}: ${breakLines(cue.text, lang, norms).lines.join(' / ')}`);
    return {
      name: `Break rules: lines ending on a function word where a balanced layout fits, ${lang} (${cues.length} labelled cues)`,
      value: ours.length,
      unit: 'cues',
      baseline: 'the most balanced break',
      baselineValue: plain.length,
      ratio: null,
      goal: '0',
    };
  });
}
