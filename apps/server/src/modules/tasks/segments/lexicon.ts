import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** Spanish as its list writes it: without accents or diaeresis (cancer, pinguino), ñ kept. */
const spanishForm = (word: string) =>
  word
    .normalize('NFD')
    .replace(/[\u0300-\u0302\u0304-\u036f]/g, '')
    .normalize('NFC');

const straightApostrophe = (word: string) => word.replace(/’/g, "'");

/** a system word list: a word per line in `dict`, or a hunspell dictionary's stems in `hunspell` */
interface SystemList {
  dir: 'dict' | 'hunspell';
  file: string;
}

/**
 * Word lists of languages (issue 36: a source word a translated line keeps that its language does
 * not know was left untranslated; a capitalised one the source's language does not know is a
 * name), and how a word is written to be looked up in each. `npm`: a JSON array of lowercase
 * words sorted by code unit, as its package ships it (MIT). `system`: the machine's lists, read as
 * the Apertium engine's dictionaries are, never shipped with the product (GPL, LGPL, MPL): Debian's
 * word lists (wngerman, wportuguese, wbrazilian, witalian) and, for Italian, the stems of its
 * hunspell dictionary (hunspell-it) beside them: Debian's Italian list alone lacks the English
 * words Italian uses every day (hotel, taxi, bar, team: 46 of 62 such words), each of which would
 * flag a right line; a copied English word is seldom inflected, so stems without their affixes do.
 * A language's files that are missing are left out, and with none it has no lexicon.
 */
const LISTS: Readonly<
  Record<string, { form: (word: string) => string } & ({ npm: string } | { system: readonly SystemList[] })>
> = {
  en: { npm: 'an-array-of-english-words/index.json', form: straightApostrophe },
  es: { npm: 'an-array-of-spanish-words/index.json', form: spanishForm },
  // French's list keeps its accents
  fr: { npm: 'an-array-of-french-words/index.json', form: straightApostrophe },
  de: { system: [{ dir: 'dict', file: 'ngerman' }], form: straightApostrophe },
  pt: {
    system: [
      { dir: 'dict', file: 'portuguese' },
      { dir: 'dict', file: 'brazilian' },
    ],
    form: straightApostrophe,
  },
  it: {
    system: [
      { dir: 'dict', file: 'italian' },
      { dir: 'hunspell', file: 'it_IT.dic' },
    ],
    form: straightApostrophe,
  },
};

const dirs = { dict: '/usr/share/dict', hunspell: '/usr/share/hunspell' };

/**
 * Where the system's word lists (WORDLIST_DIR) and hunspell dictionaries (HUNSPELL_DIR) are; the
 * lexicons read from then on look there.
 */
export function setWordListDirs(next: { dict: string; hunspell: string }): void {
  if (next.dict === dirs.dict && next.hunspell === dirs.hunspell) return;
  Object.assign(dirs, next);
  for (const [lang, list] of Object.entries(LISTS)) if ('system' in list) loaded.delete(lang);
}

/** A hunspell dictionary as a word per line: its stems, without their flags, fields or count. */
export const hunspellStems = (dic: string) =>
  dic
    .split('\n')
    .slice(1)
    .map((line) => line.split(/[/\t ]/)[0]!)
    .join('\n');

/** A binary search of `text`'s words, sorted by code unit, the n-th between bounds 2n and 2n + 1. */
function searchIn(text: string, at: Int32Array): (word: string) => boolean {
  const count = at.length / 2;
  return (word) => {
    let lo = 0;
    let hi = count - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const w = text.slice(at[2 * mid], at[2 * mid + 1]);
      if (w === word) return true;
      if (w < word) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  };
}

/**
 * A sorted JSON array of strings without escapes, searched as it is: the text and each word's
 * bounds. Spanish's 636,000 words: read in 84 ms into 8.4 MB of heap (about 45 MB as a Set).
 */
export function sortedWordList(json: string): (word: string) => boolean {
  const bounds: number[] = [];
  for (let open = json.indexOf('"'); open >= 0;) {
    const close = json.indexOf('"', open + 1);
    if (close < 0) throw new Error('a word list ends inside a word');
    bounds.push(open + 1, close);
    open = json.indexOf('"', close + 1);
  }
  return searchIn(json, Int32Array.from(bounds));
}

/**
 * Word lists of a word per line, in any case and order, as one: lowercased, sorted and kept as
 * one string with each word's bounds, as sortedWordList keeps its own.
 */
export function lineWordLists(texts: readonly string[]): (word: string) => boolean {
  const words = new Set<string>();
  for (const text of texts)
    for (const line of text.split('\n')) {
      const word = line.trim().toLowerCase();
      if (word) words.add(word);
    }
  const sorted = [...words].sort();
  const at = new Int32Array(sorted.length * 2);
  let offset = 0;
  sorted.forEach((w, i) => {
    at[2 * i] = offset;
    at[2 * i + 1] = offset + w.length;
    offset += w.length + 1;
  });
  return searchIn(sorted.join('\n'), at);
}

/** the system word lists of a language that are on this machine */
const systemFiles = (lists: readonly SystemList[]) =>
  lists.map((l) => ({ ...l, path: path.join(dirs[l.dir], l.file) })).filter((l) => existsSync(l.path));

/** a system list's words, one a line */
const wordsOf = (list: SystemList & { path: string }) => {
  const text = readFileSync(list.path, 'utf8');
  return list.dir === 'hunspell' ? hunspellStems(text) : text;
};

const loaded = new Map<string, (word: string) => boolean>();

/**
 * The lexicon of a language (its primary subtag), or undefined where there is none. Read at its
 * first question, once a process: most tasks never ask one.
 */
export function lexiconOf(lang: string): ((lowercase: string) => boolean) | undefined {
  const base = lang.split('-')[0]!.toLowerCase();
  const list = LISTS[base];
  if (!list) return undefined;
  const files = 'system' in list ? systemFiles(list.system) : [];
  if ('system' in list && !files.length) return undefined;
  return (word) => {
    let has = loaded.get(base);
    if (!has) {
      has =
        'npm' in list
          ? sortedWordList(readFileSync(require.resolve(list.npm), 'utf8'))
          : lineWordLists(files.map(wordsOf));
      loaded.set(base, has);
    }
    return has(list.form(word));
  };
}
