import { lineWidth, readingSpeed } from '@subtrans/subtitles/width';

export { visibleText, lineWidth, readingSpeed } from '@subtrans/subtitles/width';

/**
 * Subtitle quality flags, following Netflix's timed-text style guide by default (all limits are
 * settings):
 * - at most 42 characters per line, where a wide character (CJK ideographs, kana, Hangul, full-width
 *   forms: East Asian Width W/F) counts as 2, so a Chinese or Japanese line holds 21 of them;
 * - at most 2 lines;
 * - reading speed at most 17 characters per second (tags and line breaks not counted);
 * - duration between 5/6 s and 7 s;
 * - no overlap with the next line; no empty translation; no line left in the original language
 *   (the engine gave up on it).
 */
export interface QualityRules {
  maxLineWidth: number;
  maxLines: number;
  maxCps: number;
  minDurationMs: number;
  maxDurationMs: number;
}

export const NETFLIX_RULES: QualityRules = {
  maxLineWidth: 42,
  maxLines: 2,
  maxCps: 17,
  minDurationMs: 833,
  maxDurationMs: 7000,
};

export const FLAGS = ['cpl', 'lines', 'cps', 'short', 'long', 'overlap', 'empty', 'untranslated'] as const;
export type Flag = (typeof FLAGS)[number];

export interface CheckedSegment {
  id: number;
  startMs: number;
  endMs: number;
  originalText: string;
  translatedText: string;
}

/** The flags of segment `i` (its neighbour decides overlap). */
export function flagsOf(
  segments: readonly CheckedSegment[],
  i: number,
  rules: QualityRules = NETFLIX_RULES,
): Flag[] {
  const s = segments[i]!;
  const next = segments[i + 1];
  const text = s.translatedText;
  const flags: Flag[] = [];
  const lines = text.split(/\r?\n/);
  const duration = s.endMs - s.startMs;
  if (!text.trim()) flags.push('empty');
  else {
    if (lines.some((l) => lineWidth(l) > rules.maxLineWidth)) flags.push('cpl');
    if (lines.length > rules.maxLines) flags.push('lines');
    if (readingSpeed(text, duration) > rules.maxCps) flags.push('cps');
    if (s.originalText.trim() && text.trim() === s.originalText.trim()) flags.push('untranslated');
  }
  if (duration < rules.minDurationMs) flags.push('short');
  if (duration > rules.maxDurationMs) flags.push('long');
  if (next && next.startMs < s.endMs) flags.push('overlap');
  return flags;
}

/** Every segment's flags, by segment id (only flagged segments are present). */
export function flagAll(segments: readonly CheckedSegment[], rules: QualityRules = NETFLIX_RULES) {
  const out = new Map<number, Flag[]>();
  for (let i = 0; i < segments.length; i += 1) {
    const f = flagsOf(segments, i, rules);
    if (f.length) out.set(segments[i]!.id, f);
  }
  return out;
}

/**
 * flagAll for an editor that changes one line at a time: a segment's flags are recomputed only
 * when the segment object (the reducer keeps unchanged ones identical) or its neighbour's start
 * changed, so a keystroke in a 10,000-line file costs a lookup per line, not a check per line.
 */
export function createFlagCache(rules: QualityRules = NETFLIX_RULES) {
  let cache = new WeakMap<CheckedSegment, { nextStart: number | null; flags: Flag[] }>();
  let cachedRules = rules;
  return (segments: readonly CheckedSegment[], current: QualityRules = cachedRules) => {
    if (current !== cachedRules) {
      cache = new WeakMap();
      cachedRules = current;
    }
    const out = new Map<number, Flag[]>();
    for (let i = 0; i < segments.length; i += 1) {
      const s = segments[i]!;
      const nextStart = segments[i + 1]?.startMs ?? null;
      let hit = cache.get(s);
      if (!hit || hit.nextStart !== nextStart) {
        hit = { nextStart, flags: flagsOf(segments, i, current) };
        cache.set(s, hit);
      }
      if (hit.flags.length) out.set(s.id, hit.flags);
    }
    return out;
  };
}

/** The bounds a user may set each limit within (anything else falls back to the default). */
export const RULE_BOUNDS: Record<keyof QualityRules, { min: number; max: number }> = {
  maxLineWidth: { min: 10, max: 200 },
  maxLines: { min: 1, max: 10 },
  maxCps: { min: 1, max: 100 },
  minDurationMs: { min: 0, max: 10_000 },
  maxDurationMs: { min: 1000, max: 60_000 },
};

/**
 * Rules read back from storage or a form: each limit must be a number within its bounds, else
 * the Netflix default is used; a minimum duration above the maximum is dropped for the default.
 */
export function parseRules(raw: unknown): QualityRules {
  const src = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const out = { ...NETFLIX_RULES };
  for (const key of Object.keys(RULE_BOUNDS) as (keyof QualityRules)[]) {
    const v = src[key];
    const { min, max } = RULE_BOUNDS[key];
    if (typeof v === 'number' && Number.isFinite(v) && v >= min && v <= max) out[key] = v;
  }
  if (out.minDurationMs >= out.maxDurationMs) {
    out.minDurationMs = NETFLIX_RULES.minDurationMs;
    out.maxDurationMs = NETFLIX_RULES.maxDurationMs;
  }
  return out;
}

export const sameRules = (a: QualityRules, b: QualityRules) =>
  (Object.keys(RULE_BOUNDS) as (keyof QualityRules)[]).every((k) => a[k] === b[k]);
