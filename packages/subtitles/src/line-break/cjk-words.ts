/**
 * Where a word ends in Chinese and Japanese text, for the line breaker (issue 36): a line may
 * break only there, never inside a word. Measured on the labelled cues of bench/cjk-words
 * (`BENCH_ONLY=cjk`):
 *
 * - Chinese: jieba's words on the server, Intl.Segmenter's (ICU's dictionary) in the browser
 *   (#zh-words). BudouX's phrases are no word boundaries in Chinese: they cut 一|所, 上|周.
 * - Japanese: BudouX's phrase (bunsetsu) boundaries that are ICU word boundaries too, and inside a
 *   phrase the few places ICU's words are reliable: before a particle after a noun, after a
 *   particle, before a subsidiary verb after a te-form. ICU alone cuts verbs from their endings (聞|か|ない), katakana words apart
 *   (ビッグ|マザー) and names (富|士山 stays whole only by its dictionary).
 */

import { chineseWords } from '#zh-words';
import { WIDE } from '../width.js';

export type WordSegmenter = (text: string) => Iterable<string>;

const chosen = new Map<'zh' | 'ja', WordSegmenter>();
/** Words from another segmenter than these rules (null: these rules again), to measure others. */
export function useWordSegmenter(lang: 'zh' | 'ja', segmenter: WordSegmenter | null): void {
  if (segmenter) chosen.set(lang, segmenter);
  else chosen.delete(lang);
}

const icu = new Map<string, Intl.Segmenter>();
/** Intl.Segmenter's words (one segmenter a language, built once). */
export function icuWords(text: string, lang: string): string[] {
  let seg = icu.get(lang);
  if (!seg) {
    seg = new Intl.Segmenter(lang, { granularity: 'word' });
    icu.set(lang, seg);
  }
  return [...seg.segment(text)].map((s) => s.segment);
}

/** Code-point indices where pieces of `chars` begin (0 and the end excluded). */
export function boundariesOf(chars: readonly string[], pieces: Iterable<string>): Set<number> {
  const out = new Set<number>();
  let at = 0;
  for (const piece of pieces) {
    at += [...piece].length;
    if (at > 0 && at < chars.length) out.add(at);
  }
  return out;
}

/** a name's middle dot (韦德·威尔逊, ウェイド・ウィルソン): no break on either side */
const NAME_DOT = /^[·・]$/u;

/** Word boundaries of Chinese text. */
export function chineseWordBoundaries(chars: readonly string[], lang: string): Set<number> {
  const text = chars.join('');
  const words = chosen.get('zh') ?? chineseWords ?? ((t: string) => icuWords(t, lang));
  const out = boundariesOf(chars, words(text));
  return withoutNameDots(out, chars);
}

function withoutNameDots(out: Set<number>, chars: readonly string[]): Set<number> {
  for (const i of [...out]) if (NAME_DOT.test(chars[i]!) || NAME_DOT.test(chars[i - 1]!)) out.delete(i);
  return out;
}

type Script = 'kanji' | 'hira' | 'kata' | 'other';
function scriptOf(ch: string): Script {
  if (/[\p{Script=Han}々〆]/u.test(ch)) return 'kanji';
  if (/\p{Script=Hiragana}/u.test(ch)) return 'hira';
  if (/[\p{Script=Katakana}ー]/u.test(ch)) return 'kata';
  return 'other';
}

/** particles that follow a noun and are never a verb's or adjective's ending */
const NOUN_PARTICLES = new Set(
  'が を に は へ と も の から まで より で や には では とは にも でも への との だけ しか ほど など'.split(
    ' ',
  ),
);
/** verbs that follow a te-form as words of their own: 待って|いる, 聞かないで|ください */
const SUBSIDIARY =
  /^(?:ください|くださ|下さ|いる|いた|いて|います|いまし|い$|みる|みて|みた|みま|しまう|しまっ|しまい|おく|おい|おき|あげ|くれ|もらう|もらっ|もらい|ほしい)/u;

/** Word boundaries of Japanese text: BudouX's phrase boundaries `phrases` and reliable ICU ones. */
export function japaneseWordBoundaries(chars: readonly string[], phrases: ReadonlySet<number>): Set<number> {
  const other = chosen.get('ja');
  if (other) return withoutNameDots(boundariesOf(chars, other(chars.join(''))), chars);
  const pieces = icuWords(chars.join(''), 'ja');
  const out = new Set<number>();
  let at = 0;
  for (let k = 0; k + 1 < pieces.length; k += 1) {
    const before = pieces[k]!;
    const after = pieces[k + 1]!;
    at += [...before].length;
    // BudouX's phrase ends where ICU's words end too (BudouX cuts も|う, 食い|止める), unless
    // it ends a verb's stem and its first kana (焦が|しちゃって, 追い|かければ)
    const phrase = phrases.has(at) && !(scriptOf(chars[at]!) === 'hira' && stemAndKana(pieces, k));
    if (phrase || reliable(before, after, chars, at)) out.add(at);
  }
  return withoutNameDots(out, chars);
}

/** Is ICU's word `k` one kana after a one-kanji word (a verb's stem and ending, 焦|が)? */
function stemAndKana(pieces: readonly string[], k: number): boolean {
  const kana = pieces[k]!;
  const stem = pieces[k - 1];
  return kana.length === 1 && scriptOf(kana) === 'hira' && stem?.length === 1 && scriptOf(stem) === 'kanji';
}

function reliable(before: string, after: string, chars: readonly string[], at: number): boolean {
  const a = scriptOf(chars[at - 1]!);
  const b = scriptOf(chars[at]!);
  if (a === 'other' || b === 'other') return true;
  // inside a kanji compound or a katakana word, and between the two: one name or noun
  if (a === b && a !== 'hira') return false;
  if ((a === 'kanji' && b === 'kata') || (a === 'kata' && b === 'kanji')) return false;
  // a noun and its particle (a verb's ending also starts in hiragana: only particles qualify); a
  // single kanji before it may be a verb's stem (焦|が|し): only when a word follows the particle
  if (b === 'hira' && a !== 'hira') {
    if (!NOUN_PARTICLES.has(after)) return false;
    const next = chars[at + [...after].length];
    return before.length > 1 || next === undefined || scriptOf(next) !== 'hira';
  }
  // after a particle a kanji or katakana word starts (ICU cuts hiragana words: も|う)
  if (b !== 'hira') return NOUN_PARTICLES.has(before);
  // a te-form's subsidiary verb is a word of its own
  return /[てで]$/u.test(before) && SUBSIDIARY.test(chars.slice(at, at + 4).join(''));
}

/**
 * particles that belong to the word before them (的, 了, 吗; が, を, は): the breaker starts no line
 * with one where another break fits
 */
const LINE_END_PARTICLES = new Set(
  '的 了 着 过 吗 呢 吧 啊 呀 嘛 が を は へ も の から まで より には では とは'.split(' '),
);
/** Does a particle, as a word of its own (`words`: the text's word boundaries), start at `i`? */
export function particleAt(chars: readonly string[], i: number, words: ReadonlySet<number>): boolean {
  for (const len of [1, 2]) {
    const end = i + len;
    if (end > chars.length || !LINE_END_PARTICLES.has(chars.slice(i, end).join(''))) continue;
    if (end === chars.length || words.has(end) || !WIDE.test(chars[end]!)) return true;
  }
  return false;
}
