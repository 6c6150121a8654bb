/**
 * Whether a name or term of the brief occurs in a text.
 *
 * Minimal on purpose, and to be replaced at merge by the term matching of packages/subtitles
 * terms.ts (issue 26's glossaries, branch h26g: case, word boundaries, CJK without spaces,
 * longest match first). Here: any case, NFKC; a term in a script written without spaces (CJK,
 * Thai) matches anywhere, any other only as whole words.
 */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;

/** A test for `term` on texts already NFKC-normalised (normalise a batch once, not per term). */
export function termMatcher(term: string): (normalisedText: string) => boolean {
  const t = term.normalize('NFKC').trim();
  if (!t) return () => false;
  const escaped = t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  const re = UNSPACED.test(t)
    ? new RegExp(escaped, 'iu')
    : new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'iu');
  return (text) => re.test(text);
}

/** Whether `term` occurs in any of `lines`. */
export function occursIn(lines: readonly string[]): (term: string) => boolean {
  const text = lines.join('\n').normalize('NFKC');
  return (term) => termMatcher(term)(text);
}
