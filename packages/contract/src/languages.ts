import type { UiLanguage } from './errors.js';

/** SPEC §3: languages of subtitle translation ('auto' = detect from the file). */
export const SUBTITLE_LANGUAGES = [
  'auto',
  'zh-CN',
  'zh-HK',
  'en',
  'ja',
  'ko',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'ru',
  'ar',
  'hi',
  'th',
  'vi',
  'id',
  'ms',
  'tl',
  'nl',
  'sv',
  'no',
  'da',
  'fi',
  'pl',
  'tr',
  'he',
  'uk',
  'cs',
] as const;

/** SPEC §3: languages of audio/video transcription. */
export const MEDIA_LANGUAGES = [
  'auto',
  'en',
  'es',
  'fr',
  'de',
  'id',
  'it',
  'ja',
  'nl',
  'pl',
  'pt',
  'ru',
  'tr',
  'uk',
  'ca',
  'ar',
  'az',
  'bg',
  'bs',
  'zh',
  'cs',
  'da',
  'el',
  'et',
  'fi',
  'tl',
  'gl',
  'hi',
  'hr',
  'hu',
  'ko',
  'mk',
  'ms',
  'nb',
  'ro',
  'sk',
  'sv',
  'th',
  'ur',
  'vi',
  'af',
  'be',
  'cy',
  'fa',
  'he',
  'hy',
  'is',
  'kk',
  'lt',
  'lv',
  'mi',
  'mr',
  'sl',
  'sw',
  'ta',
] as const;

export type SubtitleLanguageCode = (typeof SUBTITLE_LANGUAGES)[number];
export type MediaLanguageCode = (typeof MEDIA_LANGUAGES)[number];

/** Names the platform's own list would get wrong or clumsy. */
const OWN_NAMES: Record<string, Record<UiLanguage, string>> = {
  auto: { zh: '自动检测', en: 'Detect automatically', ja: '自動検出' },
  'zh-CN': { zh: '简体中文', en: 'Chinese (Simplified)', ja: '中国語（簡体字）' },
  'zh-HK': { zh: '繁体中文（香港）', en: 'Chinese (Traditional, Hong Kong)', ja: '中国語（繁体字・香港）' },
  zh: { zh: '中文', en: 'Chinese', ja: '中国語' },
  tl: { zh: '他加禄语', en: 'Tagalog', ja: 'タガログ語' },
};

const displayNames = new Map<UiLanguage, Intl.DisplayNames>();

/** A language's name in an interface language (names of every language in zh, en and ja). */
export function languageName(code: string, ui: UiLanguage): string {
  const own = OWN_NAMES[code]?.[ui];
  if (own) return own;
  let names = displayNames.get(ui);
  if (!names) {
    names = new Intl.DisplayNames([ui], { type: 'language', fallback: 'code' });
    displayNames.set(ui, names);
  }
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Select options, searchable by name or code (SPEC §3). */
export function languageOptions(codes: readonly string[], ui: UiLanguage) {
  return codes.map((code) => ({
    value: code,
    label: languageName(code, ui),
    search: `${code} ${languageName(code, ui)}`,
  }));
}
