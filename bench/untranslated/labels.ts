/**
 * The labelled machine outputs of bench/untranslated: each cue's source, the engine's output as
 * it gave it, and the English words a reader finds left in it (the files' heads give the rules).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  copiedWords,
  foreignWords,
  inSourceLanguage,
  namesInSources,
  untranslatedWords,
} from '@subtrans/subtitles';
import { lexiconOf } from '../../apps/server/src/modules/tasks/segments/lexicon.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** the sources' language's lexicon, as the server gives it to the review flags */
const ENGLISH = lexiconOf('en');

export interface LabelledOutput {
  source: string;
  /** the output without the engine's marks */
  text: string;
  /** the words the engine marked as unknown ('*'), as the Apertium engine reads them */
  marked: string[];
  /** the English words left in the output */
  left: string[];
}

export interface LabelledSet {
  /** the names a brief or a glossary would give */
  names: string[];
  cues: LabelledOutput[];
}

export function readOutputs(file: string): LabelledSet {
  const lines = readFileSync(path.join(HERE, file), 'utf8').split('\n');
  const names = (lines.find((l) => l.startsWith('# names:')) ?? '')
    .slice('# names:'.length)
    .trim()
    .split(/\s+/);
  const cues = lines
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [source = '', raw = '', left = ''] = l.split('\t');
      const marked = [...raw.matchAll(/\*([^\s*#]+)/gu)].map((m) => m[1]!.replace(/[^\p{L}\p{N}'’-]+$/u, ''));
      return { source, text: raw.replace(/[*#]/g, ''), marked, left: left.split(/\s+/).filter(Boolean) };
    });
  return { names, cues };
}

export interface WordScore {
  found: number;
  right: number;
  labelled: number;
  precision: number;
  recall: number;
  /** words found that are not labelled, and labelled words not found */
  wrong: string[];
  missed: string[];
}

/** How the words a detector finds in each cue compare with the labels, over all cues. */
export function scoreWords(set: LabelledSet, detect: (cue: LabelledOutput) => readonly string[]): WordScore {
  const score: WordScore = {
    found: 0,
    right: 0,
    labelled: 0,
    precision: 0,
    recall: 0,
    wrong: [],
    missed: [],
  };
  for (const cue of set.cues) {
    const found = detect(cue);
    score.found += found.length;
    score.labelled += cue.left.length;
    const left = [...cue.left];
    for (const w of found) {
      const at = left.indexOf(w);
      if (at >= 0) {
        score.right += 1;
        left.splice(at, 1);
      } else score.wrong.push(w);
    }
    score.missed.push(...left);
  }
  const pct = (n: number, d: number) => Number(((100 * n) / Math.max(1, d)).toFixed(1));
  return { ...score, precision: pct(score.right, score.found), recall: pct(score.right, score.labelled) };
}

/** The product's detector: the engine's marks less the names of the brief and of the source. */
export function productDetector(set: LabelledSet): (cue: LabelledOutput) => string[] {
  const sourceNames = namesInSources(set.cues.map((c) => c.source));
  return (cue) => untranslatedWords(cue.marked, cue.text, [...set.names, ...sourceNames]);
}

/** Before issue 36's names: the marks less every capitalised word of a line not in capitals. */
export function capitalsDetector(cue: LabelledOutput): string[] {
  const shouting = !/\p{Ll}/u.test(cue.text) && /\p{Lu}/u.test(cue.text);
  return cue.marked.filter((w) => /\p{L}/u.test(w) && (shouting || !/^\p{Lu}/u.test(w)));
}

/**
 * The product's detector on a language model's output (no marks): the source's Latin words a line
 * in another script keeps, less the names of the brief and of the source.
 */
export function copiedDetector(set: LabelledSet): (cue: LabelledOutput) => string[] {
  const sourceNames = namesInSources(set.cues.map((c) => c.source));
  return (cue) => copiedWords(cue.source, cue.text, () => [...set.names, ...sourceNames], ENGLISH);
}

/** Before: a line's words counted as found only when the whole line was taken for English. */
export function wholeLineDetector(set: LabelledSet, targetLang: string): (cue: LabelledOutput) => string[] {
  const words = copiedDetector(set);
  return (cue) =>
    inSourceLanguage({ source: cue.source, translation: cue.text, sourceLang: 'en', targetLang })
      ? words(cue)
      : [];
}

/** The product's detector on a model's output in the source's script: copied words the target's lexicon does not know. */
export function foreignDetector(set: LabelledSet, targetLang: string): (cue: LabelledOutput) => string[] {
  const sourceNames = namesInSources(set.cues.map((c) => c.source));
  const lexicon = lexiconOf(targetLang);
  if (!lexicon) throw new Error(`no lexicon for ${targetLang}`);
  return (cue) => foreignWords(cue.source, cue.text, lexicon, () => [...set.names, ...sourceNames], ENGLISH);
}

/** The planted sets of a language model's output, with their target languages. */
export const MODEL_SETS = [
  ['llm-zh.tsv', 'zh'],
  ['llm-ja.tsv', 'ja'],
  ['llm-es.tsv', 'es'],
  ['llm-fr.tsv', 'fr'],
  ['llm-de.tsv', 'de'],
  ['llm-pt.tsv', 'pt'],
  ['llm-it.tsv', 'it'],
] as const;

/** The product's detector for a model's output: by the target's lexicon where it has one. */
export function modelDetector(set: LabelledSet, targetLang: string): (cue: LabelledOutput) => string[] {
  return lexiconOf(targetLang) ? foreignDetector(set, targetLang) : copiedDetector(set);
}
