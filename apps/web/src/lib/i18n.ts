import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { HTML_LANG, UI_LANGUAGES } from '@subtrans/contract';
import { MESSAGES } from '@subtrans/locales';
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

const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lang, _ns, done) => {
    if (!isUiLanguage(lang)) return done(null, {});
    // each language's texts are their own chunk: a visitor downloads one language, not three
    MESSAGES[lang]().then(
      (m) => done(null, m),
      (e: unknown) => done(e instanceof Error ? e : new Error(String(e)), false),
    );
  },
};

/** The host's default the server wrote into `<html lang>` (zh when the page did not come from it). */
export function documentLanguage(): UiLanguage {
  const html = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return UI_LANGUAGES.find((l) => HTML_LANG[l] === html) ?? 'zh';
}

/** Starts i18n in the resolved language; settles once that language's texts are loaded. */
export async function initI18n(siteDefault: UiLanguage = documentLanguage()) {
  const lang = resolveLanguage({
    query: queryLanguage(),
    stored: storage.get(STORAGE_KEYS.language),
    siteDefault,
  });
  // an address with ?lang= is a choice: remember it like the switcher does
  if (isUiLanguage(queryLanguage())) storage.set(STORAGE_KEYS.language, lang);
  applyDocumentLanguage(lang);
  i18n.on('languageChanged', (l) => {
    if (isUiLanguage(l)) applyDocumentLanguage(l);
  });
  await i18n
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      // every locale has every key (i18n.test.ts): no second language is loaded as a fallback
      fallbackLng: false,
      supportedLngs: [...UI_LANGUAGES],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  return i18n;
}

/** Switches the interface, once the language's texts are loaded (the page keeps the old until then). */
export function changeLanguage(lang: UiLanguage) {
  return i18n.changeLanguage(lang);
}

/** The switcher's choice: applied and remembered. */
export function chooseLanguage(lang: UiLanguage) {
  storage.set(STORAGE_KEYS.language, lang);
  return changeLanguage(lang);
}

export function currentLanguage(): UiLanguage {
  return isUiLanguage(i18n.language) ? i18n.language : 'zh';
}

export { i18n };
