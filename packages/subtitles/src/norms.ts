import type { DetectableLanguage } from './language.js';

/**
 * Reading norms per target language: how long a line may be, how many lines a subtitle holds, how
 * fast it may be read, how long it stays on screen. Defaults follow Netflix's Timed Text Style
 * Guides (TTSG, partnerhelp.netflixstudios.com/hc/en-us/articles/…); each figure below names its
 * source, and says so where the guide itself could not be confirmed (then the stricter value of
 * what we found is used). A user may override any figure but the counting (the server keeps the
 * overrides per user and target language).
 */

/** The target languages (SPEC §3's subtitle languages without 'auto'). */
export type NormLanguage = DetectableLanguage;

/**
 * How a character counts against the norms:
 * - 'chars': every character counts 1 (spaces and punctuation too: TTSG FAQ "How is reading speed
 *   measured?", article 115001352212);
 * - 'fullwidth': a full-width character (CJK, kana, Hangul, full-width forms) counts 1, a
 *   half-width one (Latin letters, digits, spaces, ASCII punctuation) 0.5 (same FAQ, for
 *   character-based languages; Japanese TTSG 215767517; Korean TTSG 216001127);
 * - 'width': display columns, a wide character 2 and any other 1 (the editor's limits before
 *   per-language norms; no language uses it by default).
 * Combining marks (Thai vowels and tone marks above or below, Hebrew points, a decomposed accent)
 * take no room of their own and count 0 in every counting; tags and line breaks are not counted.
 */
export type Counting = 'chars' | 'fullwidth' | 'width';

export interface Norms {
  /** characters per line, in `counting` */
  cpl: number;
  /** lines per subtitle */
  lines: number;
  /** characters per second of display, in `counting` */
  cps: number;
  minDurationMs: number;
  maxDurationMs: number;
  counting: Counting;
}

/** What a user may change (the counting belongs to the language). */
export type NormOverrides = Partial<Omit<Norms, 'counting'>>;

/**
 * TTSG General Requirements (215758617): at most 2 lines; at least 5/6 s and at most 7 s on screen.
 * English Template TTSG (219375728): 42 characters per line, 17 characters per second for adult
 * programmes. The English (USA) guide allows 20 cps for adults (as read by third parties; the guide
 * itself was not reached): 17 is kept, the stricter figure, which is also what the editor used.
 */
const LATIN: Norms = {
  cpl: 42,
  lines: 2,
  cps: 17,
  minDurationMs: 833,
  maxDurationMs: 7000,
  counting: 'chars',
};

/**
 * Simplified Chinese TTSG (215986007): 16 characters per line; half-width characters count 0.5
 * (FAQ 115001352212). 9 cps: the figure vendors' guides give for Chinese adult programmes (e.g.
 * Pixelogic's Chinese (Traditional, Hong Kong) guide); the Netflix page did not show one.
 */
const CHINESE: Norms = { ...LATIN, cpl: 16, cps: 9, counting: 'fullwidth' };

/** Languages whose own TTSG was not reached: the Latin defaults, confirmed only for the guides cited. */
const UNCONFIRMED = LATIN;

export const NORMS: Readonly<Record<NormLanguage, Readonly<Norms>>> = {
  'zh-CN': CHINESE,
  // Netflix's Traditional Chinese guides were not reached; Pixelogic's Hong Kong guide allows 18 per
  // line: the Simplified guide's 16 is kept, the stricter.
  'zh-HK': CHINESE,
  // Japanese TTSG (215767517): 13 full-width characters per line (horizontal), half-width 0.5.
  // 4 cps is Japan's long-standing subtitling rule (4 characters a second), which the Netflix
  // page shown to us did not state: kept, the strictest figure found.
  ja: { ...LATIN, cpl: 13, cps: 4, counting: 'fullwidth' },
  // Korean TTSG (216001127): 16 characters per line; Latin characters, spaces and punctuation 0.5.
  // 12 cps: Pixelogic's Korean guide (the Netflix page did not state one).
  ko: { ...LATIN, cpl: 16, cps: 12, counting: 'fullwidth' },
  en: LATIN,
  es: LATIN,
  fr: LATIN,
  de: LATIN,
  it: LATIN,
  pt: LATIN,
  // Vietnamese TTSG (as copied by third parties): 42 characters per line.
  vi: LATIN,
  id: LATIN,
  ms: LATIN,
  tl: LATIN,
  nl: LATIN,
  sv: LATIN,
  no: LATIN,
  da: LATIN,
  fi: LATIN,
  pl: LATIN,
  tr: LATIN,
  cs: LATIN,
  ru: UNCONFIRMED,
  uk: UNCONFIRMED,
  ar: UNCONFIRMED,
  he: UNCONFIRMED,
  hi: UNCONFIRMED,
  // Thai TTSG (220448308): 35 characters per line; its reading speed was not found: 15 cps, below
  // the Latin 17, as Thai packs more per character (marks above and below count 0 here).
  th: { ...LATIN, cpl: 35, cps: 15 },
};

/** The norms of a language we have no entry for (an unknown code). */
export const DEFAULT_NORMS: Readonly<Norms> = LATIN;

/** The bounds a user's override must stay within (anything else is ignored). */
export const NORM_BOUNDS: Record<keyof NormOverrides, { min: number; max: number; integer?: boolean }> = {
  cpl: { min: 5, max: 200 },
  lines: { min: 1, max: 4, integer: true },
  cps: { min: 1, max: 100 },
  minDurationMs: { min: 0, max: 10_000, integer: true },
  maxDurationMs: { min: 1000, max: 60_000, integer: true },
};

const NORM_KEYS = Object.keys(NORM_BOUNDS) as (keyof NormOverrides)[];

/**
 * Overrides read back from storage or a form: only the known keys whose value is a number within
 * NORM_BOUNDS are kept, so the server can store what this answers as it is.
 */
export function parseNormOverrides(raw: unknown): NormOverrides {
  const src = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const out: NormOverrides = {};
  for (const key of NORM_KEYS) {
    const v = src[key];
    const { min, max, integer } = NORM_BOUNDS[key];
    if (typeof v !== 'number' || !Number.isFinite(v) || v < min || v > max) continue;
    if (integer && !Number.isInteger(v)) continue;
    out[key] = v;
  }
  return out;
}

/** The table's entry for a code: exact, else its base language ('pt-BR' → 'pt'), else the default. */
export function baseNorms(lang: string): Readonly<Norms> {
  const table = NORMS as Record<string, Readonly<Norms>>;
  if (table[lang]) return table[lang];
  const lower = lang.toLowerCase();
  if (lower === 'zh' || lower === 'zh-hans' || lower === 'zh-sg') return NORMS['zh-CN'];
  if (lower.startsWith('zh-')) return NORMS['zh-HK'];
  return table[lower.split('-')[0]!] ?? DEFAULT_NORMS;
}

/**
 * The norms for a target language with a user's overrides merged in (invalid overrides are
 * ignored; a minimum duration not below the maximum drops both for the defaults).
 */
export function normsFor(lang: string, overrides?: unknown): Norms {
  const base = baseNorms(lang);
  const out: Norms = { ...base, ...parseNormOverrides(overrides) };
  if (out.minDurationMs >= out.maxDurationMs) {
    out.minDurationMs = base.minDurationMs;
    out.maxDurationMs = base.maxDurationMs;
  }
  return out;
}
