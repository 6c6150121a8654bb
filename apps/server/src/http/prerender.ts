import {
  HTML_LANG,
  PUBLIC_PAGES,
  REVIEW_PAGE_PATH,
  SEO_ROUTES,
  UI_LANGUAGES,
  type UiLanguage,
} from '@subtrans/contract';
import { loadAllMessages, messageAt, type MessageKey, type Messages } from '@subtrans/locales';
import { escapeHtml } from './html.js';

/**
 * The public pages served with their own title, description, canonical and hreflang links, and
 * their heading and summary in the HTML, in the page's language (`?lang=`, else the host's
 * default), so a crawler without JavaScript reads them; the React app then takes over. Rejects
 * when a language's texts cannot be loaded: the server does not start without them.
 */
export async function createPrerenderer(load: () => Promise<Record<UiLanguage, Messages>> = loadAllMessages) {
  const texts = await load();
  const publicPages = new Set([...PUBLIC_PAGES, '/home']);
  const seo = new Set<string>(SEO_ROUTES);

  return (indexHtml: string, pathname: string, lang: UiLanguage, origin: string): string => {
    const page = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    // every page says its language: the app starts in it without waiting for the host's profile
    const html = indexHtml.replace(/<html lang="[^"]*">/, `<html lang="${HTML_LANG[lang]}">`);
    // a review link's page (issue 40 §2) is someone's task: never in a search engine's index
    if (page === REVIEW_PAGE_PATH)
      return html.replace('</head>', '  <meta name="robots" content="noindex, nofollow" />\n  </head>');
    if (!publicPages.has(page)) return html;
    const messages = texts[lang];
    const slug = page.slice(1);
    // keys made of page names: prerender.test.ts checks every public page has its texts
    const t = (key: string) => messageAt(messages, key as MessageKey);
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
