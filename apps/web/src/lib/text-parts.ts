/**
 * The interface texts come in two parts per language, each its own chunk. The home page (and the
 * SEO pages and the 404 that share its code) loads only the texts it draws; every page under the
 * Ant Design layout loads the rest too (router.tsx), before it renders. So the home page no longer
 * pays for the texts of the editor, the dashboard and every other feature, which grew with each.
 * The parts are cut at build time from the one source file per language (vite.config.ts).
 */

/**
 * What the home page draws, and the review page (drawn without Ant Design too, for a reviewer who
 * has no account): texts by key, a dotted key taking that subtree only.
 */
export const HOME_TEXTS = [
  'app',
  'header',
  'footer',
  'common',
  'meta',
  'home',
  'notFound',
  'guard',
  // the notice a home page shows after an account's session ended (components/flash-notice.tsx)
  'account.notice',
  'review',
] as const;

export type TextPart = 'home' | 'rest';

type Texts = Record<string, unknown>;

const isTexts = (v: unknown): v is Texts => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The subtree of `texts` a part holds: HOME_TEXTS for 'home', everything else for 'rest'. */
export function textPart(texts: Texts, part: TextPart): Texts {
  const paths = HOME_TEXTS.map((k) => k.split('.'));
  const cut = (node: Texts, depth: number, selected: string[][]): Texts => {
    const out: Texts = {};
    for (const [key, value] of Object.entries(node)) {
      const here = selected.filter((p) => p[depth] === key);
      const whole = here.some((p) => p.length === depth + 1);
      if (whole) {
        if (part === 'home') out[key] = value;
      } else if (here.length && isTexts(value)) {
        const inner = cut(value, depth + 1, here);
        if (Object.keys(inner).length) out[key] = inner;
      } else if (part === 'rest') {
        out[key] = value;
      }
    }
    return out;
  };
  return cut(texts, 0, paths);
}
