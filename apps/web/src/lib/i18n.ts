import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { HTML_LANG, UI_LANGUAGES } from '@subtrans/contract';
import zh from '../locales/zh.json';
import en from '../locales/en.json';
import ja from '../locales/ja.json';
import { setApiLanguage } from './api-client';
import { STORAGE_KEYS, storage } from './storage';

export type UiLanguage = (typeof UI_LANGUAGES)[number];

export const LANGUAGE_LABELS: Record<UiLanguage, string> = { zh: '中文', en: 'English', ja: '日本語' };
export { HTML_LANG };

export function isUiLanguage(v: unknown): v is UiLanguage {
  return typeof v === 'string' && (UI_LANGUAGES as readonly string[]).includes(v);
}

/** `?lang=` first, then the stored preference, then the host's default (site profile). */
export function resolveLanguage(opts: {
  query: string | null;
  stored: string | null;
  siteDefault: UiLanguage;
}): UiLanguage {
  if (isUiLanguage(opts.query)) return opts.query;
  if (isUiLanguage(opts.stored)) return opts.stored;
  return opts.siteDefault;
}

export function queryLanguage(): string | null {
  return new URLSearchParams(window.location.search).get('lang');
}

export function hasExplicitLanguage(): boolean {
  return isUiLanguage(queryLanguage()) || isUiLanguage(storage.get(STORAGE_KEYS.language));
}

function applyDocumentLanguage(lang: UiLanguage) {
  document.documentElement.lang = HTML_LANG[lang];
  setApiLanguage(lang);
}

export function initI18n(siteDefault: UiLanguage = 'zh') {
  const lang = resolveLanguage({
    query: queryLanguage(),
    stored: storage.get(STORAGE_KEYS.language),
    siteDefault,
  });
  // an address with ?lang= is a choice: remember it like the switcher does
  if (isUiLanguage(queryLanguage())) storage.set(STORAGE_KEYS.language, lang);
  void i18n.use(initReactI18next).init({
    resources: { zh: { translation: zh }, en: { translation: en }, ja: { translation: ja } },
    lng: lang,
    fallbackLng: 'zh',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLanguage(lang);
  i18n.on('languageChanged', (l) => {
    if (isUiLanguage(l)) applyDocumentLanguage(l);
  });
  return i18n;
}

/** The switcher's choice: applied now and remembered. */
export function chooseLanguage(lang: UiLanguage) {
  storage.set(STORAGE_KEYS.language, lang);
  void i18n.changeLanguage(lang);
}

export function currentLanguage(): UiLanguage {
  return isUiLanguage(i18n.language) ? i18n.language : 'zh';
}

export { i18n };
