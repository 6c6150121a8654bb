import { jaModel, Parser, zhHansModel, zhHantModel } from 'budoux';
import { canBreakBetween, CLOSE_SET, OPEN_SET, punctuationOf } from '../recut/chars.js';
import { WIDE } from '../width.js';
import {
  boundariesOf,
  chineseWordBoundaries,
  icuWords,
  japaneseWordBoundaries,
  particleAt,
} from './cjk-words.js';
import { wordRules } from './words.js';

/**
 * Where a line may break in a text, and how good each place is (a penalty: negative is a good
 * place). Netflix's TTSG General Requirements (215758617): break after punctuation, before
 * conjunctions and prepositions; never separate an article from its noun, a first name from a last
 * name, a subject pronoun or an auxiliary from its verb. Space-separated languages break at spaces
 * only, never inside a word; Chinese and Japanese at BudouX's phrase boundaries (Thai at
 * Intl.Segmenter's words), never before closing punctuation or small kana nor after an opening
 * bracket (kinsoku).
 */
export interface Break {
  /** the line before ends at this character index */
  a: number;
  /** the next line starts at this index (a < b: the spaces between are dropped) */
  b: number;
  penalty: number;
}

export const PENALTY = {
  sentence: -6,
  clause: -4,
  /** a space between two CJK characters, or in Thai: a pause, as these subtitles write one */
  space: -4,
  /** at a word boundary inside a CJK phrase (BudouX's): legal, not good */
  insidePhrase: 3,
  /** before a particle (的, 了, 吗; が, を, は): it belongs to the word before */
  beforeParticle: 4,
} as const;

const SPACE = /\s/u;
const isWide = (ch: string) => WIDE.test(ch);

type Family = 'cjk' | 'thai' | 'spaced';

export function familyOf(lang: string): Family {
  if (lang.startsWith('zh') || lang === 'ja') return 'cjk';
  if (lang === 'th') return 'thai';
  return 'spaced';
}

const parsers = new Map<string, Parser>();
/** BudouX's parser for a CJK language (built once per model). */
export function phraseParser(lang: string): Parser {
  const key = lang === 'ja' ? 'ja' : lang === 'zh-HK' || lang === 'zh-TW' ? 'zh-hant' : 'zh-hans';
  let p = parsers.get(key);
  if (!p) {
    p = new Parser(key === 'ja' ? jaModel : key === 'zh-hant' ? zhHantModel : zhHansModel);
    parsers.set(key, p);
  }
  return p;
}

/** where a line may break between two characters (`words`), and the good places among them */
interface Boundaries {
  words: ReadonlySet<number>;
  phrases: ReadonlySet<number>;
}

/** Word and phrase boundaries of CJK or Thai text (issue 36: a line breaks at words only). */
export function wordsAndPhrases(chars: readonly string[], lang: string): Boundaries {
  if (familyOf(lang) === 'thai') {
    const words = boundariesOf(chars, icuWords(chars.join(''), lang));
    return { words, phrases: words };
  }
  const phrases = boundariesOf(chars, phraseParser(lang).parse(chars.join('')));
  const words = lang === 'ja' ? japaneseWordBoundaries(chars, phrases) : chineseWordBoundaries(chars, lang);
  return { words, phrases };
}

/** The punctuation the text before index `a` ends with. */
function punctuationBefore(chars: readonly string[], a: number) {
  return punctuationOf(chars.slice(Math.max(0, a - 4), a).join(''));
}

function punctuationPenalty(chars: readonly string[], a: number): number {
  const p = punctuationBefore(chars, a);
  return p === 'sentence' ? PENALTY.sentence : p === 'clause' ? PENALTY.clause : 0;
}

/** The word ending at `a`, the one before it and the one starting at `b` (space-delimited). */
function wordsAround(chars: readonly string[], a: number, b: number) {
  let s = a;
  while (s > 0 && !SPACE.test(chars[s - 1]!)) s -= 1;
  let e = b;
  while (e < chars.length && !SPACE.test(chars[e]!)) e += 1;
  let pe = s;
  while (pe > 0 && SPACE.test(chars[pe - 1]!)) pe -= 1;
  let ps = pe;
  while (ps > 0 && !SPACE.test(chars[ps - 1]!)) ps -= 1;
  return {
    before: chars.slice(s, a).join(''),
    after: chars.slice(b, e).join(''),
    earlier: chars.slice(ps, pe).join(''),
    beforeStart: s,
  };
}

/** Between a digit and its separator and the next digit: "42,|700", "3.|5", "7:|30". */
const insideNumber = (chars: readonly string[], i: number) =>
  /\d/u.test(chars[i]!) && /^[.,:'’]$/u.test(chars[i - 1]!) && /\d/u.test(chars[i - 2] ?? '');

/** Every place a line may break in `chars` (visible characters), in order. */
export function breaksOf(chars: readonly string[], lang: string): Break[] {
  const family = familyOf(lang);
  const rules = family === 'spaced' ? wordRules(lang) : null;
  const segments = family === 'spaced' ? null : wordsAndPhrases(chars, lang);
  const out: Break[] = [];
  let i = 0;
  while (i < chars.length) {
    if (SPACE.test(chars[i]!)) {
      let b = i;
      while (b < chars.length && SPACE.test(chars[b]!)) b += 1;
      const prev = chars[i - 1];
      const next = chars[b];
      if (i > 0 && next !== undefined && !CLOSE_SET.has(next) && !OPEN_SET.has(prev!)) {
        let penalty = punctuationPenalty(chars, i);
        if (rules) {
          const { before, after, earlier, beforeStart } = wordsAround(chars, i, b);
          penalty += rules.penalty(before, after, beforeStart === 0, earlier);
        } else if (penalty === 0 && (family === 'thai' || (isWide(prev!) && isWide(next)))) {
          penalty = PENALTY.space;
        }
        out.push({ a: i, b, penalty });
      }
      i = b;
      continue;
    }
    if (segments && i > 0 && !SPACE.test(chars[i - 1]!)) {
      const prev = chars[i - 1]!;
      const cur = chars[i]!;
      // a segmenter may end a word at a thousands separator: a number is one word
      if (segments.words.has(i) && canBreakBetween(prev, cur) && !insideNumber(chars, i)) {
        let penalty = punctuationPenalty(chars, i);
        if (!segments.phrases.has(i)) penalty += PENALTY.insidePhrase;
        if (family === 'cjk' && particleAt(chars, i, segments.words)) {
          penalty += PENALTY.beforeParticle;
        }
        out.push({ a: i, b: i, penalty });
      }
    }
    i += 1;
  }
  return out;
}
