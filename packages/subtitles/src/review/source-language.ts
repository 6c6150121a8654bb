import { plainText, scriptCounts, scriptOfLanguage, type Script } from '../language.js';
import { likelierLanguage } from '../trigram.js';

/**
 * Whether a translated line is still in the source language, line by line. A line is short, so
 * this asks for strong evidence and stays silent otherwise: names, numbers, "OK" and the like are
 * shared by both languages and prove nothing. Three tests, by the two languages' scripts:
 * - the line mostly repeats the source's words (any pair of languages);
 * - different scripts: the line is mostly in the source's script (Latin words among Chinese count
 *   only when lowercase, as names are capitalised);
 * - same script: a long line that shares words with the source and that the trigram model, asked
 *   to choose between the two languages only, gives to the source.
 */

/** words (runs of letters and digits), or single characters in scripts written without spaces */
const TOKEN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]|[\p{L}\p{M}\p{N}'’]+/gu;
const tokensOf = (text: string) => plainText(text).match(TOKEN) ?? [];
const isNumber = (t: string) => /^\p{N}+$/u.test(t);
const isCapitalised = (t: string) => /^\p{Lu}/u.test(t);

/** Same language for this check: Simplified and Traditional Chinese (wrong-script tells those). */
const sameLanguage = (a: string, b: string) => a === b || (a.startsWith('zh') && b.startsWith('zh'));

/** The share of the line's words found in the source, counting only words that could tell. */
function copied(source: string, translation: string): { share: number; telling: number } {
  const src = new Set(tokensOf(source).map((t) => t.toLowerCase()));
  const words = tokensOf(translation).filter((t) => !isNumber(t));
  if (!words.length) return { share: 0, telling: 0 };
  const shared = words.filter((t) => src.has(t.toLowerCase()));
  // a capitalised shared word may be a name, which both languages write alike
  // counted once each: "no, no, no" is one word both languages may share
  const telling = new Set(
    shared.filter((t) => !isCapitalised(t) || [...t].length === 1).map((t) => t.toLowerCase()),
  ).size;
  return { share: shared.length / words.length, telling };
}

/** a line that repeats this share of its words from the source, with this many telling ones */
const COPY_SHARE = 0.8;
const COPY_TELLING = 3;
/** a line the trigram model may judge: this many letters, this share of words from the source */
const TRIGRAM_LETTERS = 30;
const TRIGRAM_SHARE = 0.3;

/** lowercase Latin words of 2+ letters (names are capitalised) */
const latinWords = (text: string) => plainText(text).match(/(?<![\p{L}])\p{Ll}[\p{Script=Latin}'’]+/gu) ?? [];
/**
 * capitalised Latin words of 2+ letters that start a sentence ("Not again!"): their capital is
 * the sentence's, no sign of a name, once the line has a lowercase word too
 */
const sentenceStarts = (text: string) =>
  plainText(text).match(/(?:^|[.!?…]\s+)[-–—¿¡"“'‘\s]*\p{Lu}[\p{Script=Latin}'’]+/gu) ?? [];

const DENSE: ReadonlySet<Script> = new Set(['han', 'kana', 'hangul', 'thai']);

export function inSourceLanguage(input: {
  source: string;
  translation: string;
  sourceLang: string;
  targetLang: string;
}): boolean {
  const { source, translation, sourceLang, targetLang } = input;
  if (sourceLang && targetLang && sameLanguage(sourceLang, targetLang)) return false;
  const { counts, letters } = scriptCounts(plainText(translation));
  if (!letters) return false;

  const copy = copied(source, translation);
  // a Japanese line shares kanji with its Chinese source: without kana only is it a copy
  const kanaTarget = targetLang === 'ja' && counts.kana > 0;
  if (copy.share >= COPY_SHARE && copy.telling >= COPY_TELLING && !kanaTarget) return true;
  if (!sourceLang || sourceLang === 'auto') return false;

  const from = scriptOfLanguage(sourceLang);
  const to = scriptOfLanguage(targetLang);
  const cjk = (s: Script) => s === 'han' || s === 'kana';
  if (from === to || (cjk(from) && cjk(to))) {
    if (sourceLang === 'ja' && targetLang.startsWith('zh')) return counts.kana >= 2;
    if (from !== to || letters < TRIGRAM_LETTERS || copy.share < TRIGRAM_SHARE) return false;
    return likelierLanguage(translation, [sourceLang, targetLang]) === sourceLang;
  }
  const fromLetters = from === 'kana' ? counts.kana + counts.han : counts[from];
  const toLetters = to === 'kana' ? counts.kana + counts.han : counts[to];
  if (from === 'latin') {
    const words = latinWords(translation).length;
    const alone = toLetters === 0 && words >= 1 && words + sentenceStarts(translation).length >= 2;
    return alone || (words >= 3 && fromLetters > toLetters);
  }
  // a source script written densely (one character a word or a syllable) weighs more per letter;
  // with no letter of the target at all, one such character tells ("2024年" in English)
  const weight = DENSE.has(from) && !DENSE.has(to) ? 2 : 1;
  const least = toLetters === 0 && DENSE.has(from) ? 1 : DENSE.has(from) ? 2 : 4;
  return fromLetters >= least && fromLetters * weight > toLetters;
}
