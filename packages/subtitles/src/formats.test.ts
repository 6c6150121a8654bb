import { describe, expect, it } from 'vitest';
import { convert, detectFormat, parse, serialise } from './index.js';
import { decodeSubtitleBytes } from './decode.js';
import { SubtitleParseError } from './model.js';

const SRT = '1\n00:00:01,000 --> 00:00:02,500\n你好\n世界\n\n2\n00:01:00,000 --> 00:01:02,000\n再见\n';

describe('encodings', () => {
  it('reads UTF-8 with and without a BOM', () => {
    const utf8 = new TextEncoder().encode(SRT);
    expect(decodeSubtitleBytes(utf8)).toMatchObject({ text: SRT, encoding: 'utf-8' });
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]);
    expect(decodeSubtitleBytes(bom).text).toBe(SRT);
  });

  it('reads UTF-16 LE and BE with a BOM', () => {
    const le = new Uint8Array(2 + SRT.length * 2);
    const be = new Uint8Array(2 + SRT.length * 2);
    le.set([0xff, 0xfe]);
    be.set([0xfe, 0xff]);
    for (let i = 0; i < SRT.length; i += 1) {
      const code = SRT.charCodeAt(i);
      le[2 + i * 2] = code & 0xff;
      le[3 + i * 2] = code >> 8;
      be[2 + i * 2] = code >> 8;
      be[3 + i * 2] = code & 0xff;
    }
    expect(decodeSubtitleBytes(le)).toMatchObject({ text: SRT, encoding: 'utf-16le' });
    expect(decodeSubtitleBytes(be)).toMatchObject({ text: SRT, encoding: 'utf-16be' });
  });

  it('drops NUL characters, which no subtitle means and PostgreSQL cannot store', () => {
    const withNul = new TextEncoder().encode(
      SRT.replace('你好', '你\u0000好\u0000').replace('再见', '\u0000再见'),
    );
    expect(decodeSubtitleBytes(withNul)).toMatchObject({ text: SRT, encoding: 'utf-8' });
    const le = new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x00, 0x00, 0x42, 0x00]);
    expect(decodeSubtitleBytes(le).text).toBe('AB');
  });

  it('reads GBK/GB18030 Chinese subtitles', () => {
    // "1\n00:00:01,000 --> 00:00:02,000\n你好\n" encoded in GBK
    const ascii = new TextEncoder().encode('1\n00:00:01,000 --> 00:00:02,000\n');
    const gbk = new Uint8Array([...ascii, 0xc4, 0xe3, 0xba, 0xc3, 0x0a]);
    const decoded = decodeSubtitleBytes(gbk);
    expect(decoded.encoding).toBe('gb18030');
    expect(parse(decoded.text)[0]!.text).toBe('你好');
  });
});

describe('WebVTT and ASS', () => {
  it('detects the format', () => {
    expect(detectFormat(SRT)).toBe('srt');
    expect(detectFormat('WEBVTT\n\n00:01.000 --> 00:02.000\nx')).toBe('vtt');
    expect(detectFormat('[Script Info]\nTitle: x\n')).toBe('ass');
  });

  it('reads WebVTT: header, identifiers, settings, NOTE and STYLE blocks, hours optional', () => {
    const vtt =
      'WEBVTT - a title\nKind: captions\n\nNOTE this is a comment\nover two lines\n\nSTYLE\n::cue { color: red }\n\ncue-1\n00:01.000 --> 00:02.500 align:start position:10%\n<v Roger>Hello\nthere\n\n01:00:00.000 --> 01:00:01.000\nlater\n';
    expect(parse(vtt)).toEqual([
      { index: 1, startMs: 1000, endMs: 2500, text: '{\\an1}<v Roger>Hello\nthere' },
      { index: 2, startMs: 3_600_000, endMs: 3_601_000, text: 'later' },
    ]);
  });

  it('reads ASS dialogue lines in the order of the Format line, with commas and \\N in the text', () => {
    const ass = [
      '[Script Info]',
      'ScriptType: v4.00+',
      '',
      '[Events]',
      'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      'Comment: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,not shown',
      'Dialogue: 0,0:00:01.50,0:00:03.25,Default,,0,0,0,,{\\i1}Hello{\\i0}, world\\Nsecond line',
      'Dialogue: 0,1:02:03.04,1:02:04.00,Default,,0,0,0,,bye',
    ].join('\r\n');
    expect(parse(ass)).toEqual([
      { index: 1, startMs: 1500, endMs: 3250, text: '{\\i1}Hello{\\i0}, world\nsecond line' },
      { index: 2, startMs: 3_723_040, endMs: 3_724_000, text: 'bye' },
    ]);
  });

  it('converts between the formats', () => {
    const vtt = convert(SRT, 'vtt');
    expect(vtt.startsWith('WEBVTT\n\n00:00:01.000 --> 00:00:02.500\n你好\n世界\n')).toBe(true);
    expect(parse(convert(vtt, 'ass'))).toEqual(parse(SRT));
    expect(serialise(parse(convert(SRT, 'ass')), 'srt')).toBe(serialise(parse(SRT), 'srt'));
  });

  it('rejects files without cues in every format', () => {
    expect(() => parse('WEBVTT\n\nNOTE only a note\n')).toThrow(SubtitleParseError);
    expect(() => parse('[Script Info]\nTitle: x\n[Events]\nFormat: Start, End, Text\n')).toThrow(
      SubtitleParseError,
    );
  });
});

describe('one detection for every input format (issue 37)', () => {
  const SBV = '0:00:01.000,0:00:02.500\n你好\n世界\n\n0:01:00.000,0:01:02.000\n再见\n';
  const TTML =
    '<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="1s" end="2.5s">你好<br/>世界</p><p begin="60s" dur="2s">再见</p></div></body></tt>';
  const MICRODVD = '{1}{1}25\n{25}{62}你好|世界\n{1500}{1550}再见\n';

  it('parse and convert read SBV, TTML and MicroDVD as they read SRT', () => {
    const expected = parse(SRT);
    expect(parse(SBV)).toEqual(expected);
    expect(parse(TTML)).toEqual(expected);
    expect(parse(MICRODVD).map((c) => c.text)).toEqual(expected.map((c) => c.text));
    expect(convert(TTML, 'srt')).toBe(serialise(expected, 'srt'));
  });

  it('parse in a given format reads that format only', () => {
    expect(() => parse(SBV, 'srt')).toThrow(SubtitleParseError);
    expect(parse(SRT, 'srt')).toEqual(parse(SRT));
  });

  it('detectFormat answers the output format closest to the input', () => {
    expect(detectFormat(SBV)).toBe('srt');
    expect(detectFormat(TTML)).toBe('srt');
    expect(detectFormat('[Script Info]\nScriptType: v4.00\n')).toBe('ass');
    expect(detectFormat('\uFEFF\nWEBVTT\n')).toBe('vtt');
    expect(detectFormat('no subtitles')).toBe('srt');
  });
});
