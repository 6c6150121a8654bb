/**
 * What the quality bench counts in a pipeline's output, line by line: within the target's norms,
 * planted faults flagged (per kind), clean lines flagged, lines over the characters-per-line norm
 * that a legal layout would have kept within it. docs/benchmarks.md defines each figure.
 */
import {
  breakLines,
  measureLine,
  normBreaches,
  overBudget,
  visibleText,
  type Norms,
  type ReviewFlag,
} from '@subtrans/subtitles';
import { chineseScriptOf, scriptEvidence } from '@subtrans/subtitles/review-flags';
import { FAULTS, type Fault } from './quality-sim.js';

export interface Outcome {
  source: string;
  /** the line as the pipeline left it */
  text: string;
  durationMs: number;
  target: string;
  norms: Norms;
  flags: readonly ReviewFlag[];
  /** faults the engine planted in it (none for a real engine) */
  planted: readonly Fault[];
}

export interface Summary {
  lines: number;
  withinNorms: number;
  /** of the cues out of norms, those planted in the source language (the source text itself) */
  outOfNormsSourceLanguage: number;
  overBudget: number;
  /** per fault kind: lines it was planted in (wrong script: where detectable), and of those flagged */
  planted: Record<Fault, { n: number; flagged: number }>;
  clean: number;
  /** clean lines with a flag other than a genuine over-budget */
  cleanFlagged: number;
  cleanOverBudget: number;
  /** output lines over cpl in cues that a legal layout within the norms exists for */
  overCplFixable: number;
  overCplAll: number;
  /** a few lines per kind of miss, to look at */
  examples: Record<string, string[]>;
}

/**
 * A wrong-script fault shows only where OpenCC finds a character of the wrong script (a line both
 * scripts write alike is the same line): scriptEvidence must say so.
 */
function detectable(o: Outcome, fault: Fault): boolean {
  if (fault !== 'wrong-script') return true;
  const asked = chineseScriptOf(o.target);
  const e = scriptEvidence(visibleText(o.text));
  return asked === 'simplified' ? e.traditional > 0 : e.simplified > 0;
}

export function summarise(outcomes: readonly Outcome[]): Summary {
  const s: Summary = {
    lines: outcomes.length,
    withinNorms: 0,
    outOfNormsSourceLanguage: 0,
    overBudget: 0,
    planted: Object.fromEntries(FAULTS.map((f) => [f, { n: 0, flagged: 0 }])) as Summary['planted'],
    clean: 0,
    cleanFlagged: 0,
    cleanOverBudget: 0,
    overCplFixable: 0,
    overCplAll: 0,
    examples: {},
  };
  const example = (kind: string, o: Outcome) => {
    const list = (s.examples[kind] ??= []);
    if (list.length < 4)
      list.push(`${JSON.stringify(o.source)} → ${JSON.stringify(o.text)} [${o.flags.join(', ')}]`);
  };
  for (const o of outcomes) {
    if (!normBreaches(o.text, o.durationMs, o.norms).length) s.withinNorms += 1;
    else if (o.planted.includes('source-language')) s.outOfNormsSourceLanguage += 1;
    const over = overBudget(o.text, o.durationMs, o.norms);
    if (over) s.overBudget += 1;
    const planted = o.planted.filter((f) => detectable(o, f));
    for (const f of planted) {
      s.planted[f].n += 1;
      if (o.flags.includes(f)) s.planted[f].flagged += 1;
      else example(`missed ${f}`, o);
    }
    if (!planted.length) {
      s.clean += 1;
      const wrong = o.flags.filter((f) => !(f === 'over-budget' && over));
      if (wrong.length) {
        s.cleanFlagged += 1;
        example(`clean flagged ${wrong.join('+')}`, o);
      }
      if (over) s.cleanOverBudget += 1;
    }
    const overCpl = o.text.split('\n').filter((l) => measureLine(l, o.norms.counting) > o.norms.cpl).length;
    if (overCpl) {
      s.overCplAll += overCpl;
      if (breakLines(o.text, o.target, o.norms).fits) {
        s.overCplFixable += overCpl;
        example('over cpl, a layout exists', o);
      }
    }
  }
  return s;
}

/** A share in per cent with one decimal. */
export const pct = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : 0);
