import { durationBreach, overCpl, overCps, overLines } from '@subtrans/subtitles/budget';

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
  const duration = s.endMs - s.startMs;
  if (!text.trim()) flags.push('empty');
  else {
    // the package's checks (one implementation with the server's norms), in the counting these
    // one-for-all-languages limits were set in: line width in columns, reading speed in characters
    if (overCpl(text, rules.maxLineWidth, 'width')) flags.push('cpl');
    if (overLines(text, rules.maxLines)) flags.push('lines');
    if (overCps(text, duration, rules.maxCps, 'chars')) flags.push('cps');
    if (s.originalText.trim() && text.trim() === s.originalText.trim()) flags.push('untranslated');
  }
  flags.push(...durationBreach(duration, rules));
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
  /** segment i's flags, from the cache when neither it nor its neighbour's start changed */
  const at = (segments: readonly CheckedSegment[], i: number, current: QualityRules = cachedRules) => {
    if (current !== cachedRules) {
      cache = new WeakMap();
      cachedRules = current;
    }
    const s = segments[i]!;
    const nextStart = segments[i + 1]?.startMs ?? null;
    let hit = cache.get(s);
    if (!hit || hit.nextStart !== nextStart) {
      hit = { nextStart, flags: flagsOf(segments, i, current) };
      cache.set(s, hit);
    }
    return hit.flags;
  };
  const all = (segments: readonly CheckedSegment[], current: QualityRules = cachedRules) => {
    const out = new Map<number, Flag[]>();
    for (let i = 0; i < segments.length; i += 1) {
      const flags = at(segments, i, current);
      if (flags.length) out.set(segments[i]!.id, flags);
    }
    return out;
  };
  return Object.assign(all, { at });
}

/**
 * Every line's flags, kept up to date line by line: the first pass checks each line; after it, a
 * new segments array costs one comparison per line (the reducer keeps unchanged segments
 * identical) and a check of the changed lines and of the line before each (its overlap depends on
 * the next start). The map answered is a new one only when some line's flags changed (it is never
 * changed after it is answered), so typing in a 10,000-line file mostly allocates nothing. Another
 * set of lines (a new load) or other rules start over.
 */
export function createFlagIndex(cache: ReturnType<typeof createFlagCache>) {
  let seen: readonly CheckedSegment[] | null = null;
  let seenRules: QualityRules | null = null;
  let flags: ReadonlyMap<number, Flag[]> = new Map();
  return (segments: readonly CheckedSegment[], rules: QualityRules): ReadonlyMap<number, Flag[]> => {
    const previous = seen;
    const sameLines =
      previous !== null &&
      seenRules === rules &&
      previous.length === segments.length &&
      segments.every((s, i) => s === previous[i] || s.id === previous[i]!.id);
    if (!sameLines) {
      flags = cache(segments, rules);
    } else if (previous !== segments) {
      const updates: [number, Flag[]][] = [];
      const check = (i: number) => {
        const f = cache.at(segments, i, rules);
        const id = segments[i]!.id;
        const old = flags.get(id) ?? [];
        if (old.length !== f.length || old.some((x, k) => x !== f[k])) updates.push([id, f]);
      };
      for (let i = 0; i < segments.length; i += 1) {
        if (segments[i] === previous[i]) continue;
        if (i > 0) check(i - 1);
        check(i);
      }
      if (updates.length) {
        const next = new Map(flags);
        for (const [id, f] of updates) {
          if (f.length) next.set(id, f);
          else next.delete(id);
        }
        flags = next;
      }
    }
    seen = segments;
    seenRules = rules;
    return flags;
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
