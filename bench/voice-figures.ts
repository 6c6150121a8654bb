/**
 * What the voice bench counts in a pipeline's output (issue 26), from the simulated engine's
 * dictionary (voice-sim.ts): which rendering each occurrence of a name or term carries, and
 * whether the lines holding a glossary term carry its translation or are flagged 'term-missing'.
 * docs/benchmarks.md defines each figure.
 */
import type { GlossaryEntry } from '@subtrans/contract';
import type { ReviewFlag, TermMatcher } from '@subtrans/subtitles';
import { entitiesIn, renderingsFound, type Film } from './voice-sim.js';

export interface Output {
  film: Film;
  /** each line as the pipeline left it */
  texts: readonly string[];
  flags: readonly (readonly ReviewFlag[])[];
}

/** Per name or term of a film: its occurrences and the renderings they carry ('' for none). */
export type Renderings = Map<string, { n: number; seen: Set<string> }>;

/**
 * The renderings of each name in a film's output. With `reviewedAside`, lines flagged
 * 'term-missing' are left out: the task shows them to the user to fix (the glossary's miss).
 */
export function renderingsIn(out: Output, reviewedAside: boolean): Renderings {
  const map: Renderings = new Map();
  out.film.cues.forEach((cue, i) => {
    if (reviewedAside && out.flags[i]?.includes('term-missing')) return;
    const entities = entitiesIn(out.film, cue.text);
    for (const e of new Set(entities)) {
      const n = entities.filter((x) => x === e).length;
      const entry = map.get(e.source) ?? map.set(e.source, { n: 0, seen: new Set() }).get(e.source)!;
      entry.n += n;
      for (const r of renderingsFound(out.film, e, out.texts[i]!, n)) entry.seen.add(r);
    }
  });
  return map;
}

/** Of the names that recur (2 occurrences or more), how many carry one rendering throughout. */
export function oneWay(map: Renderings): { names: number; consistent: number; worst: string[] } {
  const recurring = [...map.entries()].filter(([, v]) => v.n >= 2);
  const consistent = recurring.filter(([, v]) => v.seen.size === 1 && !v.seen.has(''));
  const worst = recurring
    .filter(([, v]) => v.seen.size > 1)
    .map(([k, v]) => `${k}: ${[...v.seen].map((s) => s || '(none)').join(' / ')}`);
  return { names: recurring.length, consistent: consistent.length, worst };
}

/** The films' renderings pooled: a name is one way only if it is so across all of them. */
export function pooled(maps: readonly Renderings[]): Renderings {
  const out: Renderings = new Map();
  for (const map of maps)
    for (const [k, v] of map) {
      const entry = out.get(k) ?? out.set(k, { n: 0, seen: new Set() }).get(k)!;
      entry.n += v.n;
      for (const s of v.seen) entry.seen.add(s);
    }
  return out;
}

/** Names that occur in at least two of the maps (episodes), with their pooled renderings. */
export function acrossEpisodes(maps: readonly Renderings[]): Renderings {
  const all = pooled(maps);
  return new Map([...all].filter(([k]) => maps.filter((m) => m.has(k)).length >= 2));
}

/** Lines whose source holds a glossary term: those carrying every term's translation, or flagged. */
export function glossaryLines(
  out: Output,
  glossary: TermMatcher<GlossaryEntry>,
): { lines: number; carried: number; flagged: number } {
  const r = { lines: 0, carried: 0, flagged: 0 };
  out.film.cues.forEach((cue, i) => {
    if (!glossary.termsIn(cue.text).length) return;
    r.lines += 1;
    if (!glossary.missingIn(cue.text, out.texts[i]!).length) r.carried += 1;
    else if (out.flags[i]?.includes('term-missing')) r.flagged += 1;
  });
  return r;
}
