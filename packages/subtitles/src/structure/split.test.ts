import { describe, expect, it } from 'vitest';
import type { StructureLine } from './line.js';
import { splitLine } from './split.js';

const line = (originalText: string, translatedText: string): StructureLine => ({
  id: 7,
  startMs: 10_000,
  endMs: 14_000,
  originalText,
  translatedText,
});
const texts = (r: ReturnType<typeof splitLine>) =>
  r && [
    [r[0].originalText, r[0].translatedText],
    [r[1].originalText, r[1].translatedText],
  ];
const enZh = { source: 'en', target: 'zh-CN' };
const enEs = { source: 'en', target: 'es' };

describe('splitLine: the texts', () => {
  it('cuts the original at the cursor and the translation at the nearest clause', () => {
    const r = splitLine(
      line(
        'I know what you mean, but we cannot stay here any longer.',
        'Sé lo que quieres decir, pero no podemos quedarnos aquí más tiempo.',
      ),
      { originalOffset: 'I know what you mean, '.length },
      enEs,
    );
    expect(texts(r)).toEqual([
      ['I know what you mean,', 'Sé lo que quieres decir,'],
      ['but we cannot stay here any longer.', 'pero no podemos quedarnos aquí más tiempo.'],
    ]);
  });

  it('cuts the translation at the cursor and the original at the nearest word, never inside one', () => {
    const r = splitLine(
      line('We bought apples for the party tonight', 'Compramos manzanas para la fiesta de esta noche'),
      { translatedOffset: 'Compramos manzanas'.length },
      enEs,
    );
    expect(texts(r)).toEqual([
      ['We bought apples', 'Compramos manzanas'],
      ['for the party tonight', 'para la fiesta de esta noche'],
    ]);
  });

  it('never cuts inside 牛仔裤 (both segmenters would: 牛仔|裤)', () => {
    const r = splitLine(
      line('Our jeans look great', '我们的牛仔裤很好看'),
      { originalOffset: 'Our jeans'.length },
      enZh,
    );
    expect(r![0].translatedText + '|' + r![1].translatedText).toMatch(
      /^(我们的\|牛仔裤很好看|我们的牛仔裤\|很好看)$/,
    );
    for (const offset of [1, 4, 6, 10, 14, 18]) {
      const [a, b] = splitLine(
        line('Our jeans look great', '我们的牛仔裤很好看'),
        { originalOffset: offset },
        enZh,
      )!;
      expect(a.translatedText + b.translatedText).toBe('我们的牛仔裤很好看');
      expect(a.translatedText.endsWith('牛') || a.translatedText.endsWith('牛仔')).toBe(false);
    }
  });

  it('cuts Chinese at the cursor when the cursor is in it, and English at the word nearest its share', () => {
    const l = line('Our jeans look great', '我们的牛仔裤很好看');
    expect(texts(splitLine(l, { translatedOffset: 3 }, enZh))).toEqual([
      ['Our jeans', '我们的'],
      ['look great', '牛仔裤很好看'],
    ]);
    // 6 of 9 characters: 11.3 of the 17 English ones, nearest after "look" (12)
    expect(texts(splitLine(l, { translatedOffset: 6 }, enZh))).toEqual([
      ['Our jeans look', '我们的牛仔裤'],
      ['great', '很好看'],
    ]);
  });

  it('cuts Japanese at a phrase boundary, preferring a sentence end', () => {
    const r = splitLine(
      line(
        'The weather is really nice today, so let us go out.',
        '今日はとても良い天気ですね。だから出かけましょう。',
      ),
      { originalOffset: 'The weather is really nice today, '.length },
      { source: 'en', target: 'ja' },
    );
    expect(r![0].translatedText.replace(/\n/g, '')).toBe('今日はとても良い天気ですね。');
    expect(r![1].translatedText).toBe('だから出かけましょう。');
  });

  it('cuts English matching a Japanese cursor without cutting a word', () => {
    const r = splitLine(
      line(
        'The weather is really nice today, so let us go out.',
        '今日はとても良い天気ですね。だから出かけましょう。',
      ),
      { translatedOffset: '今日はとても'.length },
      { source: 'en', target: 'ja' },
    );
    expect(r![0].translatedText).toBe('今日はとても');
    const words = 'The weather is really nice today, so let us go out.'.split(' ');
    expect(words.slice(0, r![0].originalText.split(/\s+/).length).join(' ')).toBe(r![0].originalText);
  });

  it('reads an auto source from its script', () => {
    const r = splitLine(
      line('我们的牛仔裤很好看', 'Our jeans look great'),
      { translatedOffset: 'Our jeans'.length },
      { source: 'auto', target: 'en' },
    );
    expect(r![0].originalText).toMatch(/^我们的(牛仔裤)?$/);
  });

  it('splits a dialogue between the speakers in both texts, wherever the cursor, and drops the dashes', () => {
    for (const offset of [0, 3, 20, 31]) {
      const r = splitLine(
        line('- Are you coming?\n- Not tonight.', '-你来吗？\n-今晚不行。'),
        { originalOffset: offset },
        enZh,
      );
      expect(texts(r)).toEqual([
        ['Are you coming?', '你来吗？'],
        ['Not tonight.', '今晚不行。'],
      ]);
    }
    const es = splitLine(
      line('- Are you coming? - Not tonight.', '- ¿Vienes?\n- Esta noche no.'),
      { translatedOffset: 2 },
      enEs,
    );
    expect(texts(es)).toEqual([
      ['Are you coming?', '¿Vienes?'],
      ['Not tonight.', 'Esta noche no.'],
    ]);
  });

  it('keeps the dashes of a half that still holds two speakers', () => {
    const r = splitLine(
      line('- One.\n- Two.\n- Three.', '- Uno.\n- Dos.\n- Tres.'),
      { originalOffset: 17 },
      enEs,
    );
    expect(texts(r)).toEqual([
      ['- One.\n- Two.', '- Uno.\n- Dos.'],
      ['Three.', 'Tres.'],
    ]);
  });

  it('keeps tags balanced in each half', () => {
    const r = splitLine(
      line('<i>Hello there, my friend</i>', '<i>Hola, amigo mío</i>'),
      { originalOffset: 16 },
      enEs,
    );
    expect(texts(r)).toEqual([
      ['<i>Hello there,</i>', '<i>Hola,</i>'],
      ['<i>my friend</i>', '<i>amigo mío</i>'],
    ]);
  });

  it('gives a one-word translation whole to the half with the larger share', () => {
    const text = 'Yes, of course I will';
    expect(texts(splitLine(line(text, 'Claro.'), { originalOffset: 4 }, enEs))).toEqual([
      ['Yes,', ''],
      ['of course I will', 'Claro.'],
    ]);
    expect(texts(splitLine(line(text, 'Claro.'), { originalOffset: 15 }, enEs))![0]![1]).toBe('Claro.');
    // an untranslated line stays untranslated in both halves
    expect(texts(splitLine(line(text, ''), { originalOffset: 4 }, enEs))).toEqual([
      ['Yes,', ''],
      ['of course I will', ''],
    ]);
  });

  it('lays each half out again for its language', () => {
    const r = splitLine(
      line(
        'We went to the store\nand bought some apples for the party tonight, and then we went home.',
        'Fuimos a la tienda y compramos manzanas para la fiesta de esta noche, y luego volvimos a casa.',
      ),
      { originalOffset: 'We went to the store\nand bought some apples for the party tonight,'.length },
      enEs,
    );
    expect(r![0].originalText).toBe('We went to the store and bought\nsome apples for the party tonight,');
    expect(r![1].originalText).toBe('and then we went home.');
    expect(r![1].translatedText).toBe('y luego volvimos a casa.');
  });

  it('refuses a cut that leaves a half empty', () => {
    const l = line('Hello there', 'Hola');
    expect(splitLine(l, { originalOffset: 0 }, enEs)).toBeNull();
    expect(splitLine(l, { originalOffset: 11 }, enEs)).toBeNull();
    expect(splitLine(line(' Hello there ', 'Hola'), { originalOffset: 1 }, enEs)).toBeNull();
    expect(splitLine(l, { translatedOffset: 0 }, enEs)).toBeNull();
    expect(splitLine(line('Hello there', ''), { translatedOffset: 0 }, enEs)).toBeNull();
  });
});

