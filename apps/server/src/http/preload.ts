import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ANTD_PAGES, API, type UiLanguage } from '@subtrans/contract';
import { escapeHtml } from './html.js';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** the antd layout route and the pages whose code the HTML names (source paths, as in router.tsx) */
const ANTD_LAYOUT = 'src/app/antd-layout.tsx';
const PAGES: { match: (pathname: string) => boolean; source: string }[] = [
  { match: (p) => p.startsWith('/edit/'), source: 'src/features/editor/routes/editor-page.tsx' },
  { match: (p) => p === '/dashboard', source: 'src/app/dashboard/dashboard-page.tsx' },
];
/** a page drawn without antd whose code the HTML names, with only the texts such pages draw */
const REVIEW_PAGE = { match: /^\/review\/?$/, source: 'src/features/review/routes/review-page.tsx' };
const ANTD_PATTERNS = ANTD_PAGES.map((p) => new RegExp(`^${p.replace(/:\w+/g, '[^/]+')}/?$`));
const EDITOR_TASK = /^\/edit\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/**
 * What a signed-in page needs, named in its HTML (<link rel=modulepreload|preload>) so the browser
 * fetches it alongside the entry script instead of after running it: the antd layout's code and
 * style sheet, the page's own code, the texts of the page's language and, for an editor link, the
 * task itself (GET /task/lines?id=, which the app's first fetch then takes over). The review page
 * (issue 40, drawn without antd) gets its own code and the texts it draws; the other pages drawn
 * without antd (home, 404) get nothing; without a build manifest, nothing is added.
 */
export function createPreloader(distDir: string) {
  const file = path.join(distDir, '.vite/manifest.json');
  const manifest: Manifest | null = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest)
    : null;
  const inEntry = new Set<string>();
  const collect = (key: string, into: Set<string>, seen = new Set<string>()) => {
    const chunk = manifest?.[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    into.add(chunk.file);
    for (const css of chunk.css ?? []) into.add(css);
    for (const i of chunk.imports ?? []) collect(i, into, seen);
  };
  const entryKey = manifest && Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (entryKey) collect(entryKey, inEntry);

  /** the links to put in the <head> of the page at `pathname`, in `lang` */
  return (pathname: string, lang: UiLanguage): string => {
    const review = REVIEW_PAGE.match.test(pathname);
    if (!manifest || (!review && !ANTD_PATTERNS.some((p) => p.test(pathname)))) return '';
    const files = new Set<string>();
    if (review) collect(REVIEW_PAGE.source, files);
    else collect(ANTD_LAYOUT, files);
    for (const page of PAGES) if (page.match(pathname)) collect(page.source, files);
    // the manifest names files by their path from apps/web, where the build ran; a language's
    // texts are two chunks, the home page's (with the review page's) and the rest
    // (apps/web/src/lib/text-parts.ts)
    for (const part of review ? ['home'] : ['home', 'rest'])
      collect(`../../packages/locales/src/${lang}.json?texts=${part}`, files);
    const links = [...files]
      .filter((f) => !inEntry.has(f))
      .map((f) =>
        f.endsWith('.css')
          ? `<link rel="preload" as="style" crossorigin href="/${escapeHtml(f)}" />`
          : `<link rel="modulepreload" crossorigin href="/${escapeHtml(f)}" />`,
      );
    // the task last: the browser asks in this order, and reading and writing a long task holds
    // the server (with embedded PGlite, its one thread) for a while; the files first, each quick,
    // are not kept waiting behind it (the page needs its code before the task)
    const task = EDITOR_TASK.exec(pathname)?.[1];
    if (task)
      links.push(
        `<link rel="preload" as="fetch" crossorigin href="${API.taskLines}?id=${task.toLowerCase()}" />`,
      );
    return links.join('\n    ');
  };
}
