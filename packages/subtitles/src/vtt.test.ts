import { vttTagsOut } from './vtt-markup.js';
import { describe, expect, it } from 'vitest';
import { SubtitleParseError } from './model.js';
import { parseVtt, serialiseVtt } from './vtt.js';

const rows = (src: string) => parseVtt(src).map((c) => [c.startMs, c.endMs, c.text]);

const VTT =
  'WEBVTT - a file\nKind: captions\n\nSTYLE\n::cue { color: white; }\n\nNOTE a -- note\n\n1\n00:00:01.000 --> 00:00:03.500 align:center\n<v Anna>Good morning,\neveryone.\n\n00:04.000 --> 00:06.000\nWe start at nine.\n';
const EXPECTED = [
  [1000, 3500, '<v Anna>Good morning,\neveryone.'],
  [4000, 6000, 'We start at nine.'],
];

describe('WebVTT files as they come (tolerance corpus)', () => {
  it('skips the header, STYLE and NOTE blocks and identifiers; keeps tags verbatim', () => {
    expect(parseVtt(VTT)[0]).toEqual({ index: 1, startMs: 1000, endMs: 3500, text: EXPECTED[0]![2] });
    expect(rows(VTT)).toEqual(EXPECTED);
  });

  it('a BOM, CRLF, CR or mixed line endings, trailing spaces, no final newline', () => {
    expect(rows(`\uFEFF${VTT.replace(/\n/g, '\r\n')}`)).toEqual(EXPECTED);
    expect(rows(VTT.replace(/\n/g, '\r'))).toEqual(EXPECTED);
    const mixed = VTT.replace('everyone.\n', 'everyone.  \r\n').replace('00:06.000\n', '00:06.000\u00a0\r');
    expect(rows(mixed.trimEnd())).toEqual(EXPECTED);
  });

  it('a line with spaces only ends a cue; an arrow in words is text; a next timing line ends a cue', () => {
    const src =
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nA --> B\n \t\nlost\n00:00:03.000 --> 00:00:04.000\nC\n00:00:05.000 --> 00:00:06.000\nD';
    expect(rows(src)).toEqual([
      [1000, 2000, 'A --> B'],
      [3000, 4000, 'C'],
      [5000, 6000, 'D'],
    ]);
  });

  it('throws SubtitleParseError without the header or without a cue', () => {
    expect(() => parseVtt('00:00:01.000 --> 00:00:02.000\nA\n')).toThrow(SubtitleParseError);
    expect(() => parseVtt('WEBVTTX\n\n00:00:01.000 --> 00:00:02.000\nA\n')).toThrow(SubtitleParseError);
    expect(() => parseVtt('WEBVTT\n\nNOTE nothing\n')).toThrow(SubtitleParseError);
  });
});

describe('where a cue is shown, and its colours (issue 37: carried where the format can)', () => {
  it('reads line and align settings as the nine places of {\\anN}', () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:01.000 --> 00:02.000 line:0',
      'Sign',
      '',
      '00:03.000 --> 00:04.000 align:start line:10%',
      'Left',
      '',
      '00:05.000 --> 00:06.000 line:-1 align:end',
      'Bottom right',
      '',
      '00:07.000 --> 00:08.000 position:10% line:80%',
      'Low',
      '',
      '00:09.000 --> 00:10.000 line:50%,center',
      'Middle',
      '',
      '00:11.000 --> 00:12.000 line:45% align:left',
      'Middle left',
      '',
    ].join('\n');
    expect(parseVtt(vtt).map((c) => c.text)).toEqual([
      '{\\an8}Sign',
      '{\\an7}Left',
      '{\\an3}Bottom right',
      'Low',
      '{\\an5}Middle',
      '{\\an4}Middle left',
    ]);
  });

  it('writes every place as cue settings, and reads each back', () => {
    const cues = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({
      index: n,
      startMs: n * 1000,
      endMs: n * 1000 + 500,
      text: `{\\an${n}}Place ${n}`,
    }));
    const out = serialiseVtt(cues);
    expect(out).toContain('00:00:01.000 --> 00:00:01.500 position:0% align:start\nPlace 1\n');
    expect(out).toContain('00:00:02.000 --> 00:00:02.500\nPlace 2\n');
    expect(out).toContain('00:00:08.000 --> 00:00:08.500 line:0\nPlace 8\n');
    expect(parseVtt(out).map((c) => c.text)).toEqual(cues.map((c, k) => (k === 1 ? 'Place 2' : c.text)));
  });

  it('reads colour classes as <font color>, drops other classes, keeps speakers', () => {
    const vtt =
      'WEBVTT\n\n00:01.000 --> 00:02.000\n<v Anna><c.yellow.bg_black>Run</c>, <c.loud>now</c>!\n<c.cyan>open';
    expect(parseVtt(vtt)[0]!.text).toBe(
      '<v Anna><font color="#ffff00">Run</font>, now!\n<font color="#00ffff">open</font>',
    );
  });

  it('writes <font color> as classes styled in a STYLE block before the first cue', () => {
    const out = serialiseVtt([
      {
        index: 1,
        startMs: 0,
        endMs: 1000,
        text: '<font color="#ffff00">Run</font> <font color=#FF8800>now</font>',
      },
      { index: 2, startMs: 1000, endMs: 2000, text: '<font face="Arial">plain</font>' },
    ]);
    expect(out).toBe(
      'WEBVTT\n\nSTYLE\n::cue(.yellow) { color: #ffff00; }\n::cue(.c_ff8800) { color: #ff8800; }\n\n' +
        '00:00:00.000 --> 00:00:01.000\n<c.yellow>Run</c> <c.c_ff8800>now</c>\n\n' +
        '00:00:01.000 --> 00:00:02.000\nplain\n',
    );
    // and back: the standard class is a colour again
    expect(parseVtt(out)[0]!.text).toBe('<font color="#ffff00">Run</font> now');
  });
});

describe('WebVTT tags out of SRT and ASS (issue 37)', () => {
  it('drops speaker, language, class and ruby readings and timestamps, keeps the words', () => {
    expect(
      vttTagsOut(
        '<v.loud Anna>Run, <lang ja><ruby>東京<rt>とうきょう</rt></ruby></lang> <00:00:01.500>now</v>',
      ),
    ).toBe('Run, 東京 now');
    expect(vttTagsOut('<i>kept</i> <font color="#ff0000">too</font>')).toBe(
      '<i>kept</i> <font color="#ff0000">too</font>',
    );
  });
});