describe('splitLine: the times', () => {
  it('divides the time by the cut text’s share of characters', () => {
    // "Our jeans" is 8 of the 17 characters that are not spaces
    const [a, b] = splitLine(
      line('Our jeans look great', '我们的牛仔裤很好看'),
      { originalOffset: 9 },
      enZh,
    )!;
    expect([a.startMs, a.endMs, b.startMs, b.endMs]).toEqual([10_000, 11_882, 11_882, 14_000]);
    expect(a.id).toBe(7);
    expect('id' in b).toBe(false);
  });

  it('divides at the playhead when given, kept inside the line', () => {
    const l = line('Our jeans look great', '我们的牛仔裤很好看');
    const at = (atMs: number) => {
      const [a, b] = splitLine(l, { originalOffset: 9 }, { ...enZh, atMs })!;
      return [a.endMs, b.startMs];
    };
    expect(at(12_500)).toEqual([12_500, 12_500]);
    expect(at(5_000)).toEqual([10_001, 10_001]);
    expect(at(20_000)).toEqual([13_999, 13_999]);
  });

  it('leaves a gap between the halves when asked', () => {
    const [a, b] = splitLine(
      line('Our jeans look great', '我们的牛仔裤很好看'),
      { originalOffset: 9 },
      {
        ...enZh,
        atMs: 12_000,
        gapMs: 83,
      },
    )!;
    expect([a.endMs, b.startMs]).toEqual([11_917, 12_000]);
  });

  it('refuses a line too short to hold two', () => {
    const l = { ...line('Our jeans look great', '我们的牛仔裤很好看'), endMs: 10_001 };
    expect(splitLine(l, { originalOffset: 9 }, enZh)).toBeNull();
  });
});
