import { describe, expect, it } from 'vitest';
import {
  MICRODVD_DEFAULT_FPS,
  MICRODVD_OPEN_END_MS,
  microDvdDeclaredRate,
  microDvdText,
  parseMicroDvd,
  readMicroDvd,
} from './microdvd.js';
import { SubtitleParseError } from './model.js';

const rows = (src: string, fps?: number) => parseMicroDvd(src, fps).map((c) => [c.startMs, c.endMs, c.text]);

const SUB = '{25}{87}Good morning,|everyone.\n{100}{150}We start at nine.\n';

describe('MicroDVD', () => {
  it('counts frames at the rate given, rounded to the nearest millisecond; | breaks the line', () => {
    expect(parseMicroDvd(SUB, 25)).toEqual([
      { index: 1, startMs: 1000, endMs: 3480, text: 'Good morning,\neveryone.' },
      { index: 2, startMs: 4000, endMs: 6000, text: 'We start at nine.' },
    ]);
    // 100 frames at 23.976 fps: 4170.8 ms
    expect(rows(SUB)[1]).toEqual([4171, 6256, 'We start at nine.']);
  });

  it('defaults to 23.976 fps, says which rate it used and whether the file gave it', () => {
    expect(MICRODVD_DEFAULT_FPS).toBe(23.976);
    expect(readMicroDvd(SUB)).toMatchObject({ fps: 23.976, fromFile: false });
    expect(readMicroDvd(SUB, 30)).toMatchObject({ fps: 30, fromFile: false });
  });

  it('reads the rate a first line {1}{1}25 declares; that line is no cue', () => {
    const declared = `{1}{1}25\n${SUB}`;
    expect(microDvdDeclaredRate(declared)).toBe(25);
    expect(readMicroDvd(declared)).toMatchObject({ fps: 25, fromFile: true });
    expect(rows(declared)).toEqual(rows(SUB, 25));
    expect(microDvdDeclaredRate('{0}{0}29,97\n{1}{2}x')).toBe(29.97);
    expect(microDvdDeclaredRate('{1}{1}23.976\n{1}{2}x')).toBe(23.976);
    expect(microDvdDeclaredRate(SUB)).toBeNull();
  });

  it("lets the caller's rate win over the file's; fromFile only when the file's rate is the one used", () => {
    const declared = `{1}{1}25\n${SUB}`;
    expect(readMicroDvd(declared, 50)).toMatchObject({ fps: 50, fromFile: false });
    expect(readMicroDvd(declared, 50).cues[0]).toMatchObject({ startMs: 500, endMs: 1740 });
    // the dialog sends back the rate it showed: still the file's
    expect(readMicroDvd(declared, 25)).toMatchObject({ fps: 25, fromFile: true });
  });

  it('drops a declaration of no plausible rate, and keeps {1}{1} lines with words as cues', () => {
    expect(readMicroDvd(`{1}{1}0\n${SUB}`)).toMatchObject({ fps: 23.976, fromFile: false });
    expect(readMicroDvd(`{1}{1}0\n${SUB}`).cues).toHaveLength(2);
    expect(rows('{1}{1}Hello\n{25}{50}x', 25)).toEqual([
      [40, 40, 'Hello'],
      [1000, 2000, 'x'],
    ]);
    // not the first cue line: a cue like any other
    expect(rows('{25}{50}x\n{1}{1}25', 25)).toEqual([
      [1000, 2000, 'x'],
      [40, 40, '25'],
    ]);
  });

  it('refuses a rate that is not a positive number', () => {
    for (const bad of [0, -25, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => readMicroDvd(SUB, bad)).toThrow(RangeError);
    }
  });

  it('an empty end lasts until the next cue starts, at most MICRODVD_OPEN_END_MS', () => {
    expect(MICRODVD_OPEN_END_MS).toBe(3000);
    expect(rows('{25}{}one\n{50}{75}two\n{100}{}three\n{200}{}four\n', 25)).toEqual([
      [1000, 2000, 'one'],
      [2000, 3000, 'two'],
      // the next cue is 4 s later: capped
      [4000, 7000, 'three'],
      // the last cue
      [8000, 11_000, 'four'],
    ]);
  });

  it('throws SubtitleParseError without a cue line', () => {
    expect(() => parseMicroDvd('no frames here\n')).toThrow(SubtitleParseError);
    expect(() => parseMicroDvd('{1}{1}25\n')).toThrow(SubtitleParseError);
  });
});

