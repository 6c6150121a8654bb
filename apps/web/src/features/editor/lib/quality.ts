import { durationBreach, measureIn, overCpl, overLines } from '@subtrans/subtitles/budget';
import { DEFAULT_NORMS, type Norms } from '@subtrans/subtitles/norms';
import { framesToMs, MIN_GAP_FRAMES } from '@subtrans/subtitles/retime';

export { visibleText, lineWidth, readingSpeed } from '@subtrans/subtitles/width';

/**
 * Subtitle quality flags under the target language's reading norms (packages/subtitles' norms.ts:
 * Netflix's timed-text style guides by default, the user's overrides from the server merged in),
 * each measured in the norm's own counting: 42 characters a line for Latin scripts, 16 for Chinese
 * and 13 for Japanese where a half-width character counts half, and so on. Besides the norms: no
 * overlap with the next line, no empty translation, no line left in the original (the engine gave
 * up on it).
 */
export type QualityRules = Norms;

/** The norms used before the task's language is known (Latin: 42 a line, 17 a second). */
export const DEFAULT_RULES: QualityRules = DEFAULT_NORMS;

export const FLAGS = [
  'cpl',
  'lines',
  'cps',
  'short',
  'long',
  'overlap',
  'gap',
  'empty',
  'untranslated',
] as const;
export type Flag = (typeof FLAGS)[number];

/** the flags fix timing mends (or reports): a click on one opens it */
export const TIMING_FLAGS: ReadonlySet<string> = new Set<Flag>(['short', 'long', 'overlap', 'gap']);

/**
 * Issue 36: the least time between two lines, fix timing's minimum gap at its default 24 fps.
 * Touching lines break it too: the eye reads them as one subtitle.
 */
export const MIN_GAP_MS = framesToMs(MIN_GAP_FRAMES, 24);

export interface CheckedSegment {
  id: number;
  startMs: number;
  endMs: number;
  originalText: string;
  translatedText: string;
}

/** What of a translation's flags its text alone decides, and its length in the norm's counting. */
export interface TextMeasure {
  cpl: boolean;
  lines: boolean;
  chars: number;
}

/** The package's checks (one implementation with the server's), in the language's counting. */
export const measureText = (text: string, rules: QualityRules): TextMeasure => ({
  cpl: overCpl(text, rules.cpl, rules.counting),
  lines: overLines(text, rules.lines),
  chars: measureIn(text, rules.counting),
});

/**
 * The flags of segment `i` (its neighbour decides overlap). `measure` may answer a text's measure
 * from a cache: lines moved in time keep their texts, and measuring is most of the cost.
 */
export function flagsOf(
  segments: readonly CheckedSegment[],
  i: number,
  rules: QualityRules = DEFAULT_RULES,
  measure: (text: string) => TextMeasure = (text) => measureText(text, rules),
): Flag[] {
  const s = segments[i]!;
  const next = segments[i + 1];
  const text = s.translatedText;
  const flags: Flag[] = [];
  const duration = s.endMs - s.startMs;
  if (!text.trim()) flags.push('empty');
  else {
    const m = measure(text);
    if (m.cpl) flags.push('cpl');
    if (m.lines) flags.push('lines');
    // as budget.ts's readingRate: no duration reads at an infinite rate
    const rate = duration > 0 ? m.chars / (duration / 1000) : m.chars > 0 ? Infinity : 0;
    if (rate > rules.cps) flags.push('cps');
    if (s.originalText.trim() && text.trim() === s.originalText.trim()) flags.push('untranslated');
  }
  flags.push(...durationBreach(duration, rules));
  if (next && next.startMs < s.endMs) flags.push('overlap');
  else if (next && next.startMs - s.endMs < MIN_GAP_MS) flags.push('gap');
  return flags;
}

/**
 * Issue 36: the lines to review: those the server flagged and those with a timing fault (too short,
 * too long, overlapping, a gap under 2 frames), which fix timing mends in one click.
 */
export function linesToReview(
  review: ReadonlyMap<number, unknown>,
  flags: ReadonlyMap<number, readonly Flag[]>,
): ReadonlySet<number> {
  const out = new Set(review.keys());
  for (const [id, f] of flags) if (f.some((x) => TIMING_FLAGS.has(x))) out.add(id);
  return out;
}

/** Every segment's flags, by segment id (only flagged segments are present). */
export function flagAll(segments: readonly CheckedSegment[], rules: QualityRules = DEFAULT_RULES) {
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
export function createFlagCache(rules: QualityRules = DEFAULT_RULES) {
  let cache = new WeakMap<CheckedSegment, { nextStart: number | null; flags: Flag[] }>();
  let cachedRules = rules;
  // by text: a line moved in time (a shift of every line) is not measured again
  let texts = new Map<string, TextMeasure>();
  const measure = (text: string) => {
    let m = texts.get(text);
    if (!m) {
      // every keystroke is a new text: the cache starts over rather than grow without end
      if (texts.size > 100_000) texts = new Map();
      m = measureText(text, cachedRules);
      texts.set(text, m);
    }
    return m;
  };
  /** segment i's flags, from the cache when neither it nor its neighbour's start changed */
  const at = (segments: readonly CheckedSegment[], i: number, current: QualityRules = cachedRules) => {
    if (current !== cachedRules) {
      cache = new WeakMap();
      texts = new Map();
      cachedRules = current;
    }
    const s = segments[i]!;
    const nextStart = segments[i + 1]?.startMs ?? null;
    let hit = cache.get(s);
    if (!hit || hit.nextStart !== nextStart) {
      hit = { nextStart, flags: flagsOf(segments, i, current, measure) };
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
