import type { Change, EditSegment } from './editor-types';

export interface Match {
  id: number;
  field: 'originalText' | 'translatedText';
  /** offsets of each match in the text */
  at: number[];
}

function escapeRegExp(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Find across segments: the matches per segment (plain text, optionally case-sensitive). */
export function findMatches(
  segments: readonly EditSegment[],
  query: string,
  opts: { field: 'originalText' | 'translatedText'; caseSensitive: boolean },
): Match[] {
  if (!query) return [];
  const re = new RegExp(escapeRegExp(query), opts.caseSensitive ? 'g' : 'gi');
  const out: Match[] = [];
  for (const s of segments) {
    const at = [...s[opts.field].matchAll(re)].map((m) => m.index);
    if (at.length) out.push({ id: s.id, field: opts.field, at });
  }
  return out;
}

/** The changes that replace every match (one undo step). */
export function replaceAll(
  segments: readonly EditSegment[],
  query: string,
  replacement: string,
  opts: { field: 'originalText' | 'translatedText'; caseSensitive: boolean },
): Omit<Change, 'before'>[] {
  if (!query) return [];
  const re = new RegExp(escapeRegExp(query), opts.caseSensitive ? 'g' : 'gi');
  return findMatches(segments, query, opts).map((m) => {
    const seg = segments.find((s) => s.id === m.id)!;
    return { id: m.id, field: opts.field, after: seg[opts.field].replace(re, () => replacement) };
  });
}
