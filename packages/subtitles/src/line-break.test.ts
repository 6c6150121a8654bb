import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { measureLine } from './budget.js';
import { breakLines, layoutText } from './line-break.js';
import { normsFor, type Norms } from './norms.js';

const lay = (text: string, lang: string, norms: Norms = normsFor(lang)) => breakLines(text, lang, norms);
const within = (lines: string[], norms: Norms) =>
  lines.every((l) => measureLine(l, norms.counting) <= norms.cpl);

describe('line breaking: what stays as it is', () => {
  it('keeps a text that fits on one line on one line, joining the engine’s breaks', () => {
    expect(lay('Short line.', 'en')).toEqual({ lines: ['Short line.'], fits: true });
    expect(lay('Where are\nyou going?', 'en').lines).toEqual(['Where are you going?']);
    expect(lay('你好，\n世界', 'zh-CN').lines).toEqual(['你好，世界']);
    expect(lay('  padded  ', 'en').lines).toEqual(['padded']);
  });

  it('keeps dual speakers one per line', () => {
    expect(lay('- Hello there.\n- Hi!', 'en')).toEqual({ lines: ['- Hello there.', '- Hi!'], fits: true });
    expect(lay('-你好。\n-再见。', 'zh-CN').lines).toEqual(['-你好。', '-再见。']);
  });

  it('puts dual speakers the engine joined on one line back on a line each', () => {
    expect(lay('- Are you coming? - Not tonight.', 'en').lines).toEqual([
      '- Are you coming?',
      '- Not tonight.',
    ]);
    expect(lay('-你来吗？-今晚不行。', 'zh-CN').lines).toEqual(['-你来吗？', '-今晚不行。']);
    // a dash inside one speaker's sentence is not a second speaker
    expect(lay('- Well - I mean, sure.', 'en').lines).toEqual(['- Well - I mean, sure.']);
  });
});

describe('line breaking of SDH lines (issue 36)', () => {
  it('keeps sound labels and speakers’ names on lines of their own', () => {
    expect(lay('(DISPARA EL ARMA)\n(GRITOS)', 'es').lines).toEqual(['(DISPARA EL ARMA)', '(GRITOS)']);
    expect(lay('[SCREAMS]\n[GLASS BREAKS]', 'en').lines).toEqual(['[SCREAMS]', '[GLASS BREAKS]']);
    expect(lay('WADE: Hola.\nVANESSA: Adiós.', 'es').lines).toEqual(['WADE: Hola.', 'VANESSA: Adiós.']);
    expect(lay('（笑）\n（拍手）', 'ja').lines).toEqual(['（笑）', '（拍手）']);
  });

  it('keeps a label on its own edge line and lays the rest out in the lines left', () => {
    expect(lay('(SUSPIRA)\nNo sé qué hacer.', 'es').lines).toEqual(['(SUSPIRA)', 'No sé qué hacer.']);
    expect(lay('No sé\nqué hacer.\n[RÍE]', 'es').lines).toEqual(['No sé qué hacer.', '[RÍE]']);
    // the text left over one line: laid out anyway, said not to fit
    const long = lay('(SUSPIRA)\nNo sé qué hacer con todo lo que ha pasado desde que te fuiste ayer.', 'es');
    expect(long.lines[0]).toBe('(SUSPIRA)');
    expect(long.lines).toHaveLength(2);
    expect(long.fits).toBe(false);
  });

  it('lays out as before a text without labels, or a label inside a line', () => {
    expect(lay('Se va\na casa.', 'es').lines).toEqual(['Se va a casa.']);
    expect(lay('Dijo (en voz baja)\nque no.', 'es').lines).toEqual(['Dijo (en voz baja) que no.']);
    expect(lay('WADE: Lo siento,\nhoy no.', 'es').lines).toEqual(['WADE: Lo siento, hoy no.']);
  });

  it('gives a speaker named on a later line a line of their own', () => {
    expect(lay('Lo siento.\nWADE: Hoy no.', 'es').lines).toEqual(['Lo siento.', 'WADE: Hoy no.']);
    expect(lay('Lo siento,\nde verdad.\nWADE: Hoy no.', 'es').lines).toEqual([
      'Lo siento, de verdad.',
      'WADE: Hoy no.',
    ]);
  });
});

describe('line breaking: verb groups and clitics kept whole (issue 36)', () => {
  const ends = (text: string, lang: string) => lay(text, lang).lines.map((l) => l.split(' ').pop());

  it('does not cut a verb periphrasis, a modal from its infinitive or end a line on a conjunction', () => {
    const spanish = lay('No sé qué decirte, pero tengo que mantener la calma ahora mismo.', 'es');
    expect(spanish.fits).toBe(true);
    expect(spanish.lines[0]).toMatch(/tengo que mantener$/);
    expect(ends('We told them that we are going to leave the city before dawn.', 'en')[0]).not.toMatch(
      /^(going|to)$/,
    );
    expect(ends('Hemos estado esperando aquí toda la noche y tenemos que irnos ya.', 'es')[0]).toBe('noche');
  });

  it('never ends a line on a clitic where another break fits', () => {
    expect(ends('Ya sabes que mi madre nunca se acuerda de nada de lo que le digo.', 'es')[0]).toBe(
      'acuerda',
    );
    // nor on a determiner apart from its noun ("el tercer | piso")
    expect(ends('El chico que vive en el tercer piso se marchó ayer sin decir nada.', 'es')[0]).not.toBe(
      'tercer',
    );
  });
});

