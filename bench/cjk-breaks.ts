/**
 * Issue 36's CJK figures (BENCH_ONLY=cjk): no word split across lines, on the labelled cues of
 * bench/cjk-words (≥ 300 Chinese, ≥ 300 Japanese, words marked by hand).
 *
 * - Word boundaries of each segmenter against the labels (precision: its boundaries that are
 *   word boundaries; recall: the labelled boundaries it finds): BudouX's phrases, Intl.Segmenter's
 *   words (ICU's dictionary), jieba (Chinese, `jieba-wasm`) and the breaker's own (cjk-words.ts).
 * - The breaker with each: cues whose layout splits a word where a layout at labelled word
 *   boundaries fits (goal 0), and lines that start with a character kinsoku forbids (goal 0).
 */
import { createRequire } from 'node:module';
import { breakLines, normsFor } from '@subtrans/subtitles';
import { CLOSE_SET } from '@subtrans/subtitles/chars';
import { phraseParser, wordsAndPhrases } from '@subtrans/subtitles/breaks';
import { useWordSegmenter, type WordSegmenter } from '@subtrans/subtitles/cjk-words';
import type { Figure } from './ledger.js';
import {
  readLabelled,
  splitWords,
  wordLayoutFits,
  scoreBoundaries,
  type LabelledCue,
} from './cjk-words/labels.js';

const LANGS = { zh: 'zh-CN', ja: 'ja' } as const;

const icu = (lang: string): WordSegmenter => {
  const seg = new Intl.Segmenter(lang, { granularity: 'word' });
  return (text) => [...seg.segment(text)].map((s) => s.segment);
};
const budoux =
  (lang: string): WordSegmenter =>
  (text) =>
    phraseParser(lang).parse(text);
function jieba(): WordSegmenter {
  const { cut } = createRequire(import.meta.url)('jieba-wasm') as {
    cut: (t: string, hmm: boolean) => string[];
  };
  return (text) => cut(text, true);
}

interface Layouts {
  /** cues with a word split where a word-boundary layout fits */
  split: LabelledCue[];
  /** lines starting with a character kinsoku forbids */
  badStarts: number;
  /** cues laid out over the norm */
  over: number;
}

function layOut(cues: readonly LabelledCue[], lang: string): Layouts {
  const norms = normsFor(lang);
  const out: Layouts = { split: [], badStarts: 0, over: 0 };
  for (const cue of cues) {
    const r = breakLines(cue.text, lang, norms);
    if (!r.fits) out.over += 1;
    out.badStarts += r.lines.slice(1).filter((l) => CLOSE_SET.has([...l][0] ?? '')).length;
    if (splitWords(cue, r.lines).length > 0 && wordLayoutFits(cue, norms)) out.split.push(cue);
  }
  return out;
}

function figuresOf(key: 'zh' | 'ja'): Figure[] {
  const lang = LANGS[key];
  const cues = readLabelled(key);
  const contenders: [string, WordSegmenter | null][] = [
    ['BudouX', budoux(lang)],
    ['ICU', icu(lang)],
    ...(key === 'zh' ? [['jieba', jieba()] as [string, WordSegmenter]] : []),
    ['ours', null],
  ];
  const rows: {
    name: string;
    precision: number;
    recall: number;
    split: number;
    over: number;
    bad: number;
  }[] = [];
  for (const [name, seg] of contenders) {
    useWordSegmenter(key, seg);
    try {
      const score = scoreBoundaries(cues, (c) => wordsAndPhrases(c.chars, lang).words);
      const layouts = layOut(cues, lang);
      rows.push({ name, ...score, split: layouts.split.length, over: layouts.over, bad: layouts.badStarts });
      if (name === 'ours') {
        for (const cue of layouts.split.slice(0, 5)) {
          const lines = breakLines(cue.text, lang, normsFor(lang)).lines;
          console.log(`  ${key} split: ${lines.join(' | ')}`);
        }
      }
    } finally {
      useWordSegmenter(key, null);
    }
  }
  console.table(rows);
  const ours = rows.find((r) => r.name === 'ours')!;
  const budouxRow = rows.find((r) => r.name === 'BudouX')!;
  const label = `${key} (${cues.length} labelled cues)`;
  return [
    {
      name: `CJK: cues with a word split across lines where a word layout fits, ${label}`,
      value: ours.split,
      unit: 'cues',
      baseline: 'breaks at BudouX phrases',
      baselineValue: budouxRow.split,
      ratio: null,
      goal: '0',
    },
    {
      name: `CJK: lines starting with a forbidden character, ${label}`,
      value: ours.bad,
      unit: 'lines',
      baseline: null,
      baselineValue: null,
      ratio: null,
      goal: '0',
    },
    {
      name: `CJK: word boundaries that are labelled ones, ${label}`,
      value: ours.precision,
      unit: '% precision',
      baseline: 'BudouX phrases',
      baselineValue: budouxRow.precision,
      ratio: null,
    },
  ];
}

export function benchCjkBreaks(): Figure[] {
  return [...figuresOf('zh'), ...figuresOf('ja')];
}
