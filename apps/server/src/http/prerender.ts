import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HTML_LANG, PUBLIC_PAGES, SEO_ROUTES, UI_LANGUAGES, type UiLanguage } from '@subtrans/contract';
import { escapeHtml } from './html.js';

type Messages = Record<string, unknown>;

function lookup(messages: Messages, key: string): string {
  let node: unknown = messages;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : '';
}

/**
 * The public pages served with their own title, description, canonical and hreflang links, and
 * their heading and summary in the HTML, in the page's language (`?lang=`, else the host's
 * default), so a crawler without JavaScript reads them; the React app then takes over.
 */
export function createPrerenderer(
  localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/src/locales'),
) {
  const locales = new Map<UiLanguage, Messages>();
  for (const lang of UI_LANGUAGES) {
    const file = path.join(localesDir, `${lang}.json`);
    if (existsSync(file)) locales.set(lang, JSON.parse(readFileSync(file, 'utf8')) as Messages);
  }
  const publicPages = new Set([...PUBLIC_PAGES, '/home']);
  const seo = new Set<string>(SEO_ROUTES);

  return (indexHtml: string, pathname: string, lang: UiLanguage, origin: string): string => {
    const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // every page says its language: the app starts in it without waiting for the host's profile
    const html = indexHtml.replace(/<html lang="[^"]*">/, `<html lang="${HTML_LANG[lang]}">`);
    const messages = locales.get(lang);
    if (!messages || !publicPages.has(page)) return html;
    const slug = page.slice(1);
    const t = (key: string) => lookup(messages, key);
    let title: string, description: string, heading: string, summary: string;
    if (seo.has(slug)) {
      [title, description, heading] = ['title', 'description', 'heading'].map((k) =>
        t(`meta.seo.${slug}.${k}`),
      ) as [string, string, string];
      summary = t('home.heroSubtitle');
    } else if (page === '/' || page === '/home') {
      [title, description, heading, summary] = [
        t('meta.home.title'),
        t('meta.home.description'),
        t('home.heroTitle'),
        t('home.heroSubtitle'),
      ];
    } else {
      [title, description] = [t(`meta.${slug}.title`), t(`meta.${slug}.description`)];
      [heading, summary] = [title, description];
    }
    const url = (l?: UiLanguage) => `${origin}${page}${l ? `?lang=${l}` : ''}`;
    const links = [
      `<link rel="canonical" href="${url(lang)}" />`,
      ...UI_LANGUAGES.map((l) => `<link rel="alternate" hreflang="${l}" href="${url(l)}" />`),
      `<link rel="alternate" hreflang="x-default" href="${url()}" />`,
    ].join('\n    ');
    return html
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(`${title} | ${t('app.name')}`)}</title>`)
      .replace(
        /<meta name="description" content="[^"]*" \/>/,
        `<meta name="description" content="${escapeHtml(description)}" />`,
      )
      .replace('</head>', `  ${links}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root"><main data-prerendered="true"><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(summary)}</p></main></div>`,
      );
  };
}
