import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { HTML_LANG, UI_LANGUAGES } from '@subtrans/contract';
import type { TextPart } from './text-parts';
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

type Texts = Record<string, unknown>;

/**
 * Each language's texts in two chunks (lib/text-parts.ts): what the home page draws, and the rest.
 * A visitor downloads one language, not three, and the home page only its own texts.
 */
const TEXTS: Record<UiLanguage, Record<TextPart, () => Promise<Texts>>> = {
  zh: {
    home: () => import('@subtrans/locales/zh.json?texts=home').then((m) => m.default),
    rest: () => import('@subtrans/locales/zh.json?texts=rest').then((m) => m.default),
  },
  en: {
    home: () => import('@subtrans/locales/en.json?texts=home').then((m) => m.default),
    rest: () => import('@subtrans/locales/en.json?texts=rest').then((m) => m.default),
  },
  ja: {
    home: () => import('@subtrans/locales/ja.json?texts=home').then((m) => m.default),
    rest: () => import('@subtrans/locales/ja.json?texts=rest').then((m) => m.default),
  },
};

/** whether every text is wanted (any page but the home page's), or only the home page's */
let allTexts = true;

/** `a` with `b`'s texts added, subtree by subtree (the parts share some: `account`) */
function merged(a: Texts, b: Texts): Texts {
  const out: Texts = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    out[key] =
      typeof mine === 'object' && mine !== null && typeof value === 'object' && value !== null
        ? merged(mine as Texts, value as Texts)
        : value;
  }
  return out;
}

const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (lang, _ns, done) => {
    if (!isUiLanguage(lang)) return done(null, {});
    const parts = allTexts ? [TEXTS[lang].home(), TEXTS[lang].rest()] : [TEXTS[lang].home()];
    Promise.all(parts).then(
      (loaded) => done(null, loaded.reduce(merged, {})),
      (e: unknown) => done(e instanceof Error ? e : new Error(String(e)), false),
    );
  },
};

let restLoading: Promise<void> | null = null;

/**
 * Every text of the language shown (and of any language chosen later): what a page beyond the
 * home page needs before it renders (router.tsx loads it with the Ant Design layout).
 */
export function loadAllTexts(): Promise<void> {
  if (allTexts) return Promise.resolve();
  restLoading ??= (async () => {
    const lang = currentLanguage();
    const rest = await TEXTS[lang].rest();
    allTexts = true;
    i18n.addResourceBundle(lang, 'translation', rest, true, false);
    // a language chosen earlier on the home page holds its home texts only: read it again whole
    const others = UI_LANGUAGES.filter((l) => l !== lang && i18n.hasResourceBundle(l, 'translation'));
    if (others.length) await i18n.reloadResources(others);
  })().catch((e: unknown) => {
    restLoading = null; // a later page tries again
    throw e;
  });
  return restLoading;
}

/** The host's default the server wrote into `<html lang>` (zh when the page did not come from it). */
export function documentLanguage(): UiLanguage {
  const html = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return UI_LANGUAGES.find((l) => HTML_LANG[l] === html) ?? 'zh';
}

/**
 * Starts i18n in the resolved language; settles once that language's texts are loaded: all of
 * them, or with `texts: 'home'` only those the home page draws (main.tsx, on its addresses).
 */
export async function initI18n(
  siteDefault: UiLanguage = documentLanguage(),
  opts: { texts?: 'home' | 'all' } = {},
) {
  allTexts = opts.texts !== 'home';
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
      // a part of the texts arriving later draws again what was drawn before it
      react: { useSuspense: false, bindI18nStore: 'added' },
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
