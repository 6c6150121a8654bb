import { WIDE } from '../width.js';

/** Which characters may be broken between, and which mark a sentence or clause end. */

const esc = (chars: string) => chars.replace(/[\\\]^-]/g, '\\$&');

/** may not begin a line (closing marks, punctuation, small kana, prolonged sound mark) */
const CLOSE =
  '.,!?;:…‥)]}%»”’、。，．！？：；）」』】》〉〕］｝〙〗〞ー々ゝゞぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ・～‼⁇⁈⁉｡､';
/** may not end a line (opening marks) */
const OPEN = '([{«“‘「『【《〈〔［｛〘〖〝（';
/** straight quotes: opening or closing, so glued to both neighbours */
const QUOTES = `"'`;
export const CLOSE_SET = new Set(CLOSE);
export const OPEN_SET = new Set(OPEN);
const QUOTE_SET = new Set(QUOTES);

const TRAILING_CLOSERS = `[\\s"'”’»」』）)\\]】》〉〕］｝]*$`;
/** ends a sentence: . ! ? … and their full-width / ideographic forms, then any closing mark */
export const SENTENCE_END = new RegExp(`[.!?…‥‼⁇⁈⁉。！？．｡]${TRAILING_CLOSERS}`, 'u');
/** ends a clause: , ; : and the ideographic / full-width forms */
const CLAUSE_END = new RegExp(`[,;:、，；：､]${TRAILING_CLOSERS}`, 'u');

/** letters and digits of the scripts written with spaces: never broken between two of them */
const WORD_CHAR = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Nd}]/u;

export const isWide = (ch: string) => WIDE.test(ch);

/** One piece of text split for timing: CJK characters one by one (with their punctuation), runs of other characters whole. */
const W = `(?:${WIDE.source})`;
export const PIECE = new RegExp(
  `[${esc(OPEN)}]*(?:(?![${esc(CLOSE)}])${W}|(?:(?!${W})\\S)+)[${esc(CLOSE)}]*|\\S[${esc(CLOSE)}]*`,
  'gu',
);

/** May a line break fall between the characters `a` and `b` where no space separates them? */
export function canBreakBetween(a: string, b: string): boolean {
  if (WORD_CHAR.test(a) && WORD_CHAR.test(b)) return false;
  if (CLOSE_SET.has(b) || OPEN_SET.has(a) || QUOTE_SET.has(a) || QUOTE_SET.has(b)) return false;
  return true;
}

/** Does a space separate two words whose text came without one (segment edges, bare words)? */
export function spaceBetween(left: string, right: string): boolean {
  const a = lastChar(left);
  const b = firstChar(right);
  return !isWide(a) && !isWide(b) && !CLOSE_SET.has(b) && !OPEN_SET.has(a);
}

export const firstChar = (s: string) => String.fromCodePoint(s.codePointAt(0) ?? 32);
export function lastChar(s: string): string {
  const chars = [...s];
  return chars[chars.length - 1] ?? ' ';
}

/** English words a cue or line should not end on (articles, prepositions, subjects…). */
export const WEAK_END = new Set(
  'a an the to of and or but nor in on at for with from by into onto than as if my your his her our their its this these those that i we he she they is are was were be been not very'.split(
    ' ',
  ),
);
/** English words a cue may well begin with (conjunctions, relatives). */
export const GOOD_START = new Set(
  'and but or nor because so that which who whom whose when where while if then although though until unless since'.split(
    ' ',
  ),
);
export const bareWord = (text: string) => text.toLowerCase().replace(/[^\p{L}']/gu, '');

/** How much a line (or cue) ending with this text is worth breaking after. */
export function punctuationOf(text: string): 'sentence' | 'clause' | null {
  if (SENTENCE_END.test(text)) return 'sentence';
  if (CLAUSE_END.test(text)) return 'clause';
  return null;
}
