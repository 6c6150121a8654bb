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

/**
 * The name of every listed language in each interface language, written out: building the
 * browser's Intl.DisplayNames loads its locale data, which cost the editor's first paint ~10 ms
 * (40 ms on a slow phone). Derived from Intl's names (CLDR), except where those are clumsy.
 */
const NAMES: Record<string, Record<UiLanguage, string>> = {
  auto: { zh: '自动检测', en: 'Detect automatically', ja: '自動検出' },
  'zh-CN': { zh: '简体中文', en: 'Chinese (Simplified)', ja: '中国語（簡体字）' },
  'zh-HK': { zh: '繁体中文（香港）', en: 'Chinese (Traditional, Hong Kong)', ja: '中国語（繁体字・香港）' },
  zh: { zh: '中文', en: 'Chinese', ja: '中国語' },
  tl: { zh: '他加禄语', en: 'Tagalog', ja: 'タガログ語' },
  en: { zh: '英语', en: 'English', ja: '英語' },
  ja: { zh: '日语', en: 'Japanese', ja: '日本語' },
  ko: { zh: '韩语', en: 'Korean', ja: '韓国語' },
  es: { zh: '西班牙语', en: 'Spanish', ja: 'スペイン語' },
  fr: { zh: '法语', en: 'French', ja: 'フランス語' },
  de: { zh: '德语', en: 'German', ja: 'ドイツ語' },
  it: { zh: '意大利语', en: 'Italian', ja: 'イタリア語' },
  pt: { zh: '葡萄牙语', en: 'Portuguese', ja: 'ポルトガル語' },
  ru: { zh: '俄语', en: 'Russian', ja: 'ロシア語' },
  ar: { zh: '阿拉伯语', en: 'Arabic', ja: 'アラビア語' },
  hi: { zh: '印地语', en: 'Hindi', ja: 'ヒンディー語' },
  th: { zh: '泰语', en: 'Thai', ja: 'タイ語' },
  vi: { zh: '越南语', en: 'Vietnamese', ja: 'ベトナム語' },
  id: { zh: '印度尼西亚语', en: 'Indonesian', ja: 'インドネシア語' },
  ms: { zh: '马来语', en: 'Malay', ja: 'マレー語' },
  nl: { zh: '荷兰语', en: 'Dutch', ja: 'オランダ語' },
  sv: { zh: '瑞典语', en: 'Swedish', ja: 'スウェーデン語' },
  no: { zh: '挪威语', en: 'Norwegian', ja: 'ノルウェー語' },
  da: { zh: '丹麦语', en: 'Danish', ja: 'デンマーク語' },
  fi: { zh: '芬兰语', en: 'Finnish', ja: 'フィンランド語' },
  pl: { zh: '波兰语', en: 'Polish', ja: 'ポーランド語' },
  tr: { zh: '土耳其语', en: 'Turkish', ja: 'トルコ語' },
  he: { zh: '希伯来语', en: 'Hebrew', ja: 'ヘブライ語' },
  uk: { zh: '乌克兰语', en: 'Ukrainian', ja: 'ウクライナ語' },
  cs: { zh: '捷克语', en: 'Czech', ja: 'チェコ語' },
  ca: { zh: '加泰罗尼亚语', en: 'Catalan', ja: 'カタロニア語' },
  az: { zh: '阿塞拜疆语', en: 'Azerbaijani', ja: 'アゼルバイジャン語' },
  bg: { zh: '保加利亚语', en: 'Bulgarian', ja: 'ブルガリア語' },
  bs: { zh: '波斯尼亚语', en: 'Bosnian', ja: 'ボスニア語' },
  el: { zh: '希腊语', en: 'Greek', ja: 'ギリシャ語' },
  et: { zh: '爱沙尼亚语', en: 'Estonian', ja: 'エストニア語' },
  gl: { zh: '加利西亚语', en: 'Galician', ja: 'ガリシア語' },
  hr: { zh: '克罗地亚语', en: 'Croatian', ja: 'クロアチア語' },
  hu: { zh: '匈牙利语', en: 'Hungarian', ja: 'ハンガリー語' },
  mk: { zh: '马其顿语', en: 'Macedonian', ja: 'マケドニア語' },
  nb: { zh: '书面挪威语', en: 'Norwegian Bokmål', ja: 'ノルウェー語(ブークモール)' },
  ro: { zh: '罗马尼亚语', en: 'Romanian', ja: 'ルーマニア語' },
  sk: { zh: '斯洛伐克语', en: 'Slovak', ja: 'スロバキア語' },
  ur: { zh: '乌尔都语', en: 'Urdu', ja: 'ウルドゥー語' },
  af: { zh: '南非荷兰语', en: 'Afrikaans', ja: 'アフリカーンス語' },
  be: { zh: '白俄罗斯语', en: 'Belarusian', ja: 'ベラルーシ語' },
  cy: { zh: '威尔士语', en: 'Welsh', ja: 'ウェールズ語' },
  fa: { zh: '波斯语', en: 'Persian', ja: 'ペルシア語' },
  hy: { zh: '亚美尼亚语', en: 'Armenian', ja: 'アルメニア語' },
  is: { zh: '冰岛语', en: 'Icelandic', ja: 'アイスランド語' },
  kk: { zh: '哈萨克语', en: 'Kazakh', ja: 'カザフ語' },
  lt: { zh: '立陶宛语', en: 'Lithuanian', ja: 'リトアニア語' },
  lv: { zh: '拉脱维亚语', en: 'Latvian', ja: 'ラトビア語' },
  mi: { zh: '毛利语', en: 'Māori', ja: 'マオリ語' },
  mr: { zh: '马拉地语', en: 'Marathi', ja: 'マラーティー語' },
  sl: { zh: '斯洛文尼亚语', en: 'Slovenian', ja: 'スロベニア語' },
  sw: { zh: '斯瓦希里语', en: 'Swahili', ja: 'スワヒリ語' },
  ta: { zh: '泰米尔语', en: 'Tamil', ja: 'タミル語' },
};

const displayNames = new Map<UiLanguage, Intl.DisplayNames>();

/** A language's name in an interface language (names of every language in zh, en and ja). */
export function languageName(code: string, ui: UiLanguage): string {
  const own = NAMES[code]?.[ui];
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
