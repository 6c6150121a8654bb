/**
 * Issue 36: the words an engine said it could not translate (Apertium marks each), less those
 * that are meant to stay: a name (a capitalised word in a line not written in capitals) is left
 * as it is by every engine and is no fault. In a line in capitals (an SDH sound label, "(GRUNTS)")
 * a word in capitals is an ordinary word.
 */
export function untranslatedWords(words: readonly string[], line: string): string[] {
  const shouting = !/\p{Ll}/u.test(line) && /\p{Lu}/u.test(line);
  return words.filter((w) => /\p{L}/u.test(w) && (shouting || !/^\p{Lu}/u.test(w)));
}
