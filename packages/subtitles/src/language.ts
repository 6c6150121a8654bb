/*
 * Language by writing system. The trigram model that tells Latin-script languages apart (tinyld,
 * about 545 KB of data) is in trigram.ts, so the web loads it only for Latin-script subtitles.
 */

/** The SPEC §3 subtitle language codes the detector can answer (the full list is in the contract). */
export type DetectableLanguage =
  | 'zh-CN'
  | 'zh-HK'
  | 'en'
  | 'ja'
  | 'ko'
  | 'es'
  | 'fr'
  | 'de'
  | 'it'
  | 'pt'
  | 'ru'
  | 'ar'
  | 'hi'
  | 'th'
  | 'vi'
  | 'id'
  | 'ms'
  | 'tl'
  | 'nl'
  | 'sv'
  | 'no'
  | 'da'
  | 'fi'
  | 'pl'
  | 'tr'
  | 'he'
  | 'uk'
  | 'cs';

export interface DetectedLanguage {
  language: DetectableLanguage;
  /** how it was decided: too little text, the writing system, a trigram model, or nothing matched */
  method: 'short' | 'script' | 'trigram' | 'fallback';
}

/** SPEC §5: fewer than this many letters → zh-CN. */
export const MIN_DETECT_CHARS = 10;
/** enough for the trigram model; more only costs time (an upload waits for it) */
const SAMPLE_CHARS = 8_000;

const SCRIPTS = {
  han: /\p{Script=Han}/u,
  kana: /[\p{Script=Hiragana}\p{Script=Katakana}]/u,
  hangul: /\p{Script=Hangul}/u,
  cyrillic: /\p{Script=Cyrillic}/u,
  arabic: /\p{Script=Arabic}/u,
  hebrew: /\p{Script=Hebrew}/u,
  thai: /\p{Script=Thai}/u,
  devanagari: /\p{Script=Devanagari}/u,
  latin: /\p{Script=Latin}/u,
} as const;

// characters written differently in traditional and simplified Chinese (frequent ones)
const TRADITIONAL = new Set(
  '們這個說來時會對裡後還麼嗎為開關見題體學國際電話經過氣讓從歡應該謝聽讀寫買賣東車門長馬魚鳥點發現實',
);
const SIMPLIFIED = new Set(
  '们这个说来时会对里后还么吗为开关见题体学国际电话经过气让从欢应该谢听读写买卖东车门长马鱼鸟点发现实',
);

const TRIGRAM_TO_OURS: Record<string, DetectedLanguage['language']> = {
  en: 'en',
  es: 'es',
  fr: 'fr',
  de: 'de',
  it: 'it',
  pt: 'pt',
  vi: 'vi',
  id: 'id',
  ms: 'ms',
  tl: 'tl',
  fil: 'tl',
  nl: 'nl',
  sv: 'sv',
  no: 'no',
  nb: 'no',
  nn: 'no',
  da: 'da',
  fi: 'fi',
  pl: 'pl',
  tr: 'tr',
  cs: 'cs',
  ru: 'ru',
  uk: 'uk',
};

/** Our codes the trigram model knows under the same name (it has no Malay). */
export const TRIGRAM_LANGUAGES: readonly string[] = Object.values(TRIGRAM_TO_OURS).filter((c) => c !== 'ms');

/** What the trigram model's answer for a Latin-script sample means: one of ours, or nothing matched. */
export function fromTrigram(found: string): DetectedLanguage {
  const ours = TRIGRAM_TO_OURS[found];
  return ours ? { language: ours, method: 'trigram' } : { language: 'zh-CN', method: 'fallback' };
}

export type Script = keyof typeof SCRIPTS;

/** The letters of a text by writing system (a letter of none of them counts in `letters` only). */
export function scriptCounts(text: string): { counts: Record<Script, number>; letters: number } {
  const counts: Record<Script, number> = {
    han: 0,
    kana: 0,
    hangul: 0,
    cyrillic: 0,
    arabic: 0,
    hebrew: 0,
    thai: 0,
    devanagari: 0,
    latin: 0,
  };
  let letters = 0;
  for (const ch of text) {
    if (!/\p{L}/u.test(ch)) continue;
    letters += 1;
    for (const script of Object.keys(SCRIPTS) as Script[]) {
      if (SCRIPTS[script].test(ch)) {
        counts[script] += 1;
        break;
      }
    }
  }
  return { counts, letters };
}

