import { describe, expect, it } from 'vitest';
import { breakLines } from '../line-break.js';
import { normsFor } from '../norms.js';
import { phraseParser } from './breaks.js';
import { boundariesOf, chineseWordBoundaries, japaneseWordBoundaries } from './cjk-words.js';

const lay = (text: string, lang: string) => breakLines(text, lang, normsFor(lang));
/** the words of `text` (given with `|` between them) a layout splits across lines */
function splitIn(labelled: string, lang: string): string[] {
  const words = labelled.split('|');
  const text = words.join('');
  const { lines } = lay(text, lang);
  const breaks = new Set<number>();
  let at = 0;
  for (const l of lines.slice(0, -1)) breaks.add((at += [...l].length));
  const out: string[] = [];
  at = 0;
  for (const w of words) {
    const len = [...w].length;
    for (let i = at + 1; i < at + len; i += 1) if (breaks.has(i)) out.push(w);
    at += len;
  }
  return out;
}
const wordsOf = (text: string, lang: string) => {
  const chars = [...text];
  const set =
    lang === 'ja'
      ? japaneseWordBoundaries(chars, boundariesOf(chars, phraseParser('ja').parse(text)))
      : chineseWordBoundaries(chars, lang);
  const out: string[] = [];
  let from = 0;
  for (const i of [...set, chars.length].sort((a, b) => a - b)) {
    out.push(chars.slice(from, i).join(''));
    from = i;
  }
  return out.join('|');
};

describe('CJK word boundaries (issue 36)', () => {
  it('keeps Japanese verbs with their endings, katakana words and names whole', () => {
    expect(wordsOf('そう聞かないでください', 'ja')).not.toMatch(/聞\||か\|な|な\|い/u);
    expect(wordsOf('ビッグマザーの話', 'ja')).toMatch(/ビッグマザー/u);
    expect(wordsOf('富士山に登った', 'ja')).toMatch(/^富士山\|/u);
    // a te-form's subsidiary verb and a noun's particle are words of their own
    expect(wordsOf('聞かないでください', 'ja')).toBe('聞かないで|ください');
    expect(wordsOf('イルカが好きだ', 'ja').split('|')).toContain('イルカ');
  });

  it('keeps Chinese numbers with their classifiers and time words whole (BudouX cuts 一|所, 上|周)', () => {
    expect(wordsOf('上周他被关进了一所监狱', 'zh-CN')).toMatch(/^上周\|.*一所\|监狱$/u);
  });

  it('never breaks at a name’s middle dot', () => {
    expect(wordsOf('韦德·威尔逊来了', 'zh-CN')).not.toMatch(/\|·|·\|/u);
  });
});

describe('no word split across lines where a layout at words fits (issue 36)', () => {
  it.each([
    // the lines: a character split was chosen where words fit
    ['ja', 'お願い|だ|から|、|そう|聞かないで|ください|ね'],
    ['ja', '海|で|イルカ|の|群れ|を|見た|こと|が|ある|よ'],
    ['ja', 'ビッグマザー|が|来る|前|に|逃げ|なきゃ|いけない'],
    ['ja', '富士|さん|は|明日|の|朝|、|東京|に|戻り|ます'],
    ['zh-CN', '他|全身心|地|投入|到|这个|项目|里|，|从来|没有|休息|过'],
    ['zh-CN', '我们|的|牛仔裤|在|上周|卖|得|比|以前|更|好'],
    ['zh-CN', '他|在|一所|监狱|里|度过|了|整整|十年|的|时光'],
  ])('%s: %s', (lang, labelled) => {
    expect(splitIn(labelled, lang)).toEqual([]);
  });

  it('lays a text with no word boundary that fits over the norm, never splitting a word', () => {
    const r = lay('スーパーウルトラハイパーメガトンパンチ', 'ja');
    expect(r.lines).toEqual(['スーパーウルトラハイパーメガトンパンチ']);
    expect(r.fits).toBe(false);
  });
});
