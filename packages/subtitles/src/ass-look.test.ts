import { describe, expect, it } from 'vitest';
import { burnFontFor, lookStyle, type AssLook } from './ass-look.js';
import { writeAss } from './ass-write.js';

const LOOK: AssLook = { font: 'sans', size: 5, colour: '#ffcc00', background: 'outline', position: 'bottom' };

/** a Style line's fields by the Format line's names */
function styleFields(line: string) {
  const names =
    'Name,Fontname,Fontsize,PrimaryColour,SecondaryColour,OutlineColour,BackColour,Bold,Italic,Underline,StrikeOut,ScaleX,ScaleY,Spacing,Angle,BorderStyle,Outline,Shadow,Alignment,MarginL,MarginR,MarginV,Encoding'.split(
      ',',
    );
  const values = line.replace(/^Style: /, '').split(',');
  return Object.fromEntries(names.map((n, i) => [n, values[i]]));
}

const stylesOf = (script: string) =>
  script
    .split('\n')
    .filter((l) => l.startsWith('Style: '))
    .map(styleFields);

describe('lines burned into a picture (issue 40)', () => {
  it('names an installed face for each script: Noto CJK by region, Liberation otherwise', () => {
    expect(burnFontFor('zh-CN')).toBe('Noto Sans CJK SC');
    expect(burnFontFor('zh-Hant')).toBe('Noto Sans CJK TC');
    expect(burnFontFor('ja', 'serif')).toBe('Noto Serif CJK JP');
    expect(burnFontFor('ko')).toBe('Noto Sans CJK KR');
    expect(burnFontFor('fr')).toBe('Liberation Sans');
    expect(burnFontFor('en', 'serif')).toBe('Liberation Serif');
  });

  it('sizes the text against the picture height, in its colour, outlined at the bottom', () => {
    const s = styleFields(lookStyle('Default', 'Liberation Sans', LOOK, { width: 1280, height: 720 }));
    expect(s.Fontsize).toBe('36'); // 5 % of 720
    expect(s.PrimaryColour).toBe('&H0000CCFF'); // #ffcc00 as &HAABBGGRR, opaque
    expect(s.BorderStyle).toBe('1');
    expect(Number(s.Outline)).toBeGreaterThanOrEqual(2);
    expect(s.Alignment).toBe('2');
    expect(s.MarginV).toBe('36');
  });

  it('puts a line in a box, or at the top', () => {
    const s = styleFields(
      lookStyle(
        'Default',
        'Liberation Sans',
        { ...LOOK, background: 'box', position: 'top' },
        { width: 1920, height: 1080 },
      ),
    );
    expect(s.BorderStyle).toBe('3');
    expect(s.OutlineColour).toBe('&H60000000');
    expect(s.Shadow).toBe('0');
    expect(s.Alignment).toBe('8');
  });

  it("writes the script on the picture's own canvas, an upright phone video's too", () => {
    const script = writeAss([{ startMs: 0, endMs: 1000, text: 'Hola' }], {
      language: 'es',
      look: LOOK,
      canvas: { width: 1080, height: 1920 },
    });
    expect(script).toContain('PlayResX: 1080\nPlayResY: 1920');
    const [style] = stylesOf(script);
    expect(style).toMatchObject({ Name: 'Default', Fontname: 'Liberation Sans', Fontsize: '96' });
  });

  it('shows the original smaller above the translation, each in the face of its language', () => {
    const script = writeAss([{ startMs: 0, endMs: 2000, text: 'Good morning', original: 'おはよう' }], {
      language: 'en',
      sourceLanguage: 'ja',
      look: { ...LOOK, font: 'serif' },
      canvas: { width: 1920, height: 1080 },
      originalScale: 0.6,
    });
    const [main, original] = stylesOf(script);
    expect(main).toMatchObject({ Name: 'Default', Fontname: 'Liberation Serif', Fontsize: '54' });
    expect(original).toMatchObject({ Name: 'Original', Fontname: 'Noto Serif CJK JP', Fontsize: '32' });
    expect(script).toContain('{\\rOriginal}おはよう{\\r}\\NGood morning');
  });

  it('keeps the default export (no look) as it was: 1080p canvas, Arial or Noto CJK', () => {
    const script = writeAss([{ startMs: 0, endMs: 1000, text: 'x' }], { language: 'de' });
    expect(script).toContain('PlayResX: 1920\nPlayResY: 1080');
    expect(stylesOf(script)[0]).toMatchObject({ Fontname: 'Arial', Fontsize: '64' });
  });
});
