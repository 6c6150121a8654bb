import { describe, expect, it } from 'vitest';
import { readSubtitles } from './read.js';

/**
 * WebVTT and ASS/SSA files as they come, through the one reader: sniffed, then parsed. (SBV, TTML
 * and MicroDVD have corpora of their own beside their parsers.)
 */

const read = (text: string) => {
  const { format, cues } = readSubtitles(text);
  return { format, rows: cues.map((c) => [c.startMs, c.endMs, c.text]) };
};

const EXPECTED = [
  [1000, 3500, 'Good morning,\neveryone.'],
  [4000, 6000, 'We start at nine today.'],
];

const VTT =
  'WEBVTT\n\n00:01.000 --> 00:03.500\nGood morning,\neveryone.\n\n00:04.000 --> 00:06.000\nWe start at nine today.\n';

describe('WebVTT files as they come (tolerance corpus)', () => {
  it('a BOM, CRLF, CR or mixed line endings, no final newline', () => {
    expect(read(`\uFEFF${VTT.replace(/\n/g, '\r\n')}`)).toEqual({ format: 'vtt', rows: EXPECTED });
    expect(read(VTT.replace(/\n/g, '\r'))).toEqual({ format: 'vtt', rows: EXPECTED });
    expect(
      read(
        'WEBVTT\r\n\n00:01.000 --> 00:03.500\rGood morning,\r\neveryone.\n\r\n00:04.000 --> 00:06.000\nWe start at nine today.',
      ),
    ).toEqual({
      format: 'vtt',
      rows: EXPECTED,
    });
  });

  it('blank lines before the header; header metadata and identifiers skipped', () => {
    const src =
      '\n\n\nWEBVTT - talk\nKind: captions\nLanguage: en\n\nintro\n00:01.000 --> 00:03.500 line:90%\nGood morning,\neveryone.\n\n2\n00:00:04.000 --> 00:00:06.000\nWe start at nine today.\n';
    expect(read(src)).toEqual({ format: 'vtt', rows: EXPECTED });
  });

  it('a cue with a broken timing line is skipped with its text', () => {
    const src = VTT.replace('\n\n00:04.000', '\n\n00:03.600 --> 00:0x.000\nlost\n\n00:04.000');
    expect(read(src)).toEqual({ format: 'vtt', rows: EXPECTED });
    const noEnd = VTT.replace('\n\n00:04.000', '\n\n00:03.600 -->\nlost\n\n00:04.000');
    expect(read(noEnd)).toEqual({ format: 'vtt', rows: EXPECTED });
  });

  it('a missing blank line between cues, and tags in any case kept verbatim', () => {
    const src =
      'WEBVTT\n\n00:01.000 --> 00:03.500\n<I>Good morning,</I>\n<c.yellow>everyone.</c>\n00:04.000 --> 00:06.000\n<v Anna>We start at nine today.\n';
    expect(read(src).rows).toEqual([
      [1000, 3500, '<I>Good morning,</I>\n<font color="#ffff00">everyone.</font>'],
      [4000, 6000, '<v Anna>We start at nine today.'],
    ]);
  });

  it('a last cue cut off after its timing line is a cue without text', () => {
    expect(read(`${VTT}\n00:07.000 --> 00:08.000`).rows).toEqual([...EXPECTED, [7000, 8000, '']]);
  });
});

const ASS_HEAD = [
  '[Script Info]',
  'Title: Episode 1',
  'ScriptType: v4.00+',
  '',
  '[V4+ Styles]',
  'Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding',
  'Style: Default,Arial,64,&H00FFFFFF,&H000000FF,&H00000000,&H64000000,0,0,0,0,100,100,0,0,1,2,1,2,40,40,40,1',
  '',
  '[Events]',
  'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
];
const GOOD_MORNING = 'Dialogue: 0,0:00:01.00,0:00:03.50,Default,,0,0,0,,Good morning,\\Neveryone.';
const NINE = 'Dialogue: 0,0:00:04.00,0:00:06.00,Default,,0,0,0,,We start at nine today.';

describe('ASS and SSA files as they come (tolerance corpus)', () => {
  it('a BOM and mixed line endings', () => {
    const src = `\uFEFF${ASS_HEAD.join('\r\n')}\n${GOOD_MORNING}\r${NINE}`;
    expect(read(src)).toEqual({ format: 'ass', rows: EXPECTED });
  });

  it('lowercase section names and line keys, as some tools write them', () => {
    const src = [
      '[script info]',
      'scripttype: v4.00+',
      '',
      '[events]',
      'format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      GOOD_MORNING.replace('Dialogue', 'dialogue'),
      NINE,
    ].join('\n');
    expect(read(src)).toEqual({ format: 'ass', rows: EXPECTED });
  });

  it('an event with a broken time and a cut-off last line are skipped', () => {
    const src = [
      ...ASS_HEAD,
      GOOD_MORNING,
      'Dialogue: 0,0:00:0x.00,0:00:04.00,Default,,0,0,0,,lost',
      NINE,
      'Dialogue: 0,0:00:0',
    ].join('\n');
    expect(read(src)).toEqual({ format: 'ass', rows: EXPECTED });
  });

  it('comments, drawings and events without words are not cues', () => {
    const src = [
      ...ASS_HEAD,
      'Comment: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,typeset note',
      GOOD_MORNING,
      'Dialogue: 0,0:00:03.50,0:00:04.00,Default,,0,0,0,,{\\p1}m 0 0 l 100 0 100 100{\\p0}',
      'Dialogue: 0,0:00:03.50,0:00:04.00,Default,,0,0,0,,{\\an8}',
      NINE,
    ].join('\n');
    expect(read(src)).toEqual({ format: 'ass', rows: EXPECTED });
  });

  it('an Aegisub project section first, and an SSA with Marked= fields', () => {
    expect(
      read(
        ['[Aegisub Project Garbage]', 'Video File: ep1.mkv', '', ...ASS_HEAD, GOOD_MORNING, NINE].join('\n'),
      ),
    ).toEqual({
      format: 'ass',
      rows: EXPECTED,
    });
    const ssa = [
      '[Script Info]',
      'ScriptType: v4.00',
      '',
      '[V4 Styles]',
      '',
      '[Events]',
      'Format: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      'Dialogue: Marked=0,0:00:01.00,0:00:03.50,Default,,0000,0000,0000,,Good morning,\\Neveryone.',
      'Dialogue: Marked=0,0:00:04.00,0:00:06.00,Default,,0000,0000,0000,,We start at nine today.',
    ].join('\r\n');
    expect(read(ssa)).toEqual({ format: 'ssa', rows: EXPECTED });
  });
});

describe('a SubViewer 2 `.sub` (what SBV grew from)', () => {
  it('is read as SBV: its [INFORMATION] header skipped, [br] a line break', () => {
    const src = [
      '[INFORMATION]',
      '[TITLE]Episode 1',
      '[AUTHOR]',
      '[DELAY]0',
      '[END INFORMATION]',
      '[SUBTITLE]',
      '[COLF]&HFFFFFF,[STYLE]bd,[SIZE]18,[FONT]Arial',
      '00:00:01.00,00:00:03.50',
      'Good morning,[br]everyone.',
      '',
      '00:00:04.00,00:00:06.00',
      'We start at nine today.',
    ].join('\r\n');
    expect(read(src)).toEqual({ format: 'sbv', rows: EXPECTED });
  });
});
