import { describe, expect, it } from 'vitest';
import { SubtitleParseError } from './model.js';
import { parseSbv, parseSbvTiming } from './sbv.js';

const times = (src: string) => parseSbv(src).map((c) => [c.startMs, c.endMs, c.text]);

const SBV =
  '0:00:01.000,0:00:03.500\nGood morning,\neveryone.\n\n0:00:04.000,0:00:06.000\nWe start at nine.\n';

describe('SBV (YouTube SubViewer)', () => {
  it('reads timing lines and the text lines up to a blank line', () => {
    expect(parseSbv(SBV)).toEqual([
      { index: 1, startMs: 1000, endMs: 3500, text: 'Good morning,\neveryone.' },
      { index: 2, startMs: 4000, endMs: 6000, text: 'We start at nine.' },
    ]);
  });

  it('takes hours of any number of digits and fractions of 1–3 digits (".5" is 500 ms)', () => {
    expect(parseSbvTiming('0:00:01.5,0:00:02.25')).toEqual({ startMs: 1500, endMs: 2250 });
    expect(parseSbvTiming('12:00:00.000,123:00:00.001')).toEqual({ startMs: 43_200_000, endMs: 442_800_001 });
    expect(parseSbvTiming('0:00:01,0:00:02')).toEqual({ startMs: 1000, endMs: 2000 });
    expect(parseSbvTiming('0:00:01,500,0:00:02,750')).toEqual({ startMs: 1500, endMs: 2750 });
    expect(parseSbvTiming(' 0:00:01.000 , 0:00:02.000 ')).toEqual({ startMs: 1000, endMs: 2000 });
  });

  it('refuses timing lines with minutes or seconds past 59, a missing end or words', () => {
    expect(parseSbvTiming('0:61:00.000,0:62:00.000')).toBeNull();
    expect(parseSbvTiming('0:00:01.000,')).toBeNull();
    expect(parseSbvTiming('0:00:01.000,0:00:02.000 hello')).toBeNull();
    expect(parseSbvTiming('00:00:01,000 --> 00:00:02,000')).toBeNull();
  });

  it('keeps inline tags verbatim and reads [br] as a line break', () => {
    expect(times('0:00:01.000,0:00:02.000\n<i>one</i>[br]two[BR]\n')).toEqual([
      [1000, 2000, '<i>one</i>\ntwo'],
    ]);
  });

  it('throws SubtitleParseError without a single timing line', () => {
    expect(() => parseSbv('just some words\nand more\n')).toThrow(SubtitleParseError);
    expect(() => parseSbv('')).toThrow(SubtitleParseError);
  });
});

describe('SBV files as they come (tolerance corpus)', () => {
  const EXPECTED = [
    [1000, 3500, 'Good morning,\neveryone.'],
    [4000, 6000, 'We start at nine.'],
  ];

  it('a BOM, CRLF, CR or mixed line endings, trailing spaces and no final newline', () => {
    expect(times(`\uFEFF${SBV.replace(/\n/g, '\r\n')}`)).toEqual(EXPECTED);
    expect(times(SBV.replace(/\n/g, '\r'))).toEqual(EXPECTED);
    const mixed =
      '0:00:01.000,0:00:03.500  \r\nGood morning,   \neveryone.\r\r\n0:00:04.000,0:00:06.000\rWe start at nine.';
    expect(times(mixed)).toEqual(EXPECTED);
  });

  it('extra blank lines between and before the cues', () => {
    expect(times(`\n\n\n${SBV.replace('\n\n', '\n\n\n\n  \n')}\n\n\n`)).toEqual(EXPECTED);
  });

  it('stray text before the first cue (a title, a note) is skipped', () => {
    expect(times(`Captions by Anna\nDraft 2\n\n${SBV}`)).toEqual(EXPECTED);
  });

  it('a cue with a broken timing line is skipped with its text, the others kept', () => {
    const src =
      '0:00:01.000,0:00:03.500\nGood morning,\neveryone.\n\n0:00:03.600,0:00:0\nlost\n\n0:00:04.000,0:00:06.000\nWe start at nine.\n';
    expect(times(src)).toEqual(EXPECTED);
    // even without the blank line before it, the broken line does not join the cue before
    const joined =
      '0:00:01.000,0:00:03.500\nGood morning,\neveryone.\n0:00:03.600,\nlost\n\n0:00:04.000,0:00:06.000\nWe start at nine.';
    expect(times(joined)).toEqual(EXPECTED);
  });

  it('a missing blank line between two cues: the next timing line starts the next cue', () => {
    expect(times(SBV.replace('\n\n', '\n'))).toEqual(EXPECTED);
  });

  it('a last cue cut off: its timing line without text is a cue without text, as in SRT', () => {
    expect(times(`${SBV}\n0:00:07.000,0:00:08.000`)).toEqual([...EXPECTED, [7000, 8000, '']]);
    // cut inside the timing line: not a cue
    expect(times(`${SBV}\n0:00:07.000,0:00:0`)).toEqual(EXPECTED);
  });

  it('a text line that starts with a time but has words stays text', () => {
    expect(times('0:00:01.000,0:00:02.000\n10:30:00, doors open\n')).toEqual([
      [1000, 2000, '10:30:00, doors open'],
    ]);
  });

  it('timing lines read in place and those left to the regular expression agree', () => {
    // `,` before the fraction, spaces and tabs around the comma, a no-break space after the end
    const src =
      '0:00:01,500,0:00:02,750\none\n\n 0:00:03.000\t, 0:00:04.5\u00a0\ntwo\n\n0:00:05,0:00:06\nthree\n';
    expect(times(src)).toEqual([
      [1500, 2750, 'one'],
      [3000, 4500, 'two'],
      [5000, 6000, 'three'],
    ]);
    // hours past what a number holds exactly: no time, so a broken timing line
    expect(times(`${SBV}\n99999999999999999999:00:00.000,0:00:09.000\nlost\n`)).toEqual(EXPECTED);
  });

  it('lines that start with digits are text unless they are timings', () => {
    expect(times('0:00:01.000,0:00:02.000\n3 people came.\n2:30 left\n')).toEqual([
      [1000, 2000, '3 people came.\n2:30 left'],
    ]);
  });
});
