import type { Brief, Formality } from '@subtrans/contract';
import type { BatchExtras } from '../../engines/translation/pipeline.js';
import { termMatcher } from './brief/brief-terms.js';

/**
 * What each batch of a task carries besides its lines (issue 26): the brief's part that concerns
 * it (the synopsis and register, and the characters named in its lines), the brief's terms that
 * occur in it with their translation, and the user's instructions (formality, the note) when the
 * user gave any. Undefined when there is nothing to carry.
 */
export function batchExtrasOf(
  brief: Brief | null,
  voice: { formality: Formality; translatorNote: string },
  lines: readonly string[],
): ((from: number, to: number) => BatchExtras) | undefined {
  const instructions =
    voice.formality !== 'source' || voice.translatorNote
      ? { formality: voice.formality, note: voice.translatorNote }
      : undefined;
  if (!brief && !instructions) return undefined;
  const characters = (brief?.characters ?? []).map((c) => ({ c, occurs: termMatcher(c.name) }));
  const terms = (brief?.terms ?? [])
    .filter((t) => t.target)
    .map((t) => ({ t, occurs: termMatcher(t.source) }));
  return (from, to) => {
    const text = lines.slice(from, to).join('\n').normalize('NFKC');
    const named = characters.filter((x) => x.occurs(text)).map((x) => x.c);
    const found = terms
      .filter((x) => x.occurs(text))
      .map(({ t }) => ({ source: t.source, target: t.target, ...(t.note ? { note: t.note } : {}) }));
    const part =
      brief && (brief.synopsis || brief.register || named.length)
        ? { synopsis: brief.synopsis, register: brief.register, characters: named }
        : undefined;
    return {
      ...(part ? { brief: part } : {}),
      ...(instructions ? { instructions } : {}),
      ...(found.length ? { terms: found } : {}),
    };
  };
}

type ExtrasFor = (from: number, to: number) => BatchExtras;

/**
 * Several sources of a batch's extras as one (the glossaries' terms and the brief's, say): the
 * brief and the instructions of the first source that has them, the terms of all, a source term
 * given twice keeping the first source's translation. Undefined when no source has any.
 */
export function combineExtras(...sources: (ExtrasFor | undefined)[]): ExtrasFor | undefined {
  const given = sources.filter((s): s is ExtrasFor => s !== undefined);
  if (given.length <= 1) return given[0];
  return (from, to) => {
    const parts = given.map((s) => s(from, to));
    const brief = parts.find((p) => p.brief)?.brief;
    const instructions = parts.find((p) => p.instructions)?.instructions;
    const seen = new Set<string>();
    const terms = parts
      .flatMap((p) => p.terms ?? [])
      .filter((t) => !seen.has(t.source.toLowerCase()) && seen.add(t.source.toLowerCase()));
    return {
      ...(brief ? { brief } : {}),
      ...(instructions ? { instructions } : {}),
      ...(terms.length ? { terms } : {}),
    };
  };
}