describe('MicroDVD control codes', () => {
  it('style codes become SRT tags: lowercase for their line, uppercase for every line', () => {
    expect(microDvdText('{y:i}Hello|world')).toBe('<i>Hello</i>\nworld');
    expect(microDvdText('{Y:i}Hello|world')).toBe('<i>Hello</i>\n<i>world</i>');
    expect(microDvdText('{y:b,u}A|{y:s}B')).toBe('<b><u>A</u></b>\n<s>B</s>');
    expect(microDvdText('{Y:b}{y:i}A|B')).toBe('<b><i>A</i></b>\n<b>B</b>');
  });

  it('colour ($BBGGRR) becomes <font color>; font, size, position and charset codes go', () => {
    expect(microDvdText('{c:$0000FF}red')).toBe('<font color="#FF0000">red</font>');
    expect(microDvdText('{f:DeJaVuSans}{s:20}{P:0}{C:$ff0000}{H:PL}text')).toBe(
      '<font color="#0000FF">text</font>',
    );
  });

  it('a leading slash is italics, as MPlayer and VLC read it', () => {
    expect(microDvdText('/Off screen|on screen')).toBe('<i>Off screen</i>\non screen');
  });

  it('keeps braces that are no control code, and codes in the middle of a line, verbatim', () => {
    expect(microDvdText('{\\an8}top')).toBe('{\\an8}top');
    expect(microDvdText('Say {x}|a {y:i} b')).toBe('Say {x}\na {y:i} b');
  });

  it('trims each line and drops empty ones', () => {
    expect(microDvdText('  one  ||  two |')).toBe('one\ntwo');
    expect(microDvdText('{y:i}')).toBe('');
  });
});

describe('MicroDVD files as they come (tolerance corpus)', () => {
  const EXPECTED = [
    [1000, 3480, 'Good morning,\neveryone.'],
    [4000, 6000, 'We start at nine.'],
  ];

  it('a BOM, CRLF, CR or mixed line endings, blank lines, no final newline', () => {
    expect(rows(`\uFEFF${SUB.replace(/\n/g, '\r\n')}`, 25)).toEqual(EXPECTED);
    expect(rows(SUB.replace(/\n/g, '\r'), 25)).toEqual(EXPECTED);
    expect(rows('\n\n{25}{87}Good morning,|everyone.\r\n\r\n\r{100}{150}We start at nine.', 25)).toEqual(
      EXPECTED,
    );
  });

  it('spaces around the frame numbers and trailing spaces', () => {
    expect(rows('{ 25 }{ 87 } Good morning, | everyone.  \n {100} {150}We start at nine.   \n', 25)).toEqual(
      EXPECTED,
    );
  });

  it('stray lines (a title, a cue with a broken frame) are skipped', () => {
    const src =
      'Movie title (2001)\n{25}{87}Good morning,|everyone.\n{90}{9x}broken\n{95}text without end\n{100}{150}We start at nine.\n';
    expect(rows(src, 25)).toEqual(EXPECTED);
  });

  it('a cut-off last line is skipped; a cue with no text (a screen clear) is no cue', () => {
    expect(rows(`${SUB}{200}{2`, 25)).toEqual(EXPECTED);
    expect(rows(`${SUB}{200}{250}\n{300}{350}  |  \n`, 25)).toEqual(EXPECTED);
  });

  it('a line separator (U+2028) in a line makes it no cue line, as the line pattern had it', () => {
    expect(rows(`${SUB}{200}{250}one\u2028two\n`, 25)).toEqual(EXPECTED);
  });

  it('frame numbers past what a double holds exactly are read as Number() reads them', () => {
    const big = '12345678901234567890';
    expect(rows(`{${big}}{${big}}x`, 1)[0]).toEqual([
      Math.round(Number(big) * 1000),
      Math.round(Number(big) * 1000),
      'x',
    ]);
  });

  it('a slash or braces inside the words are text; only a leading one is a code', () => {
    expect(rows('{25}{50}and/or | {not} a code|  /aside', 25)).toEqual([
      [1000, 2000, 'and/or\n{not} a code\n<i>aside</i>'],
    ]);
  });

  it('uppercase and lowercase codes alike, in a Polish-style file with a declared rate', () => {
    const src =
      '{1}{1}25.000\n{25}{87}{Y:i}Dzień dobry,|wszystkim.\n{100}{150}{y:b}Zaczynamy o dziewiątej.\n';
    expect(rows(src)).toEqual([
      [1000, 3480, '<i>Dzień dobry,</i>\n<i>wszystkim.</i>'],
      [4000, 6000, '<b>Zaczynamy o dziewiątej.</b>'],
    ]);
  });
});
