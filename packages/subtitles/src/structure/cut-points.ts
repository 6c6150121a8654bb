import { SECOND_SPEAKER, SPEAKER } from '../line-break.js';
import { breaksOf, familyOf, phraseParser } from '../line-break/breaks.js';
import { TAG } from '../line-break/markup.js';
import { canBreakBetween } from '../recut/chars.js';

/**
 * Where a subtitle text may be cut in two: between words in space-separated languages, between
 * words that are also phrases in Chinese and Japanese, between speakers in a dialogue. Indices are
 * into the text's visible characters (code points, tags left out), as parseMarked gives them.
 */

/** A cut: the first half ends before chars[a], the second starts at chars[b] (spaces between dropped). */
export interface Cut {
  a: number;
  b: number;
  /** how good a place it is (breaks.ts's penalties: negative after a sentence or a clause) */
  penalty: number;
}

/**
 * The language to lay out and segment a text in: the given one, or for 'auto' (a source language
 * left to detection) the one its script says: kana → Japanese, Han → Chinese, Thai, else a
 * space-separated language with no word lists of its own ('und').
 */
export function resolveLanguage(lang: string, text: string): string {
  if (lang && lang !== 'auto') return lang;
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'ja';
  if (/\p{Script=Han}/u.test(text)) return 'zh-CN';
  if (/\p{Script=Thai}/u.test(text)) return 'th';
  if (/\p{Script=Hangul}/u.test(text)) return 'ko';
  return 'und';
}

const SPACE = /\s/u;

/** The visible character index a UTF-16 offset of the raw text falls at (inside a tag: the tag's place). */
export function visibleIndexAt(text: string, offset: number): number {
  let at = Math.max(0, Math.min(offset, text.length));
  // never between the two halves of a surrogate pair
  const code = text.charCodeAt(at);
  if (at > 0 && code >= 0xdc00 && code <= 0xdfff) at -= 1;
  let visible = 0;
  let from = 0;
  for (const m of text.matchAll(TAG)) {
    if (at <= m.index) break;
    visible += codePoints(text, from, m.index);
    from = m.index + m[0].length;
    if (at < from) return visible;
  }
  return visible + codePoints(text, from, Math.max(from, at));
}

function codePoints(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff || i === from) n += 1;
  }
  return n;
}

/** The first and last visible characters that are not spaces: [start, end). */
export function trimmedRange(chars: readonly string[]): { start: number; end: number } {
  let start = 0;
  let end = chars.length;
  while (start < end && SPACE.test(chars[start]!)) start += 1;
  while (end > start && SPACE.test(chars[end - 1]!)) end -= 1;
  return { start, end };
}

/** The cut at a character index: the spaces around it dropped. */
export function cutAt(chars: readonly string[], at: number): Cut {
  let a = at;
  let b = at;
  while (a > 0 && SPACE.test(chars[a - 1]!)) a -= 1;
  while (b < chars.length && SPACE.test(chars[b]!)) b += 1;
  return { a, b, penalty: 0 };
}

/** How many characters before each index are not spaces (prefix[i]: in chars[0..i)). */
export function nonSpacePrefix(chars: readonly string[]): number[] {
  const prefix = [0];
  for (const ch of chars) prefix.push(prefix[prefix.length - 1]! + (SPACE.test(ch) ? 0 : 1));
  return prefix;
}

/**
 * Between speakers: the cuts before each speaker's line of a dialogue written with dashes, one
 * speaker a line ("- Hi.\n- Hello.") or joined on one line after a sentence's end ("- Hi. - Hello.").
 * Empty when the text is not a dialogue (fewer than two lines opening with a dash).
 */
export function speakerCuts(chars: readonly string[]): Cut[] {
  const text = chars.join('');
  const lines = text.split('\n');
  const out: Cut[] = [];
  if (lines.length >= 2) {
    if (lines.filter((l) => SPEAKER.test(l)).length < 2) return out;
    let at = 0;
    lines.forEach((line, k) => {
      if (k > 0 && SPEAKER.test(line) && line.trim()) out.push(cutAt(chars, at));
      at += [...line].length + 1;
    });
    return out;
  }
  if (!SPEAKER.test(text)) return out;
  for (const m of text.matchAll(new RegExp(SECOND_SPEAKER.source, 'gu'))) {
    out.push(cutAt(chars, [...text.slice(0, m.index)].length));
  }
  return out;
}

/** Chinese characters that often open a phrase on their own: conjunctions, prepositions, adverbs, pronouns. */
const HAN_OPENERS = new Set(
  '和与跟同及或但而却并且就才都也还又再在从向对把被给让为因所如若虽要会能可不没别很太最更我你他她它您这那谁是有',
);
const HAN = /\p{Script=Han}/u;

const segmenters = new Map<string, Intl.Segmenter>();
function wordStarts(text: string, lang: string): Set<number> {
  let seg = segmenters.get(lang);
  if (!seg) {
    seg = new Intl.Segmenter(lang, { granularity: 'word' });
    segmenters.set(lang, seg);
  }
  return starts([...seg.segment(text)].map((s) => s.segment));
}

/** Code-point indices where pieces begin (0 left out). */
function starts(pieces: Iterable<string>): Set<number> {
  const out = new Set<number>();
  let at = 0;
  for (const piece of pieces) {
    if (at > 0) out.add(at);
    at += [...piece].length;
  }
  return out;
}

/**
 * Where a Chinese or Japanese text may be cut without cutting a word: where BudouX ends a phrase
 * and Intl.Segmenter ends a word (each alone cuts inside words it does not know: both split
 * 牛仔|裤). In Chinese, not before a lone character that does not open a phrase (的, 了, 裤 of an
 * unknown 牛仔裤): a word the segmenters missed is more often a lone character than not.
 */
function phraseStarts(chars: readonly string[], lang: string): Set<number> {
  const text = chars.join('');
  const phrases = starts(phraseParser(lang).parse(text));
  const words = wordStarts(text, lang);
  const both = [...phrases].filter((i) => words.has(i)).sort((x, y) => x - y);
  if (!lang.startsWith('zh')) return new Set(both);
  const out = new Set<number>();
  both.forEach((i, k) => {
    const next = both[k + 1] ?? chars.length;
    const lone = next - i === 1 && HAN.test(chars[i]!);
    if (!lone || HAN_OPENERS.has(chars[i]!)) out.add(i);
  });
  return out;
}

/**
 * Every place the text may be cut, in order, never inside a word: at spaces (line breaks too) as
 * the line breaker allows them, and in Chinese and Japanese at the starts of phrases (phraseStarts)
 * where kinsoku allows a break.
 */
export function wordCuts(chars: readonly string[], lang: string): Cut[] {
  const breaks = breaksOf(chars, lang);
  if (familyOf(lang) !== 'cjk') return breaks.map(({ a, b, penalty }) => ({ a, b, penalty }));
  const allowed = phraseStarts(chars, lang);
  return breaks
    .filter((br) => br.a !== br.b || (allowed.has(br.a) && canBreakBetween(chars[br.a - 1]!, chars[br.a]!)))
    .map(({ a, b, penalty }) => ({ a, b, penalty }));
}
