import { describe, expect, it } from 'vitest';
import { assFontFor, assText, writeAss } from './ass-write.js';
import { parseAss } from './ass.js';

describe('ASS export of any task (issue 37 §3)', () => {
  it('chooses a CJK font for Chinese, Japanese and Korean, Arial otherwise', () => {
    expect(assFontFor('zh-CN')).toBe('Noto Sans CJK SC');
    expect(assFontFor('zh-TW')).toBe('Noto Sans CJK TC');
    expect(assFontFor('ja')).toBe('Noto Sans CJK JP');
    expect(assFontFor('ko')).toBe('Noto Sans CJK KR');
    expect(assFontFor('es')).toBe('Arial');
    expect(assFontFor(undefined)).toBe('Arial');
  });

  it('turns SRT markup into override tags and drops tags ASS would print', () => {
    expect(assText('<i>Hello</i> <b>you</b>\nthere')).toBe('{\\i1}Hello{\\i0} {\\b1}you{\\b0}\\Nthere');
    expect(assText('<font color="#FF8000">warm</font>')).toBe('{\\c&H0080FF&}warm{\\c}');
    // a colour by name, and a WebVTT line's speaker and timestamp
    expect(assText('<v Anna><font color=yellow>Run</font> <00:00:01.000>now')).toBe(
      '{\\c&H00FFFF&}Run{\\c} now',
    );
    expect(assText('{\\an8}<span class="x">top</span>')).toBe('{\\an8}top');
    expect(assText('a\n\nb')).toBe('a\\Nb');
  });

  it('writes a script that reads back with the same times and text', () => {
    const text = writeAss(
      [
        { startMs: 1000, endMs: 3500, text: '你好，\n世界' },
        { startMs: 4000, endMs: 6005, text: '再见' },
      ],
      { language: 'zh-CN', title: 'Ep\n1' },
    );
    expect(text).toContain('Title: Ep 1');
    expect(text).toMatch(/^Style: Default,Noto Sans CJK SC,64,/m);
    expect(text).not.toMatch(/^Style: Original/m);
    expect(parseAss(text)).toEqual([
      { index: 1, startMs: 1000, endMs: 3500, text: '你好，\n世界' },
      { index: 2, startMs: 4000, endMs: 6010, text: '再见' },
    ]);
  });

  it('puts the original in a smaller style of its language, above or below, once per line', () => {
    const events = [
      { startMs: 0, endMs: 1000, text: 'こんにちは', original: 'Hello' },
      { startMs: 1000, endMs: 2000, text: 'OK', original: 'OK' },
    ];
    const above = writeAss(events, { language: 'ja', sourceLanguage: 'en' });
    expect(above).toMatch(/^Style: Default,Noto Sans CJK JP,64,/m);
    expect(above).toMatch(/^Style: Original,Arial,45,/m);
    expect(above).toContain(',,{\\rOriginal}Hello{\\r}\\Nこんにちは\n');
    // a line whose translation is its original is written once
    expect(above).toMatch(/,,OK\n$/);
    const below = writeAss(events, {
      language: 'ja',
      sourceLanguage: 'en',
      originalFirst: false,
      originalScale: 0.5,
    });
    expect(below).toContain(',,こんにちは\\N{\\rOriginal}Hello{\\r}\n');
    expect(below).toMatch(/^Style: Original,Arial,32,/m);
  });
});
