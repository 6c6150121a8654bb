/**
 * Issue 36's untranslated-word figures (BENCH_ONLY=untranslated): the English words left in
 * Apertium's real Spanish output of an English SDH film (bench/untranslated/apertium-es.tsv,
 * labelled by reading it), found from the engine's marks less the names of the brief and of the
 * source, against the rule before (every capitalised word taken for a name); and those a language
 * model leaves in Chinese and Japanese (llm-zh.tsv, llm-ja.tsv: written to plant them, labelled),
 * found as the source's Latin words the line keeps, and in Spanish, French, German, Portuguese and
 * Italian (llm-es/fr/de/pt/it.tsv) those their lexicons do not know, against the rule before (only a line taken
 * wholly for English).
 */
import type { Figure } from './ledger.js';
import {
  capitalsDetector,
  MODEL_SETS,
  modelDetector,
  productDetector,
  readOutputs,
  scoreWords,
  wholeLineDetector,
  type LabelledOutput,
  type LabelledSet,
} from './untranslated/labels.js';

type Detector = (cue: LabelledOutput) => readonly string[];

function figuresOf(
  set: LabelledSet,
  label: string,
  ours: Detector,
  before: Detector,
  rule: string,
): Figure[] {
  const now = scoreWords(set, ours);
  const then = scoreWords(set, before);
  console.log(`  ${label}: missed: ${now.missed.join(', ')}; wrong: ${now.wrong.join(', ')}`);
  const of = `${label}, ${set.cues.length} cues, ${now.labelled} labelled words`;
  return [
    {
      name: `Untranslated words found (recall), ${of}`,
      value: now.recall,
      unit: '%',
      baseline: rule,
      baselineValue: then.recall,
      ratio: null,
      goal: '≥ 90 %',
    },
    {
      name: `Untranslated words found that are such (precision), ${of}`,
      value: now.precision,
      unit: '%',
      baseline: rule,
      baselineValue: then.precision,
      ratio: null,
      goal: '≥ 90 %',
    },
  ];
}

export function benchUntranslated(): Figure[] {
  const apertium = readOutputs('apertium-es.tsv');
  const figures = figuresOf(
    apertium,
    'Apertium es',
    productDetector(apertium),
    capitalsDetector,
    'every capital a name',
  );
  for (const [file, target] of MODEL_SETS) {
    const set = readOutputs(file);
    figures.push(
      ...figuresOf(
        set,
        `language model ${target} (planted)`,
        modelDetector(set, target),
        wholeLineDetector(set, target),
        'only a line wholly in English',
      ),
    );
  }
  return figures;
}
