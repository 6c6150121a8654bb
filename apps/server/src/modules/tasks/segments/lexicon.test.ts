import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hunspellStems, lexiconOf, lineWordLists, setWordListDirs, sortedWordList } from './lexicon.js';

describe('a sorted word list searched as it is', () => {
  it('knows each of its words and nothing else', () => {
    const words = ['a', 'aba', 'abajeño', 'casa', 'hotel', 'ñu', 'ñuto'];
    const has = sortedWordList(JSON.stringify(words));
    for (const w of words) expect(has(w), w).toBe(true);
    for (const w of ['', 'ab', 'abajeña', 'awesome', 'ñ', 'zzz', 'ñutos']) expect(has(w), w).toBe(false);
    expect(sortedWordList('[]')('a')).toBe(false);
  });
});

describe('the Spanish lexicon', () => {
  it('knows the words Spanish writes as English does, not English slang', () => {
    const es = lexiconOf('es-MX')!;
    for (const w of [
      'hotel',
      'taxi',
      'no',
      'idea',
      'normal',
      'chocolate',
      'plan',
      'panda',
      'cáncer',
      'pingüino',
      'ñu',
    ])
      expect(es(w), w).toBe(true);
    for (const w of ['awesome', 'dumpster', 'pancakes', 'whatever', 'gotcha']) expect(es(w), w).toBe(false);
  });

  it('in French keeps the accents and the words French has taken in', () => {
    const fr = lexiconOf('fr-CA')!;
    for (const w of ['hôtel', 'idée', 'taxi', 'cool', 'job', 'week-end']) expect(fr(w), w).toBe(true);
    for (const w of ['hotel', 'awesome', 'pancakes', 'whatever']) expect(fr(w), w).toBe(false);
  });

  it('is there for the languages it has a list of only', () => {
    expect(lexiconOf('es')).toBeDefined();
    expect(lexiconOf('en-GB')).toBeDefined();
    expect(lexiconOf('zh')).toBeUndefined();
    expect(lexiconOf('ko')).toBeUndefined();
  });

  it('in English knows the slang a line keeps, not the film’s names', () => {
    const en = lexiconOf('en')!;
    for (const w of ['nope', 'gotta', 'whatever', 'awesome', 'what']) expect(en(w), w).toBe(true);
    for (const w of ['kira', 'dopinder', 'negasonic']) expect(en(w), w).toBe(false);
  });
});

describe('word lists of a word per line (the system’s)', () => {
  it('are asked in lowercase, in any order and case they were written', () => {
    const has = lineWordLists(['Haus\nauto\nÄrger\n\n  Zug \n', 'haus\nabend']);
    for (const w of ['haus', 'auto', 'ärger', 'zug', 'abend']) expect(has(w), w).toBe(true);
    for (const w of ['Haus', 'aut', 'zugs', '', 'ärg']) expect(has(w), w).toBe(false);
  });

  let dir: string | undefined;
  afterEach(() => {
    setWordListDirs({ dict: '/usr/share/dict', hunspell: '/usr/share/hunspell' });
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('are read from WORDLIST_DIR, and a language without its files has no lexicon', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'wordlists-'));
    setWordListDirs({ dict: dir, hunspell: dir });
    expect(lexiconOf('de')).toBeUndefined();
    writeFileSync(path.join(dir, 'brazilian'), 'Ônibus\ncomputador\n');
    const pt = lexiconOf('pt-BR')!;
    expect(pt('ônibus')).toBe(true);
    expect(pt('computer')).toBe(false);
    // a hunspell dictionary's stems, in WORDLIST_DIR's neighbour
    writeFileSync(path.join(dir, 'it_IT.dic'), '3\nhotel/S\nandare/ABC\tpo:verb\n');
    const it = lexiconOf('it')!;
    expect(['hotel', 'andare', 'abc', 'po:verb', '3'].map((w) => it(w))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('of hunspell are its stems', () => {
    expect(hunspellStems('2\nTaxi/S\nbar\n')).toBe('Taxi\nbar\n');
  });

  it('in German, Portuguese and Italian are Debian’s (.ci/run installs them)', () => {
    for (const [file, pkg] of [
      ['dict/ngerman', 'wngerman'],
      ['dict/portuguese', 'wportuguese'],
      ['dict/italian', 'witalian'],
      ['hunspell/it_IT.dic', 'hunspell-it'],
    ] as const)
      expect(existsSync(path.join('/usr/share', file)), `apt-get install ${pkg}`).toBe(true);
    const de = lexiconOf('de-AT')!;
    for (const w of ['haus', 'hotel', 'taxi', 'computer', 'job']) expect(de(w), w).toBe(true);
    for (const w of ['awesome', 'pancakes', 'whatever']) expect(de(w), w).toBe(false);
    const pt = lexiconOf('pt')!;
    for (const w of ['casa', 'hotel', 'normal', 'táxi']) expect(pt(w), w).toBe(true);
    for (const w of ['awesome', 'pancakes', 'whatever']) expect(pt(w), w).toBe(false);
    const it = lexiconOf('it-CH')!;
    for (const w of ['casa', 'parlavano', 'hotel', 'taxi', 'bar', 'team', 'perché'])
      expect(it(w), w).toBe(true);
    for (const w of ['awesome', 'pancakes', 'whatever', 'snitch']) expect(it(w), w).toBe(false);
    // three word lists of ~300,000 words read and indexed: seconds on a busy two-core machine
  }, 30_000);
});
