import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderingOf, termKey, TermMatcher, type TermEntry } from './terms.js';

const entry = (source: string, target = '', over: Partial<TermEntry> = {}): TermEntry => ({
  source,
  target,
  ...over,
});
const sources = (m: TermMatcher<TermEntry>, text: string) => m.termsIn(text).map((e) => e.source);

describe('term matching', () => {
  it('matches in any case unless the entry is case-sensitive', () => {
    const m = new TermMatcher([entry('Gotham', '哥谭'), entry('Bat', '蝙蝠', { caseSensitive: true })]);
    expect(sources(m, 'Welcome to GOTHAM city.')).toEqual(['Gotham']);
    expect(sources(m, 'The Bat is here.')).toEqual(['Bat']);
    expect(sources(m, 'A bat flew by. BAT!')).toEqual([]);
  });

  it('respects word boundaries in scripts written with spaces', () => {
    const m = new TermMatcher([entry('Ann'), entry('cat'), entry('R2-D2'), entry('Dr.')]);
    expect(sources(m, 'Annabel and the concatenation')).toEqual([]);
    expect(sources(m, "Ann's cat, (cat) 'cat'")).toEqual(['Ann', 'cat']);
    expect(sources(m, 'Where is R2-D2?')).toEqual(['R2-D2']);
    expect(sources(m, 'R2-D23 is not him')).toEqual([]);
    expect(sources(m, 'Dr. Who')).toEqual(['Dr.']);
    expect(sources(m, 'Ánna, Annä')).toEqual([]);
  });

  it('finds terms of scripts without spaces anywhere, and Latin terms beside them', () => {
    const m = new TermMatcher([
      entry('東京'),
      entry('iPhone'),
      entry('서울'),
      entry('悟空'),
      entry('コーヒー'),
    ]);
    expect(sources(m, '東京都に住んでいます')).toEqual(['東京']);
    expect(sources(m, '我的iPhone坏了')).toEqual(['iPhone']);
    expect(sources(m, '서울에서 왔어요')).toEqual(['서울']);
    expect(sources(m, '孙悟空来了！')).toEqual(['悟空']);
    expect(sources(m, 'コーヒーを飲む')).toEqual(['コーヒー']);
    expect(sources(m, 'iPhones')).toEqual([]);
  });

  it('takes the longest term that starts first', () => {
    const m = new TermMatcher([entry('New York'), entry('New York City'), entry('York'), entry('City Hall')]);
    expect(sources(m, 'I love New York City Hall')).toEqual(['New York City']);
    expect(sources(m, 'New York, then York')).toEqual(['New York', 'York']);
    const cjk = new TermMatcher([entry('北京'), entry('北京大学'), entry('大学生')]);
    expect(cjk.matches('北京大学生').map((x) => x.entry.source)).toEqual(['北京大学']);
  });

  it('prefers the case-sensitive entry on a tie, the first of duplicate entries otherwise', () => {
    const m = new TermMatcher([
      entry('apple', 'manzana'),
      entry('Apple', 'Apple', { caseSensitive: true }),
      entry('APPLE', 'other'),
    ]);
    expect(m.entries.map((e) => e.target)).toEqual(['manzana', 'Apple']);
    expect(m.termsIn('I work at Apple').map((e) => e.target)).toEqual(['Apple']);
    expect(m.termsIn('an apple a day').map((e) => e.target)).toEqual(['manzana']);
  });

  it('lets spaces match line breaks, and both apostrophes each other', () => {
    const m = new TermMatcher([entry('Hotel  California'), entry("Ocean's Eleven")]);
    expect(sources(m, 'Welcome to the Hotel\nCalifornia')).toEqual(['Hotel  California']);
    expect(sources(m, 'Ocean\u2019s Eleven')).toEqual(["Ocean's Eleven"]);
  });

  it('finds a term of a script without spaces broken over two lines', () => {
    const m = new TermMatcher([entry('東京タワー', 'Tokyo Tower'), entry('Tokyo Tower', '东京塔')]);
    expect(sources(m, '東京\nタワーへ行こう')).toEqual(['東京タワー']);
    expect(m.missingIn('Tokyo Tower', '去东\n京塔吧')).toEqual([]);
    // but a space between two words of a spaced script still separates them
    expect(sources(m, 'TokyoTower')).toEqual([]);
  });

  it('takes regex characters literally', () => {
    const m = new TermMatcher([entry('C++'), entry('a.b'), entry('(x)'), entry('[y]')]);
    expect(sources(m, 'I write C++ and (x) [y]')).toEqual(['C++', '(x)', '[y]']);
    expect(sources(m, 'axb')).toEqual([]);
  });

  it('says which renderings a translation lacks (targets, or kept sources)', () => {
    const m = new TermMatcher([
      entry('Bruce', '布鲁斯'),
      entry('Wayne Enterprises', '', { keep: true }),
      entry('Alfred', ''),
    ]);
    expect(m.missingIn('Bruce works at Wayne Enterprises.', '布鲁斯在Wayne Enterprises工作。')).toEqual([]);
    expect(
      m.missingIn('Bruce works at Wayne Enterprises.', '布鲁斯在韦恩企业工作。').map(renderingOf),
    ).toEqual(['Wayne Enterprises']);
    expect(m.missingIn('Bruce!', '布鲁斯！')).toEqual([]);
    expect(m.missingIn('Bruce!', '韦恩！').map(renderingOf)).toEqual(['布鲁斯']);
    // nothing to render: never missing
    expect(m.missingIn('Alfred?', '阿福？')).toEqual([]);
  });

  it('accepts inflected renderings in spaced scripts, but not a word that merely contains one', () => {
    const m = new TermMatcher([entry('Anna', 'Anna')]);
    expect(m.missingIn('Anna’s car', 'Annas Auto')).toEqual([]);
    expect(m.missingIn('Anna’s car', 'Hannas Auto').length).toBe(1);
  });
});

