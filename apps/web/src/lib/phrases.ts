import { useEffect, useState } from 'react';
import type { Parser } from 'budoux';

/** The interface languages written without spaces, whose lines may break between any two characters. */
type PhraseLanguage = 'zh' | 'ja';

// one chunk per language, loaded on first use: a visitor in English or Japanese on Chromium loads none
const LOADERS: Record<PhraseLanguage, () => Promise<Parser>> = {
  zh: () => import('./phrases-zh').then((m) => m.parser),
  ja: () => import('./phrases-ja').then((m) => m.parser),
};
const loaded = new Map<PhraseLanguage, Parser>();

/**
 * Whether `lang`'s text needs BudouX to break between phrases: CSS `word-break: auto-phrase`
 * (index.css) does it for Japanese where the browser supports it (Chromium), and for no browser in
 * Chinese.
 */
export function needsPhraseSplitting(lang: string): lang is PhraseLanguage {
  if (lang === 'zh') return true;
  if (lang === 'ja') return typeof CSS === 'undefined' || !CSS.supports('word-break', 'auto-phrase');
  return false;
}

/** The phrase parser `lang` needs, once loaded; null when the browser's line breaking will do. */
export function usePhraseParser(lang: string): Parser | null {
  const wanted = needsPhraseSplitting(lang) ? lang : null;
  const [, setLoadedCount] = useState(0);
  useEffect(() => {
    if (!wanted || loaded.has(wanted)) return;
    let live = true;
    LOADERS[wanted]()
      .then((parser) => {
        loaded.set(wanted, parser);
        if (live) setLoadedCount((n) => n + 1);
      })
      // without its chunk (offline, a new deployment) the text keeps the browser's breaks
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [wanted]);
  return wanted ? (loaded.get(wanted) ?? null) : null;
}
