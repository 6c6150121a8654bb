import { describe, expect, it } from 'vitest';
import {
  budget,
  measure,
  measureIn,
  measureLine,
  normBreaches,
  overBudget,
  overCpl,
  overCps,
  readingRate,
} from './budget.js';
import { normsFor } from './norms.js';

describe('measure: characters as the target language counts them', () => {
  it('counts every character of a Latin-script text, spaces and punctuation too', () => {
    expect(measure('Hello, world!', 'en')).toBe(13);
    expect(measure('¿Qué tal?', 'es')).toBe(9);
  });

  it('does not count tags or line breaks', () => {
    expect(measure('<i>Hello</i>\n{\\an8}<font color="#fff">world</font>', 'en')).toBe(10);
    expect(measure('<i>你好</i>\r\n世界', 'zh-CN')).toBe(4);
  });

  it('counts half-width characters half in Chinese, Japanese and Korean', () => {
    expect(measure('你好，世界', 'zh-CN')).toBe(5);
    expect(measure('我用iPhone 15', 'zh-CN')).toBe(2 + 9 * 0.5);
    expect(measure('今日はBBCを見た', 'ja')).toBe(6 + 1.5);
    expect(measure('ＢＢＣ', 'ja')).toBe(3);
    expect(measure('안녕, KBS', 'ko')).toBe(2 + 2.5);
  });

  it('gives combining marks no room of their own', () => {
    // Thai: the vowel and tone marks above and below
    expect(measure('น้ำ', 'th')).toBe(2);
    // a decomposed accent
    expect(measure('e\u0301te\u0301', 'fr')).toBe(3);
  });

  it('measures in display columns for the editor’s width counting', () => {
    expect(measureLine('你好 ab', 'width')).toBe(7);
    expect(measureIn('字'.repeat(21), 'width')).toBe(42);
  });
});

describe('budget: the characters a line may use', () => {
  const en = normsFor('en');
  const zh = normsFor('zh-CN');
  const ja = normsFor('ja');

  it('is the reading time (cps × seconds) when that is less than the room', () => {
    expect(budget(2000, en)).toBe(34);
    expect(budget(2000, zh)).toBe(18);
    expect(budget(2500, ja)).toBe(10);
    // rounded down to what the counting measures: halves for full-width counting
    expect(budget(1100, ja)).toBe(4);
    expect(budget(1150, ja)).toBe(4.5);
    expect(budget(1500, en)).toBe(25);
  });

  it('is the room (lines × cpl) when the line stays long on screen', () => {
    expect(budget(6000, en)).toBe(84);
    expect(budget(6000, zh)).toBe(32);
    expect(budget(7000, ja)).toBe(26);
    expect(budget(20_000, en)).toBe(84);
  });

  it('gives a cue shorter than the minimum duration the minimum’s budget', () => {
    expect(budget(0, en)).toBe(budget(833, en));
    expect(budget(500, en)).toBe(14);
  });

  it('follows the user’s norms', () => {
    expect(budget(2000, normsFor('en', { cps: 20 }))).toBe(40);
    expect(budget(6000, normsFor('en', { cpl: 30 }))).toBe(60);
  });

  it('tells a line over its budget', () => {
    expect(overBudget('a'.repeat(34), 2000, en)).toBe(false);
    expect(overBudget('a'.repeat(35), 2000, en)).toBe(true);
    expect(overBudget('<i>' + 'a'.repeat(34) + '</i>', 2000, en)).toBe(false);
    expect(overBudget('字'.repeat(18), 2000, zh)).toBe(false);
    expect(overBudget('字'.repeat(19), 2000, zh)).toBe(true);
  });
});

describe('norm breaches (the editor’s flags)', () => {
  const en = normsFor('en');

  it('answers none for a line within every norm', () => {
    expect(normBreaches('Hello there.', 3000, en)).toEqual([]);
  });

  it('tells lines too long, too many, read too fast, and durations out of bounds', () => {
    expect(normBreaches('x'.repeat(43), 6000, en)).toEqual(['cpl']);
    expect(normBreaches('a\nb\nc', 3000, en)).toEqual(['lines']);
    expect(normBreaches('a'.repeat(26) + '\n' + 'b'.repeat(26), 3000, en)).toEqual(['cps']);
    expect(normBreaches('Hi.', 800, en)).toEqual(['short']);
    expect(normBreaches('Hi.', 7001, en)).toEqual(['long']);
    expect(normBreaches('', 800, en)).toEqual(['short']);
  });

  it('counts in the language’s counting: 16 Chinese characters fit a line, 17 do not', () => {
    const zh = normsFor('zh-CN');
    expect(overCpl('字'.repeat(16), zh.cpl, zh.counting)).toBe(false);
    expect(overCpl('字'.repeat(17), zh.cpl, zh.counting)).toBe(true);
    expect(overCpl('字'.repeat(15) + 'ab', zh.cpl, zh.counting)).toBe(false);
  });

  it('measures reading speed without tags or line breaks', () => {
    expect(readingRate('<i>abcd</i>\nefgh', 2000, 'chars')).toBe(4);
    expect(overCps('abcd', 0, 17, 'chars')).toBe(true);
    expect(overCps('', 0, 17, 'chars')).toBe(false);
  });
});