/** The writing system a language is written in ('han' for Chinese; Japanese mixes han and kana). */
export function scriptOfLanguage(lang: string): Script {
  if (lang.startsWith('zh')) return 'han';
  switch (lang) {
    case 'ja':
      return 'kana';
    case 'ko':
      return 'hangul';
    case 'ru':
    case 'uk':
      return 'cyrillic';
    case 'ar':
      return 'arabic';
    case 'he':
      return 'hebrew';
    case 'th':
      return 'thai';
    case 'hi':
      return 'devanagari';
    default:
      return 'latin';
  }
}

/** Text without markup: `<i>`, `<font …>`, `{\an8}` and the like are not language. */
export function plainText(text: string): string {
  return text.replace(/<[^>]*>/g, ' ').replace(/\{\\[^}]*\}/g, ' ');
}

/**
 * About SAMPLE_CHARS characters of the lines' plain text, from lines spread evenly over the whole
 * file: a film's opening (credits, a song) does not decide alone, and a 5 MB file is neither
 * joined nor stripped whole (that was half the synchronous time of an upload).
 */
function sampleOf(lines: readonly string[]): string {
  let total = 0;
  for (const line of lines) total += line.length + 1;
  // tags are stripped after sampling: take a little more than the sample needs
  const stride = Math.max(1, Math.floor(total / (SAMPLE_CHARS * 1.25)));
  const picked: string[] = [];
  for (let i = 0; i < lines.length; i += stride) picked.push(lines[i]!);
  return plainText(picked.join('\n')).slice(0, SAMPLE_CHARS);
}

/** Latin-script lines: their sample, for the trigram model (trigram.ts) to tell which language. */
export interface LatinSample {
  latin: string;
}

/**
 * The language of subtitle lines (SPEC §5) as far as the writing system tells: fewer than 10
 * letters → zh-CN; otherwise the dominant writing system decides (Han, kana, Hangul, Cyrillic,
 * Arabic, Hebrew, Thai, Devanagari). Latin-script text answers its sample, which the trigram model
 * decides (`fromTrigram`; trigram.ts's detectLanguage does both).
 */
export function detectByScript(lines: readonly string[]): DetectedLanguage | LatinSample {
  const text = sampleOf(lines);
  const { counts, letters } = scriptCounts(text);
  let traditional = 0;
  let simplified = 0;
  for (const ch of text) {
    if (TRADITIONAL.has(ch)) traditional += 1;
    else if (SIMPLIFIED.has(ch)) simplified += 1;
  }
  if (letters < MIN_DETECT_CHARS) return { language: 'zh-CN', method: 'short' };

  const cjk = counts.han + counts.kana;
  // Japanese mixes kanji with kana; a little kana among Han is enough to tell
  if (counts.kana > 0 && counts.kana >= cjk * 0.05 && cjk >= counts.hangul)
    return { language: 'ja', method: 'script' };
  const top = (Object.keys(counts) as Script[]).reduce((a, b) => (counts[b] > counts[a] ? b : a));
  switch (top) {
    case 'han':
    case 'kana':
      return { language: traditional > simplified ? 'zh-HK' : 'zh-CN', method: 'script' };
    case 'hangul':
      return { language: 'ko', method: 'script' };
    case 'arabic':
      return { language: 'ar', method: 'script' };
    case 'hebrew':
      return { language: 'he', method: 'script' };
    case 'thai':
      return { language: 'th', method: 'script' };
    case 'devanagari':
      return { language: 'hi', method: 'script' };
    case 'cyrillic':
      return { language: /[іїєґ]/i.test(text) ? 'uk' : 'ru', method: 'script' };
    case 'latin':
      return { latin: text };
  }
}
