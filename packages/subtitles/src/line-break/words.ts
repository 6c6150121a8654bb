import { PENALTY_WORDS, type WordLists } from './word-lists.js';

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
/** a preposition left at a line's end, apart from what it governs (a conjunction too: before it) */
const PREPOSITION_END = 3;
/** "Jane | Smith", "10 | dollars" */
const NAME = 3;
const NUMBER = 2;
/** a subject pronoun or an auxiliary apart from its verb, a negation apart from its verb */
const VERB = 2;
/**
 * Issue 36: a modal apart from its infinitive, a verb periphrasis cut ("tengo | que mantener",
 * "tengo que | mantener"), a clitic apart from its verb ("se | fue"): as bad as an article's end
 */
const PERIPHRASIS = 6;

export interface WordRules {
  /**
   * the penalty of a break between `before` and `after` (`first`: `before` opens the text;
   * `earlier`: the word before `before`, '' if none)
   */
  penalty(before: string, after: string, first: boolean, earlier?: string): number;
}

const bare = (w: string) =>
  w
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}']+$/gu, '')
    .replace(/’/g, "'");

/** French and Italian elide a clitic or "que" onto the next word: "m'avais" ends on "avais" */
const ELIDED = /^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu|quoiqu|gl|un|dell|all|nell|sull|dall)'(.+)$/;
const elided = (w: string, lists: WordLists | undefined) => {
  const m = ELIDED.exec(w);
  return m && lists && !lists.auxiliaries.has(w) && !lists.subjects.has(w) ? m[1]! : w;
};

const capitalised = (w: string) => /^[^\p{L}]*\p{Lu}/u.test(w);

export function wordRules(lang: string): WordRules {
  const base = lang.split('-')[0]!.toLowerCase();
  const lists = PENALTY_WORDS[base];
  return {
    penalty(before, after, first, earlier = '') {
      // an elided word is read by what follows its apostrophe ("m'avais": avais, "qu'il": il)
      const b = elided(bare(before), lists);
      const n = elided(bare(after), lists);
      // the punctuation after `before` already decides: "Yes, | and"
      const punctuated = /[^\p{L}\p{N}'’]$/u.test(before);
      const earlierOpen = !/[^\p{L}\p{N}'’]$/u.test(earlier);
      let p = 0;
      // inside a verb's group: the link after its head is no conjunction or preposition here
      let verbGroup = false;
      if (lists && !punctuated) {
        if (lists.articles.has(b)) p += ARTICLE;
        else if (lists.prepositions.has(b) || lists.conjunctions.has(b)) p += PREPOSITION_END;
        if (lists.subjects.has(b) || lists.auxiliaries.has(b)) p += VERB;
        if (lists.negations.has(n)) p += VERB;
        verbGroup =
          lists.modals.has(b) ||
          (lists.heads.has(b) && lists.links.has(n)) ||
          (lists.links.has(b) && earlierOpen && lists.heads.has(bare(earlier)));
        if (verbGroup || (lists.clitics.has(b) && !lists.articles.has(b))) p += PERIPHRASIS;
      }
      // no bonus before a word a preposition governs ("about | what happened")
      const open = lists && !verbGroup && (punctuated || !lists.prepositions.has(b));
      if (open && lists.conjunctions.has(n)) p += CONJUNCTION;
      else if (open && lists.prepositions.has(n)) p += PREPOSITION;
      if (!punctuated && capitalised(before) && capitalised(after) && !first && b !== 'i') p += NAME;
      if (!punctuated && /^\p{N}[\p{N}.,]*$/u.test(b) && /^\p{L}/u.test(n)) p += NUMBER;
      return p;
    },
  };
}
