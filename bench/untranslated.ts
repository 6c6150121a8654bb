/**
 * Issue 36's untranslated-word figures (BENCH_ONLY=untranslated): the English words left in
 * Apertium's real Spanish output of an English SDH film (bench/untranslated/apertium-es.tsv,
 * labelled by reading it), found from the engine's marks less the names of the brief and of the
 * source, against the rule before (every capitalised word taken for a name).
 */
import type { Figure } from './ledger.js';
import { capitalsDetector, productDetector, readOutputs, scoreWords } from './untranslated/labels.js';

export function benchUntranslated(): Figure[] {
  const set = readOutputs('apertium-es.tsv');
  const ours = scoreWords(set, productDetector(set));
  const before = scoreWords(set, capitalsDetector);
  console.log(`  missed: ${ours.missed.join(', ')}; wrong: ${ours.wrong.join(', ')}`);
  const label = `Apertium es, ${set.cues.length} cues, ${ours.labelled} labelled words`;
  return [
    {
      name: `Untranslated words found (recall), ${label}`,
      value: ours.recall,
      unit: '%',
      baseline: 'every capital a name',
      baselineValue: before.recall,
      ratio: null,
      goal: '≥ 90 %',
    },
    {
      name: `Untranslated words found that are such (precision), ${label}`,
      value: ours.precision,
      unit: '%',
      baseline: 'every capital a name',
      baselineValue: before.precision,
      ratio: null,
      goal: '≥ 90 %',
    },
  ];
}
