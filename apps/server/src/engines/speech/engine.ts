/**
 * One interface for every speech-to-text engine: an audio file in, timed segments (and words when
 * the engine gives them) out, in milliseconds from the start of that file.
 */
import type { TimedSegment, TimedWord } from '@subtrans/subtitles';

/** the transcript's shapes are the ones the cue cutter reads (packages/subtitles) */
export type { TimedSegment, TimedWord };

export interface Transcript {
  /** ISO 639-1 code when the engine says, else null */
  language: string | null;
  segments: TimedSegment[];
}

export interface SpeechEngine {
  readonly name: string;
  /** the largest audio file one request may carry (the caller splits longer audio) */
  readonly maxUploadBytes: number;
  transcribe(
    audio: { path: string; fileName: string; contentType: string },
    opts?: { language?: string; prompt?: string; signal?: AbortSignal },
  ): Promise<Transcript>;
}

export type SpeechFailure =
  /** the provider answered HTTP 4xx/5xx or the connection failed */
  | 'http'
  /** the provider said no in its own words (an error object in a 2xx answer) */
  | 'api'
  /** the answer could not be read (not JSON, wrong shape) */
  | 'format'
  /** no answer in time */
  | 'timeout'
  /** the file is larger than one request may carry */
  | 'too-large';

export class SpeechError extends Error {
  constructor(
    readonly kind: SpeechFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SpeechError';
  }
}

/**
 * Whisper's languages (openai-whisper tokenizer.py), ISO 639-1 code → the lower-case English name
 * OpenAI answers in `language`. Whisper's own codes that are not ISO 639-1 are mapped here: `jw` →
 * `jv` (Javanese), `yue` (Cantonese) → `zh`; Hawaiian has no ISO 639-1 code and is left out.
 */
const WHISPER_LANGUAGES: Record<string, string> = {
  en: 'english',
  zh: 'chinese',
  de: 'german',
  es: 'spanish',
  ru: 'russian',
  ko: 'korean',
  fr: 'french',
  ja: 'japanese',
  pt: 'portuguese',
  tr: 'turkish',
  pl: 'polish',
  ca: 'catalan',
  nl: 'dutch',
  ar: 'arabic',
  sv: 'swedish',
  it: 'italian',
  id: 'indonesian',
  hi: 'hindi',
  fi: 'finnish',
  vi: 'vietnamese',
  he: 'hebrew',
  uk: 'ukrainian',
  el: 'greek',
  ms: 'malay',
  cs: 'czech',
  ro: 'romanian',
  da: 'danish',
  hu: 'hungarian',
  ta: 'tamil',
  no: 'norwegian',
  th: 'thai',
  ur: 'urdu',
  hr: 'croatian',
  bg: 'bulgarian',
  lt: 'lithuanian',
  la: 'latin',
  mi: 'maori',
  ml: 'malayalam',
  cy: 'welsh',
  sk: 'slovak',
  te: 'telugu',
  fa: 'persian',
  lv: 'latvian',
  bn: 'bengali',
  sr: 'serbian',
  az: 'azerbaijani',
  sl: 'slovenian',
  kn: 'kannada',
  et: 'estonian',
  mk: 'macedonian',
  br: 'breton',
  eu: 'basque',
  is: 'icelandic',
  hy: 'armenian',
  ne: 'nepali',
  mn: 'mongolian',
  bs: 'bosnian',
  kk: 'kazakh',
  sq: 'albanian',
  sw: 'swahili',
  gl: 'galician',
  mr: 'marathi',
  pa: 'punjabi',
  si: 'sinhala',
  km: 'khmer',
  sn: 'shona',
  yo: 'yoruba',
  so: 'somali',
  af: 'afrikaans',
  oc: 'occitan',
  ka: 'georgian',
  be: 'belarusian',
  tg: 'tajik',
  sd: 'sindhi',
  gu: 'gujarati',
  am: 'amharic',
  yi: 'yiddish',
  lo: 'lao',
  uz: 'uzbek',
  fo: 'faroese',
  ht: 'haitian creole',
  ps: 'pashto',
  tk: 'turkmen',
  nn: 'nynorsk',
  mt: 'maltese',
  sa: 'sanskrit',
  lb: 'luxembourgish',
  my: 'myanmar',
  bo: 'tibetan',
  tl: 'tagalog',
  mg: 'malagasy',
  as: 'assamese',
  tt: 'tatar',
  ln: 'lingala',
  ha: 'hausa',
  ba: 'bashkir',
  jv: 'javanese',
  su: 'sundanese',
};

/** names and codes Whisper also accepts or answers, beyond the table above */
const ALIASES: Record<string, string> = {
  // openai-whisper TO_LANGUAGE_CODE aliases
  burmese: 'my',
  valencian: 'ca',
  flemish: 'nl',
  haitian: 'ht',
  letzeburgesch: 'lb',
  pushto: 'ps',
  panjabi: 'pa',
  moldavian: 'ro',
  moldovan: 'ro',
  sinhalese: 'si',
  castilian: 'es',
  mandarin: 'zh',
  // Whisper's codes that are not ISO 639-1
  jw: 'jv',
  yue: 'zh',
  cantonese: 'zh',
  // common spellings of the same names
  farsi: 'fa',
  'haitian-creole': 'ht',
  'norwegian bokmål': 'no',
  'norwegian nynorsk': 'nn',
  'modern greek': 'el',
};

const BY_NAME: Record<string, string> = Object.fromEntries(
  Object.entries(WHISPER_LANGUAGES).map(([code, name]) => [name, code]),
);

/** The lower-case English name OpenAI answers for a language ("en", "en-US", "English" → "english"). */
export function whisperLanguageName(code: string): string | null {
  const c = languageCode(code);
  return c ? WHISPER_LANGUAGES[c]! : null;
}

/**
 * What a Whisper-type server puts in `language`, as ISO 639-1: OpenAI answers lower-case English
 * names ("english"), faster-whisper, whisper.cpp and Groq answer codes ("en"). Unknown → null.
 */
export function languageCode(name: string | undefined | null): string | null {
  if (typeof name !== 'string') return null;
  const s = name.trim().toLowerCase().replace(/_/g, '-');
  if (!s) return null;
  if (Object.hasOwn(WHISPER_LANGUAGES, s)) return s;
  if (Object.hasOwn(BY_NAME, s)) return BY_NAME[s]!;
  if (Object.hasOwn(ALIASES, s)) return ALIASES[s]!;
  // a tagged code: "en-US", "zh-Hans", "pt-BR"
  const base = /^([a-z]{2,3})-[a-z0-9-]+$/.exec(s)?.[1];
  if (base) {
    if (Object.hasOwn(WHISPER_LANGUAGES, base)) return base;
    if (Object.hasOwn(ALIASES, base)) return ALIASES[base]!;
  }
  return null;
}