describe('line breaking in space-separated languages', () => {
  it('breaks a long English line in two balanced lines within 42, never inside a word', () => {
    const text = 'We went to the store and bought some apples for the party tonight.';
    const { lines, fits } = lay(text, 'en');
    expect(fits).toBe(true);
    expect(lines).toHaveLength(2);
    expect(lines.join(' ')).toBe(text);
    expect(within(lines, normsFor('en'))).toBe(true);
  });

  it('breaks after punctuation rather than at the middle', () => {
    expect(lay('I know what you mean, but we cannot stay here any longer.', 'en').lines).toEqual([
      'I know what you mean,',
      'but we cannot stay here any longer.',
    ]);
    expect(lay('No sé qué decir. Creo que deberíamos irnos de aquí ahora.', 'es').lines).toEqual([
      'No sé qué decir.',
      'Creo que deberíamos irnos de aquí ahora.',
    ]);
  });

  it('breaks before a conjunction rather than after an article', () => {
    const { lines } = lay('She took the old blue car and drove all the way to the coast.', 'en');
    expect(lines).toEqual(['She took the old blue car', 'and drove all the way to the coast.']);
    const es = lay('Compramos las manzanas rojas y los plátanos para la fiesta de mañana.', 'es').lines;
    expect(es[0]).not.toMatch(/\b(las|los|la|el)$/);
  });

  it('does not separate a first name from a last name', () => {
    const { lines } = lay('Yesterday afternoon I finally met Jonathan Livingston at the station.', 'en');
    expect(lines.join('\n')).not.toContain('Jonathan\nLivingston');
  });

  it('never starts a line with closing punctuation (French spaces before "!" and "?")', () => {
    const { lines } = lay('Le président de la République a annoncé hier soir une réforme !', 'fr');
    expect(lines.every((l) => !/^[!?:;»]/.test(l))).toBe(true);
    expect(lines.join(' ')).toContain('réforme !');
  });

  it('answers the best effort and tells it when a word is longer than a line', () => {
    const word = 'Supercalifragilisticexpialidociousnessxxxxxxx';
    const r = lay(`${word} is a word.`, 'en');
    expect(r.fits).toBe(false);
    expect(r.problem).toBe('no-legal-break');
    expect(r.lines).toEqual([word, 'is a word.']);
  });

  it('tells a text too long for the lines the norm allows, laid out in those lines', () => {
    const text =
      'This sentence is far too long to fit in two subtitle lines of forty-two characters each, whatever we do.';
    const r = lay(text, 'en');
    expect(r).toMatchObject({ fits: false, problem: 'too-long' });
    expect(r.lines).toHaveLength(2);
    expect(r.lines.join(' ')).toBe(text);
  });

  it('uses the fewest lines a user’s norms need, up to their count', () => {
    const norms = normsFor('en', { cpl: 15, lines: 3 });
    const r = lay('We went to the store and bought apples.', 'en', norms);
    expect(r.fits).toBe(true);
    expect(r.lines).toHaveLength(3);
    expect(within(r.lines, norms)).toBe(true);
  });
});

