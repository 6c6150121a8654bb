import { TermMatcher } from '@subtrans/subtitles';

/**
 * Whether a name or term of the brief occurs in a text: the glossaries' matching
 * (packages/subtitles terms.ts: any case, word boundaries, CJK without spaces), on NFKC text so
 * a model's full-width "ＫＥＮＪＩ" is Kenji.
 */
export function termMatcher(term: string): (text: string) => boolean {
  const matcher = new TermMatcher([{ source: term.normalize('NFKC'), target: '' }]);
  if (!matcher.entries.length) return () => false;
  return (text) => matcher.matches(text.normalize('NFKC')).length > 0;
}

/** Whether `term` occurs in any of `lines`. */
export function occursIn(lines: readonly string[]): (term: string) => boolean {
  const text = lines.join('\n');
  return (term) => termMatcher(term)(text);
}
