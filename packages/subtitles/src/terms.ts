/**
 * Finding glossary and brief terms in subtitle lines (issue 26): which terms a line's source
 * holds, and whether its translation carries their renderings. Pure, no I/O.
 *
 * Rules: a term matches in any case unless it is case-sensitive; a term that begins (ends) with a
 * letter or digit of a script written with spaces matches only where no such letter or digit
 * comes before (after) it, so "Ann" is not found in "Annabel" nor "cat" in "concatenate"; terms
 * of scripts written without spaces (Chinese, Japanese, Korean, Thai…) match anywhere, so 東京
 * is found in 東京都に and "iPhone" in 我的iPhone坏了. Where terms overlap, the longest one that
 * starts first wins ("New York City" over "New York"). Spaces in a term match any run of spaces
 * or a line break, and a line break between two characters of a script without spaces is none
 * (a term broken over two lines of a subtitle is found); ' and ’ match each other.
 */

export interface TermEntry {
  source: string;
  /** its translation ('' when not decided, or when kept) */
  target: string;
  /** render the term as it is in the source */
  keep?: boolean;
  /** match the source's case exactly */
  caseSensitive?: boolean;
}

export interface TermMatch<T extends TermEntry> {
  entry: T;
  /** in the text as given (after NFC normalisation, which rarely moves anything) */
  start: number;
  end: number;
}

/** Scripts written without spaces between words: no word boundary is asked around them. */
const UNSPACED =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\u30fc\u3005]/u;
const WORD = /[\p{L}\p{N}\p{M}_]/u;
const SPACE = /\s/u;

/** One character of a text as matching sees it; a run of spaces is one unit. */
interface Unit {
  /** the character as written ('\'' for both apostrophes, ' ' for spaces) */
  exact: string;
  /** lower-cased */
  folded: string;
  /** a letter or digit of a script written with spaces: terms end at none of them */
  word: boolean;
  /** a character of a script written without spaces */
  unspaced: boolean;
  /** where it is in the (NFC) text */
  start: number;
  end: number;
}

function unitsOf(text: string): Unit[] {
  const units: Unit[] = [];
  let at = 0;
  for (const ch of text.normalize('NFC')) {
    const start = at;
    at += ch.length;
    const prev = units[units.length - 1];
    if (SPACE.test(ch)) {
      if (prev?.exact === ' ') prev.end = at;
      else units.push({ exact: ' ', folded: ' ', word: false, unspaced: false, start, end: at });
      continue;
    }
    const exact = ch === '\u2019' ? "'" : ch;
    // final sigma folds as sigma, as case-insensitive matching would
    const folded = exact.toLowerCase().replace('ς', 'σ');
    const unspaced = UNSPACED.test(ch);
    // a break laid out between two characters of such a script (東京\nタワー) is no space
    if (unspaced && prev?.exact === ' ' && units[units.length - 2]?.unspaced) units.pop();
    units.push({ exact, folded, word: WORD.test(ch) && !unspaced, unspaced, start, end: at });
  }
  return units;
}

interface Node<T> {
  next: Map<string, Node<T>>;
  entry?: T;
}

/** The text a translation must hold for this entry: the target, or the source when kept. */
export const renderingOf = (entry: TermEntry) => (entry.keep ? entry.source : entry.target).trim();

const keyOf = (u: Unit, sensitive: boolean) => (sensitive ? u.exact : u.folded);

/**
 * What makes two entries the same term for matching: their source as matching reads it (spaces
 * as one, both apostrophes alike, lower-cased unless case-sensitive) and their case rule.
 */
export function termKey(entry: Pick<TermEntry, 'source' | 'caseSensitive'>): string {
  const sensitive = Boolean(entry.caseSensitive);
  const units = unitsOf(entry.source.trim());
  return `${sensitive ? 's' : 'i'}:${units.map((u) => keyOf(u, sensitive)).join('')}`;
}

/** Finds a set of entries in texts. Build once per task (or batch) and reuse. */
export class TermMatcher<T extends TermEntry> {
  readonly entries: readonly T[];
  /** one trie per case rule: the case-sensitive one first, so it wins a tie */
  private readonly tries: { root: Node<T>; sensitive: boolean }[] = [
    { root: { next: new Map() }, sensitive: true },
    { root: { next: new Map() }, sensitive: false },
  ];
  private readonly renderings = new Map<T, Unit[]>();

  /**
   * `entries` in order of priority: of two entries with the same source (and case rule), the first
   * is kept (so a task's first glossary wins over its second, a glossary over the brief).
   */
  constructor(entries: readonly T[]) {
    const kept: T[] = [];
    for (const e of entries) {
      const sensitive = Boolean(e.caseSensitive);
      const units = unitsOf(e.source.trim());
      if (!units.length) continue;
      let node = this.tries[sensitive ? 0 : 1]!.root;
      for (const u of units) {
        const key = keyOf(u, sensitive);
        let child = node.next.get(key);
        if (!child) node.next.set(key, (child = { next: new Map() }));
        node = child;
      }
      if (node.entry) continue;
      node.entry = e;
      kept.push(e);
    }
    this.entries = kept;
  }

  /** The terms found in `text`, left to right, without overlaps (leftmost, then longest). */
  matches(text: string): TermMatch<T>[] {
    const units = unitsOf(text);
    const out: TermMatch<T>[] = [];
    let i = 0;
    while (i < units.length) {
      const first = units[i]!;
      let best: { entry: T; last: number } | undefined;
      if (first.exact !== ' ' && !(first.word && units[i - 1]?.word)) {
        for (const { root, sensitive } of this.tries) {
          let node: Node<T> | undefined = root;
          for (let j = i; j < units.length; j++) {
            const u: Unit = units[j]!;
            node = node.next.get(keyOf(u, sensitive));
            if (!node) break;
            if (node.entry && !(u.word && units[j + 1]?.word) && (!best || j > best.last))
              best = { entry: node.entry, last: j };
          }
        }
      }
      if (best) {
        out.push({ entry: best.entry, start: first.start, end: units[best.last]!.end });
        i = best.last + 1;
      } else i++;
    }
    return out;
  }

  /** The entries whose source occurs in `text`, once each, in order of first occurrence. */
  termsIn(text: string): T[] {
    return [...new Set(this.matches(text).map((m) => m.entry))];
  }

  /** The entries found in any of `texts`, once each. */
  termsInAll(texts: readonly string[]): T[] {
    const found = new Set<T>();
    for (const text of texts) for (const e of this.termsIn(text)) found.add(e);
    return [...found];
  }

  /**
   * Whether `translation` carries the entry's rendering. Only its start is bounded, so an
   * inflected form (German "Annas", Russian "Анны") still counts; an entry with nothing to render
   * (no target and not kept) is never missing.
   */
  rendered(translation: string, entry: T): boolean {
    let want = this.renderings.get(entry);
    if (!want) this.renderings.set(entry, (want = unitsOf(renderingOf(entry))));
    if (!want.length) return true;
    const sensitive = Boolean(entry.caseSensitive);
    const units = unitsOf(translation);
    for (let i = 0; i + want.length <= units.length; i++) {
      if (units[i]!.word && units[i - 1]?.word) continue;
      if (want.every((w, k) => keyOf(w, sensitive) === keyOf(units[i + k]!, sensitive))) return true;
    }
    return false;
  }

  /** The entries whose source is in `source` and whose rendering `translation` lacks. */
  missingIn(source: string, translation: string): T[] {
    return this.termsIn(source).filter((e) => !this.rendered(translation, e));
  }
}