describe('term matching (properties)', () => {
  const word = fc.stringMatching(/^[a-z]{2,8}$/);
  const filler = fc.array(fc.stringMatching(/^[a-z]{1,8}$/), { maxLength: 6 });

  it('finds a term put between words, in any case, and nothing overlapping', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 1, maxLength: 8 }),
        filler,
        filler,
        fc.nat(),
        (terms, a, b, pick) => {
          const m = new TermMatcher(terms.map((t) => entry(t)));
          const term = terms[pick % terms.length] ?? '';
          const text = [...a, term.toUpperCase(), ...b].join(' ');
          const found = m.matches(text);
          expect(found.some((x) => text.slice(x.start, x.end).toLowerCase() === term)).toBe(true);
          for (let i = 1; i < found.length; i++)
            expect(found[i]!.start).toBeGreaterThanOrEqual(found[i - 1]!.end);
          for (const x of found)
            expect(text.slice(x.start, x.end).toLowerCase()).toBe(x.entry.source.toLowerCase());
        },
      ),
    );
  });

  it('never finds a term inside a longer word', () => {
    fc.assert(
      fc.property(word, word, word, (term, pre, post) => {
        const m = new TermMatcher([entry(term)]);
        expect(m.termsIn(`${pre}${term}${post}`)).toEqual([]);
      }),
    );
  });

  it('finds a CJK term however it is surrounded', () => {
    const han = fc.stringMatching(/^[\u4e00-\u9fff]{1,6}$/);
    fc.assert(
      fc.property(han, han, fc.stringMatching(/^[\u4e00-\u9fff]{2,4}$/), (pre, post, term) => {
        const m = new TermMatcher([entry(term)]);
        expect(m.termsIn(`${pre}${term}${post}`).length).toBe(1);
      }),
    );
  });

  it('misses nothing in a translation that holds every rendering', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(word, word), { minLength: 1, maxLength: 6, selector: (t) => t[0] }),
        (pairs) => {
          const m = new TermMatcher(pairs.map(([s, t]) => entry(s, t)));
          const source = pairs.map(([s]) => s).join(' ');
          const translation = pairs.map(([, t]) => t).join(' , ');
          expect(m.missingIn(source, translation)).toEqual([]);
        },
      ),
    );
  });
});

describe('term keys', () => {
  it('are equal for sources matching reads alike, apart for case rules', () => {
    expect(termKey({ source: ' New  York ' })).toBe(termKey({ source: 'new york' }));
    expect(termKey({ source: "Ocean's" })).toBe(termKey({ source: 'OCEAN\u2019S' }));
    expect(termKey({ source: 'Apple', caseSensitive: true })).not.toBe(
      termKey({ source: 'apple', caseSensitive: true }),
    );
    expect(termKey({ source: 'apple' })).not.toBe(termKey({ source: 'apple', caseSensitive: true }));
  });
});