describe('line breaking in Chinese and Japanese (BudouX phrases, kinsoku)', () => {
  it('breaks Chinese after its punctuation, within 16 characters a line', () => {
    const r = lay('我觉得这个电影非常有意思，你也应该去看看', 'zh-CN');
    expect(r).toEqual({ lines: ['我觉得这个电影非常有意思，', '你也应该去看看'], fits: true });
  });

  it('breaks Chinese at a phrase boundary, not inside a word', () => {
    const r = lay('我们明天早上一起去北京动物园看大熊猫和小老虎', 'zh-CN');
    expect(r.fits).toBe(true);
    expect(within(r.lines, normsFor('zh-CN'))).toBe(true);
    expect(r.lines.join('')).toBe('我们明天早上一起去北京动物园看大熊猫和小老虎');
    // not inside 北京, 动物园, 大熊猫, 老虎
    expect(r.lines.join('|')).not.toMatch(/北\|京|动\|物|物\|园|大\|熊|熊\|猫|老\|虎/);
  });

  it('breaks Traditional Chinese with the Traditional model', () => {
    const r = lay('我們今天晚上一起去看電影，好不好呢？我請客', 'zh-HK');
    expect(r.lines[0]).toBe('我們今天晚上一起去看電影，');
  });

  it('breaks Japanese at a phrase boundary within 13 characters a line', () => {
    const r = lay('明日の朝は早いので、今夜は早く寝ることにします', 'ja');
    expect(r.fits).toBe(true);
    expect(r.lines).toEqual(['明日の朝は早いので、', '今夜は早く寝ることにします']);
  });

  it('never starts a line with closing punctuation or small kana, never ends one on an opening bracket', () => {
    const texts = [
      '「散歩」に行きましょうか？それとも家にいる？',
      'ちょっと待ってください。すぐに行きますから',
      'それはきっと「ありがとう」って意味だったんだよ',
      '他说：“我们明天一定会回来的。”然后就走了',
    ];
    for (const text of texts) {
      const lang = /[ぁ-ん]/.test(text) ? 'ja' : 'zh-CN';
      const { lines } = lay(text, lang);
      for (const l of lines.slice(1))
        expect(l).not.toMatch(/^[、。，．！？）」』”ぁぃぅぇぉっゃゅょァィゥェォッャュョー]/u);
      for (const l of lines.slice(0, -1)) expect(l).not.toMatch(/[「『（“]$/u);
    }
  });

  it('breaks at a space Chinese subtitles use for a pause', () => {
    expect(lay('你先走吧 我在这里等他们回来 再一起出发', 'zh-CN').lines).toEqual([
      '你先走吧 我在这里等他们回来',
      '再一起出发',
    ]);
  });

  it('keeps Latin words and numbers whole inside Chinese', () => {
    const { lines } = lay('我昨天在商店里买了一部新的iPhone15手机和耳机', 'zh-CN');
    expect(lines.join('|')).not.toMatch(/[A-Za-z0-9]\|[A-Za-z0-9]/);
  });

  it('never breaks a number at its separators (BudouX ends a phrase after "13,")', () => {
    expect(lay('我们明天再谈吧，13,800块钱就这么没了。', 'zh-CN').lines).toEqual([
      '我们明天再谈吧，',
      '13,800块钱就这么没了。',
    ]);
  });
});

describe('line breaking keeps markup balanced', () => {
  it('closes a tag at the end of line 1 and opens it again on line 2', () => {
    const r = lay('<i>I know what you mean, but we cannot stay here any longer.</i>', 'en');
    expect(r.lines).toEqual(['<i>I know what you mean,</i>', '<i>but we cannot stay here any longer.</i>']);
  });

  it('keeps a tag that closes before the break on line 1, and one that opens after it on line 2', () => {
    const r = lay('<i>I know what you mean,</i> but we cannot stay <b>here</b> any longer.', 'en');
    expect(r.lines).toEqual(['<i>I know what you mean,</i>', 'but we cannot stay <b>here</b> any longer.']);
  });

  it('reopens a tag with its attributes, and keeps an ASS block at the start', () => {
    const r = lay('{\\an8}<font color="#ffff00">我觉得这个电影非常有意思，你也应该去看看</font>', 'zh-CN');
    expect(r.lines).toEqual([
      '{\\an8}<font color="#ffff00">我觉得这个电影非常有意思，</font>',
      '<font color="#ffff00">你也应该去看看</font>',
    ]);
  });

  it('joins the engine’s per-line tags before laying out again', () => {
    expect(lay('<i>Where are</i>\n<i>you going?</i>', 'en').lines).toEqual(['<i>Where are you going?</i>']);
  });

  it('leaves a tag the source leaves open (italics running into the next cue) open at the end', () => {
    const r = lay('<i>I know what you mean, but we cannot stay here any longer.', 'en');
    expect(r.lines).toEqual(['<i>I know what you mean,</i>', '<i>but we cannot stay here any longer.']);
  });
});

describe('line breaking: a legal layout is always found', () => {
  const words = fc.array(
    fc.oneof(
      fc.constantFrom('the', 'and', 'we', 'said,', 'house.', 'but', 'a', 'of', 'Jane', 'Smith'),
      fc.stringMatching(/^[a-z]{1,14}$/),
    ),
    { minLength: 1, maxLength: 16 },
  );
  /** can the words be laid out in at most 2 lines of 42, breaking only at spaces? */
  const legal = (ws: string[]) => {
    const norms = normsFor('en');
    for (let k = 0; k <= ws.length; k += 1) {
      const a = ws.slice(0, k).join(' ');
      const b = ws.slice(k).join(' ');
      if (a.length <= norms.cpl && b.length <= norms.cpl) return true;
    }
    return false;
  };

  it('fits whenever some break at a space fits, and keeps every word whole and in order', () => {
    fc.assert(
      fc.property(words, (ws) => {
        const text = ws.join(' ');
        const r = lay(text, 'en');
        expect(r.lines.join(' ')).toBe(text);
        expect(r.lines.length).toBeLessThanOrEqual(2);
        expect(r.fits).toBe(legal(ws));
        if (r.fits) expect(within(r.lines, normsFor('en'))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('layoutText', () => {
  it('answers the lines joined with line breaks', () => {
    expect(
      layoutText('I know what you mean, but we cannot stay here any longer.', 'en', normsFor('en')),
    ).toBe('I know what you mean,\nbut we cannot stay here any longer.');
  });
});
