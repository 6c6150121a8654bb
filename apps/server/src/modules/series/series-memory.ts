import { BRIEF_LIMITS, type BriefCharacter, type BriefTerm, type SeriesMemory } from '@subtrans/contract';
import { termKey } from '@subtrans/subtitles';

/**
 * Merging an episode's corrected names and terms into its series' memory. A name or term already
 * held is updated in place by what the episode says of it, except that nothing said is lost to
 * nothing known: an empty target or note, or an 'unknown' gender, keeps what the memory held (a
 * later brief that could not tell does not undo an earlier correction). New ones follow the held
 * ones while the limits allow; past them the memory keeps what it has (the earliest episodes
 * fixed them first).
 */

const characterKey = (c: BriefCharacter) => termKey({ source: c.name });
const termKeyOf = (t: BriefTerm) => termKey({ source: t.source });

function mergeList<T>(
  held: readonly T[],
  incoming: readonly T[],
  key: (item: T) => string,
  over: (held: T, given: T) => T,
  max: number,
): T[] {
  const out = [...held];
  const at = new Map(out.map((item, i) => [key(item), i]));
  for (const item of incoming) {
    const k = key(item);
    const i = at.get(k);
    if (i !== undefined) out[i] = over(out[i]!, item);
    else if (out.length < max) at.set(k, out.push(item) - 1);
  }
  return out;
}

const text = (given: string, held: string) => (given.trim() ? given : held);

export function mergeMemory(held: SeriesMemory, given: SeriesMemory): SeriesMemory {
  return {
    characters: mergeList(
      held.characters,
      given.characters,
      characterKey,
      (h, g) => ({
        name: g.name,
        target: text(g.target, h.target),
        gender: g.gender === 'unknown' ? h.gender : g.gender,
        address: text(g.address, h.address),
      }),
      BRIEF_LIMITS.characters,
    ),
    terms: mergeList(
      held.terms,
      given.terms,
      termKeyOf,
      (h, g) => ({ source: g.source, target: text(g.target, h.target), note: text(g.note, h.note) }),
      BRIEF_LIMITS.terms,
    ),
  };
}
