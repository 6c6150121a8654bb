import { plainText } from '../language.js';

/** a word with its letters, digits, apostrophes and hyphens */
const WORD = /\p{L}[\p{L}\p{M}\p{N}'’-]*/gu;
/** what ends a sentence or opens one: a capital after it is the sentence's, no sign of a name */
const OPENS_SENTENCE = /[.!?…:;¿¡"“«([♪\-–—]$/u;

const isCapitalised = (w: string) => /^\p{Lu}/u.test(w) && /\p{Ll}/u.test(w);

/** Each word of `text` with whether it stands inside a sentence (after a word or a comma). */
function wordsInPlace(text: string): { word: string; inside: boolean }[] {
  const plain = plainText(text);
  return [...plain.matchAll(WORD)].map((m) => {
    const before = plain.slice(0, m.index).trimEnd();
    return { word: m[0], inside: before !== '' && !OPENS_SENTENCE.test(before) };
  });
}

/**
 * Issue 36: the names of a film as its source text shows them: capitalised words standing inside
 * a sentence somewhere ("drive, Dopinder."). A capital at a sentence's start tells nothing, so a
 * name that only ever opens sentences is not found here (the brief and the glossary name those).
 */
export function namesInSources(texts: Iterable<string>): Set<string> {
  const names = new Set<string>();
  for (const text of texts) {
    for (const { word, inside } of wordsInPlace(text)) if (inside && isCapitalised(word)) names.add(word);
  }
  return names;
}

/**
 * Issue 36: the words an engine said it could not translate (Apertium marks each), less those
 * that are meant to stay: a name. A word is a name when `names` (the task's terms, the names of
 * its source: namesInSources) holds it, or when it stands capitalised inside a sentence of the
 * line (engines keep a name's capital). A capitalised word opening a sentence ("Lonesome cowboy",
 * "Hey, Vanessa") is an ordinary word unless named so. In a line in capitals (an SDH sound label,
 * "(GRUNTS)") a word in capitals is an ordinary word.
 */
export function untranslatedWords(
  words: readonly string[],
  line: string,
  names: Iterable<string> = [],
): string[] {
  if (!words.length) return [];
  const known = new Set<string>();
  for (const name of names) for (const w of name.match(WORD) ?? []) known.add(w.toLowerCase());
  const shouting = !/\p{Ll}/u.test(line) && /\p{Lu}/u.test(line);
  const placed = wordsInPlace(line);
  const insideCapitalised = new Set(
    placed.filter((p) => p.inside && isCapitalised(p.word)).map((p) => p.word),
  );
  return words.filter((w) => {
    if (!/\p{L}/u.test(w) || known.has(w.toLowerCase())) return false;
    if (shouting || !/^\p{Lu}/u.test(w)) return true;
    return !insideCapitalised.has(w);
  });
}

/** runs of letters and digits (a Latin word next to Chinese or Japanese text stands alone) */
const TOKEN = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu;
/** a word in Latin letters only, of two letters or more */
const LATIN = /^\p{Script=Latin}[\p{Script=Latin}\p{M}'’-]*\p{Script=Latin}$/u;
const latinWords = (text: string) => (plainText(text).match(TOKEN) ?? []).filter((w) => LATIN.test(w));
/** an abbreviation read as it is (FBI, DNA, OK), or a brand with a capital inside (iPhone, YouTube) */
const keptAsItIs = (w: string) => /^\p{Lu}{2,4}$/u.test(w) || /\p{Ll}\p{Lu}/u.test(w);

/**
 * The source language's lexicon, asked in lowercase (issue 36): a word the source line only writes
 * capitalised that it does not know is a name ("Kira?" alone on a line, shown nowhere inside a
 * sentence), not a word left. The source's capital, not the line's: German writes every noun so.
 */
export type SourceWords = (lowercase: string) => boolean;

/** The words of `source` that are names by `sourceWords`: capitalised wherever it has them, unknown to it. */
function unknownCapitalised(source: string, sourceWords: SourceWords): Set<string> {
  const words = latinWords(source);
  const lower = new Set(words.filter((w) => !isCapitalised(w)).map((w) => w.toLowerCase()));
  // a word with an apostrophe is known by either side of it (What's, I'll, L'homme)
  const known = (key: string) =>
    sourceWords(key) || key.split(/['’]/).some((part) => part.length > 1 && sourceWords(part));
  const names = new Set<string>();
  for (const w of words) {
    const key = w.toLowerCase();
    if (isCapitalised(w) && !lower.has(key) && !known(key)) names.add(key);
  }
  return names;
}

/**
 * The Latin words of `line` its source line has too, less names (by `sourceWords` too) and what
 * `kept` keeps on purpose.
 */
function fromSource(
  source: string,
  line: string,
  names: () => Iterable<string>,
  kept: (word: string) => boolean,
  sourceWords?: SourceWords,
): string[] {
  const words = latinWords(line);
  if (!words.length) return [];
  const inSource = new Set(latinWords(source).map((w) => w.toLowerCase()));
  const shouting = !/\p{Ll}/u.test(source);
  const copied = words.filter(
    (w) => inSource.has(w.toLowerCase()) && (shouting || !keptAsItIs(w)) && !kept(w),
  );
  if (!copied.length) return [];
  const known = new Set<string>();
  for (const name of names()) for (const w of name.match(WORD) ?? []) known.add(w.toLowerCase());
  const named = namesInSources([source]);
  const unknown = sourceWords ? unknownCapitalised(source, sourceWords) : new Set<string>();
  return copied.filter((w) => !known.has(w.toLowerCase()) && !named.has(w) && !unknown.has(w.toLowerCase()));
}

/**
 * Issue 36: the source's words a line in another script still has, as language models leave them
 * (a Chinese or Japanese line keeping "gotta", "(GRUNTS)", "Holy crap"): each Latin word of the
 * line that the source line has too, in any case, less what such lines keep on purpose: names
 * (`names`, or standing capitalised inside a sentence of the source line), abbreviations of up to
 * four capitals and brands with a capital inside (words with a digit are no words here). In a
 * source line in capitals (an SDH sound label) a short word in capitals is no abbreviation.
 */
export function copiedWords(
  source: string,
  line: string,
  names: () => Iterable<string> = () => [],
  sourceWords?: SourceWords,
): string[] {
  return fromSource(source, line, names, () => false, sourceWords);
}

/**
 * Issue 36: the same in a line of the source's script (a Spanish line keeping "awesome", "Holy
 * crap"), where a word both languages write alike (hotel, taxi, no) proves nothing: the words
 * copiedWords finds that `isTargetWord`, the target language's lexicon asked in lowercase, does
 * not know.
 */
export function foreignWords(
  source: string,
  line: string,
  isTargetWord: (lowercase: string) => boolean,
  names: () => Iterable<string> = () => [],
  sourceWords?: SourceWords,
): string[] {
  return fromSource(source, line, names, (w) => isTargetWord(w.toLowerCase()), sourceWords);
}
