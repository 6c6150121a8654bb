import { PENALTY_WORDS } from './word-lists.js';

/**
 * How good a space is to break at, from the words around it (TTSG General Requirements 215758617:
 * before conjunctions and prepositions; not after an article, a subject pronoun or an auxiliary;
 * not between a first and a last name). The lists are short and cover the commonest words only:
 * a word they miss costs some balance, never a break inside a word.
 */

/** the places TTSG asks for: before a conjunction, before a preposition */
const CONJUNCTION = -2;
const PREPOSITION = -1;
/** what a line should not end with (the article before its noun) */
const ARTICLE = 6;
/** a preposition left at a line's end, apart from what it governs */
const PREPOSITION_END = 3;
/** "Jane | Smith", "10 | dollars" */
const NAME = 3;
const NUMBER = 2;
/** a subject pronoun or an auxiliary apart from its verb, a negation apart from its verb */
const VERB = 2;

export interface WordRules {
  /** the penalty of a break between `before` and `after` (`first`: `before` opens the text) */
  penalty(before: string, after: string, first: boolean): number;
}

const bare = (w: string) =>
  w
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}']+$/gu, '')
    .replace(/’/g, "'");

const capitalised = (w: string) => /^[^\p{L}]*\p{Lu}/u.test(w);

export function wordRules(lang: string): WordRules {
  const base = lang.split('-')[0]!.toLowerCase();
  const lists = PENALTY_WORDS[base];
  return {
    penalty(before, after, first) {
      const b = bare(before);
      const n = bare(after);
      // the punctuation after `before` already decides: "Yes, | and"
      const punctuated = /[^\p{L}\p{N}'’]$/u.test(before);
      let p = 0;
      if (lists && !punctuated) {
        if (lists.articles.has(b)) p += ARTICLE;
        else if (lists.prepositions.has(b)) p += PREPOSITION_END;
        if (lists.subjects.has(b) || lists.auxiliaries.has(b)) p += VERB;
        if (lists.negations.has(n)) p += VERB;
      }
      if (lists && lists.conjunctions.has(n)) p += CONJUNCTION;
      else if (lists && lists.prepositions.has(n)) p += PREPOSITION;
      if (!punctuated && capitalised(before) && capitalised(after) && !first && b !== 'i') p += NAME;
      if (!punctuated && /^\p{N}[\p{N}.,]*$/u.test(b) && /^\p{L}/u.test(n)) p += NUMBER;
      return p;
    },
  };
}
