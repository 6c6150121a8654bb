import {
  BRIEF_LIMITS,
  GLOSSARY_LIMITS,
  type Brief,
  type BriefCharacter,
  type BriefTerm,
  type SeriesMemory,
} from '@subtrans/contract';

/**
 * The film brief's parts (one per chunk of a long film) merged into one brief, and a series'
 * memory laid over a brief. Names and terms are compared by keyOf, so "Kenji", " kenji " and
 * "ＫＥＮＪＩ" are one name.
 */

/** How names and terms are compared: NFKC, spaces collapsed, case folded. */
export const keyOf = (s: string) => s.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** The most frequent non-empty value (by keyOf), the first seen on a tie; '' when there is none. */
function mostFrequent(values: readonly string[]): string {
  const counts = new Map<string, { value: string; n: number }>();
  for (const v of values) {
    const text = v.trim();
    if (!text) continue;
    const seen = counts.get(keyOf(text));
    if (seen) seen.n += 1;
    else counts.set(keyOf(text), { value: text, n: 1 });
  }
  let best: { value: string; n: number } | undefined;
  for (const c of counts.values()) if (!best || c.n > best.n) best = c;
  return best?.value ?? '';
}

/** The distinct non-empty values in order of first appearance. */
function distinct(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.map((v) => v.trim()).filter((v) => v && !seen.has(keyOf(v)) && seen.add(keyOf(v)));
}

/** `text` in at most `max` characters, cut at a space when one is near the end. */
export function capText(text: string, max: number): string {
  const t = text.trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.8 ? cut.slice(0, space) : cut).trim();
}

/** Entries grouped by key, in order of first appearance, with how many parts named each. */
function grouped<T>(items: readonly T[], key: (t: T) => string): { items: T[]; n: number }[] {
  const groups = new Map<string, { items: T[]; n: number }>();
  for (const item of items) {
    const k = key(item);
    if (!k) continue;
    const g = groups.get(k) ?? groups.set(k, { items: [], n: 0 }).get(k)!;
    g.items.push(item);
    g.n += 1;
  }
  return [...groups.values()];
}

/** The most often named first (stable), at most `max`. */
const mostNamed = <T>(groups: { value: T; n: number }[], max: number): T[] =>
  groups
    .map((g, i) => ({ ...g, i }))
    .sort((a, b) => b.n - a.n || a.i - b.i)
    .slice(0, max)
    .sort((a, b) => a.i - b.i)
    .map((g) => g.value);

/**
 * One brief from its parts: the synopses in order, the distinct registers, each character once
 * (its name as most often written, the target name and gender most often proposed, every distinct
 * remark on how they speak), each term once with one translation (the one most often proposed),
 * and no term that is a character's name. Over the limits, the names the most parts gave stay.
 */
export function mergeBriefParts(parts: readonly Brief[]): Brief {
  const characters = grouped(
    parts.flatMap((p) => p.characters),
    (c) => keyOf(c.name),
  ).map(({ items, n }) => ({
    n,
    value: {
      name: mostFrequent(items.map((c) => c.name)),
      target: mostFrequent(items.map((c) => c.target)),
      gender: (mostFrequent(items.map((c) => (c.gender === 'unknown' ? '' : c.gender))) ||
        'unknown') as BriefCharacter['gender'],
      address: capText(distinct(items.map((c) => c.address)).join('; '), BRIEF_LIMITS.addressChars),
    } satisfies BriefCharacter,
  }));
  const names = new Set(characters.map((c) => keyOf(c.value.name)));
  const terms = grouped(
    parts.flatMap((p) => p.terms),
    (t) => keyOf(t.source),
  )
    .filter(({ items }) => !names.has(keyOf(items[0]!.source)))
    .map(({ items, n }) => ({
      n,
      value: {
        source: mostFrequent(items.map((t) => t.source)),
        target: mostFrequent(items.map((t) => t.target)),
        note: capText(distinct(items.map((t) => t.note)).join('; '), GLOSSARY_LIMITS.noteChars),
      } satisfies BriefTerm,
    }));
  return {
    synopsis: capText(
      parts
        .map((p) => p.synopsis.trim())
        .filter(Boolean)
        .join(' '),
      BRIEF_LIMITS.synopsisChars,
    ),
    register: capText(distinct(parts.map((p) => p.register)).join('; '), BRIEF_LIMITS.registerChars),
    characters: mostNamed(characters, BRIEF_LIMITS.characters),
    terms: mostNamed(terms, BRIEF_LIMITS.terms),
  };
}

/**
 * A series' memory laid over a new episode's brief: a name or term the memory holds keeps the
 * memory's translation (and gender, and remark on address, where it has them); the memory's
 * entries the brief lacks join it when they occur in the episode (`occurs`), first, so the limits
 * never drop them.
 */
export function withMemory(
  brief: Brief,
  memory: SeriesMemory | null,
  occurs: (text: string) => boolean,
): Brief {
  if (!memory) return brief;
  const known = new Map(memory.characters.map((c) => [keyOf(c.name), c]));
  const knownTerms = new Map(memory.terms.map((t) => [keyOf(t.source), t]));
  const characters = brief.characters.map((c) => {
    const m = known.get(keyOf(c.name));
    if (!m) return c;
    known.delete(keyOf(c.name));
    return {
      name: c.name,
      target: m.target || c.target,
      gender: m.gender !== 'unknown' ? m.gender : c.gender,
      address: m.address || c.address,
    };
  });
  const terms = brief.terms.map((t) => {
    const m = knownTerms.get(keyOf(t.source));
    if (!m) return t;
    knownTerms.delete(keyOf(t.source));
    return { source: t.source, target: m.target || t.target, note: m.note || t.note };
  });
  const addedCharacters = [...known.values()].filter((c) => occurs(c.name));
  const names = new Set([...characters, ...addedCharacters].map((c) => keyOf(c.name)));
  const addedTerms = [...knownTerms.values()].filter((t) => !names.has(keyOf(t.source)) && occurs(t.source));
  return {
    ...brief,
    characters: [...addedCharacters, ...characters].slice(0, BRIEF_LIMITS.characters),
    terms: [...addedTerms, ...terms.filter((t) => !names.has(keyOf(t.source)))].slice(0, BRIEF_LIMITS.terms),
  };
}

/**
 * The names and terms of a brief a series' memory does not hold yet (with a translation): what a
 * new episode adds to the memory without changing what the user fixed before.
 */
export function newMemoryEntries(memory: SeriesMemory | null, brief: Brief): SeriesMemory {
  const names = new Set((memory?.characters ?? []).map((c) => keyOf(c.name)));
  const sources = new Set((memory?.terms ?? []).map((t) => keyOf(t.source)));
  return {
    characters: brief.characters.filter((c) => c.target && !names.has(keyOf(c.name))),
    terms: brief.terms.filter((t) => t.target && !sources.has(keyOf(t.source))),
  };
}
