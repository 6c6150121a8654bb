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

describe('a cue at the top of the picture (issue 37: carried where the format can)', () => {
  it('reads line settings at the top as {\\an8}, {\\an7} and {\\an9}', () => {
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
      'Bottom',
      '',
      '00:07.000 --> 00:08.000 position:10% line:80%',
      'Low',
      '',
    ].join('\n');
    expect(parseVtt(vtt).map((c) => c.text)).toEqual(['{\\an8}Sign', '{\\an7}Left', 'Bottom', 'Low']);
  });

  it('writes a position that opens a text as cue settings, and reads them back', () => {
    const cues = [
      { index: 1, startMs: 1000, endMs: 2000, text: '{\\an8}Sign' },
      { index: 2, startMs: 3000, endMs: 4000, text: '{\\an2}Plain' },
    ];
    const out = serialiseVtt(cues);
    expect(out).toContain('00:00:01.000 --> 00:00:02.000 line:0\nSign\n');
    expect(out).toContain('00:00:03.000 --> 00:00:04.000\nPlain\n');
    expect(parseVtt(out).map((c) => c.text)).toEqual(['{\\an8}Sign', 'Plain']);
  });
});
