import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { UI_LANGUAGES } from '@subtrans/contract';
import { HTML_LANG, type UiLanguage } from './i18n';
import { runtimeKey } from './i18n-keys';

function upsert(selector: string, create: () => HTMLElement): HTMLElement {
  const found = document.head.querySelector<HTMLElement>(selector);
  if (found) return found;
  const el = create();
  document.head.appendChild(el);
  return el;
}

function link(rel: string, hreflang?: string) {
  const sel = hreflang ? `link[rel="${rel}"][hreflang="${hreflang}"]` : `link[rel="${rel}"]`;
  return upsert(sel, () => {
    const el = document.createElement('link');
    el.rel = rel;
    if (hreflang) el.hreflang = hreflang;
    return el;
  }) as HTMLLinkElement;
}

/** The language-specific address of a page: the same path with `?lang=`. */
export function languageUrl(origin: string, pathname: string, lang: UiLanguage): string {
  return `${origin}${pathname}?lang=${lang}`;
}

/**
 * Per-language `<title>`, meta description, canonical and hreflang alternates (zh/en/ja and
 * x-default) for the current page. Keys are i18n keys under `meta.*`.
 */
export function usePageMeta(page: string) {
  const { t, i18n } = useTranslation();
  useEffect(() => {
    const lang = (i18n.language as UiLanguage) ?? 'zh';
    const origin = window.location.origin;
    const pathname = window.location.pathname;
    document.title = `${t(runtimeKey('meta.*.title', page))} | ${t('app.name')}`;
    const desc = upsert('meta[name="description"]', () => {
      const el = document.createElement('meta');
      el.setAttribute('name', 'description');
      return el;
    });
    desc.setAttribute('content', t(runtimeKey('meta.*.description', page)));
    link('canonical').href = languageUrl(origin, pathname, lang);
    for (const l of UI_LANGUAGES) link('alternate', l).href = languageUrl(origin, pathname, l);
    link('alternate', 'x-default').href = `${origin}${pathname}`;
    document.documentElement.lang = HTML_LANG[lang] ?? 'zh-CN';
  }, [page, t, i18n.language]);
}
