import { TermMatcher } from '@subtrans/subtitles/terms';
import { UNKNOWN_WORD, type RequestTerm } from './engine.js';

/**
 * Issue 36: a rule-based engine cannot be told how to render a term, and Apertium translates the
 * names its dictionaries know ("Weasel" → "comadreja", "Wade" → "vadea"). Each occurrence of a
 * term of the task (glossaries, series memory) goes to the engine as a made-up word, which
 * Apertium passes through untouched as an unknown word, and comes back as the term's rendering:
 * a kept term as the line wrote it, another as its target (capitalised where the source was).
 *
 * Apertium capitalises the word after an unknown word that opens a sentence ("*Zqxva Es aquí"):
 * where the source had a lower-case word there, so does the translation.
 */

interface Held {
  /** what the made-up word becomes: the term as the line wrote it, or its target */
  text: string;
  /** the source had a lower-case word right after it */
  lowerAfter: boolean;
}

export interface ProtectedBatch {
  lines: string[];
  /**
   * a translated line (its marks read: an unknown word opens with UNKNOWN_WORD) with the terms'
   * renderings in, the made-up words' marks taken off
   */
  restore(line: string): string;
}

const letters = (n: number): string => {
  let out = '';
  let k = n;
  do {
    out = String.fromCharCode(97 + (k % 26)) + out;
    k = Math.floor(k / 26) - 1;
  } while (k >= 0);
  return out;
};

/** A made-up word that occurs in none of the lines (case aside). */
function prefixFor(lines: readonly string[]): string {
  const text = lines.join('\n').toLowerCase();
  for (let k = 0; ; k += 1) {
    const prefix = `Zqxv${letters(k)}q`;
    if (!text.includes(prefix.toLowerCase())) return prefix;
  }
}

/** the term as it is rendered where the line wrote `written` */
function renderingAt(term: RequestTerm, written: string): string {
  const target = term.target.trim();
  if (term.keep || !target || target === term.source.trim()) return written;
  // a term opening a sentence: its target does too
  return /^\p{Lu}/u.test(written) && /^\p{Ll}/u.test(target)
    ? target[0]!.toUpperCase() + target.slice(1)
    : target;
}

export function protectTerms(lines: readonly string[], terms: readonly RequestTerm[] = []): ProtectedBatch {
  // a term neither kept nor translated has nothing to render
  const rendered = terms.filter((t) => t.source.trim() && (t.keep || t.target.trim()));
  if (!rendered.length) return { lines: [...lines], restore: (line) => line };
  const matcher = new TermMatcher(rendered);
  const prefix = prefixFor(lines);
  const held: Held[] = [];
  const out = lines.map((raw) => {
    const line = raw.normalize('NFC');
    const found = matcher.matches(line);
    if (!found.length) return raw;
    let text = '';
    let at = 0;
    for (const m of found) {
      text += line.slice(at, m.start);
      text += `${prefix}${letters(held.length)}`;
      held.push({
        text: renderingAt(m.entry, line.slice(m.start, m.end)),
        lowerAfter: /^\s+\p{Ll}/u.test(line.slice(m.end)),
      });
      at = m.end;
    }
    return text + line.slice(at);
  });
  const placeholder = new RegExp(`${UNKNOWN_WORD}?${prefix}([a-z]+)(\\s+\\p{Lu}(?!\\p{Lu}))?`, 'gu');
  return {
    lines: out,
    restore: (line) =>
      line.replace(placeholder, (whole, tag: string, next: string | undefined) => {
        const k = [...tag].reduce((n, c) => n * 26 + c.charCodeAt(0) - 96, 0) - 1;
        const term = held[k];
        if (!term) return whole;
        return term.text + (next === undefined ? '' : term.lowerAfter ? next.toLowerCase() : next);
      }),
  };
}
