import { describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { decodeSubtitleBytes } from './decode.js';
import { SubtitleParseError } from './model.js';
import {
  SUBTITLE_EXTENSIONS,
  SubtitleFormatError,
  hasSubtitleExtension,
  readSubtitles,
  sniffFormat,
  type UnrecognisedContent,
} from './read.js';

const SRT = '1\n00:00:01,000 --> 00:00:02,500\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\nBye\n';
const VTT = 'WEBVTT\n\n00:01.000 --> 00:02.500\nHello\n';
const SBV = '0:00:01.000,0:00:02.500\nHello\n\n0:00:03.000,0:00:04.000\nBye\n';
const ASS =
  '[Script Info]\nScriptType: v4.00+\n\n[V4+ Styles]\n\n[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: 0,0:00:01.00,0:00:02.50,Default,,0,0,0,,Hello\n';
const SSA =
  '[Script Info]\nScriptType: v4.00\n\n[V4 Styles]\n\n[Events]\nFormat: Marked, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\nDialogue: Marked=0,0:00:01.00,0:00:02.50,Default,,0,0,0,,Hello\n';
const TTML =
  '<?xml version="1.0" encoding="UTF-8"?>\n<!-- exported -->\n<tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="1s" end="2.5s">Hello</p></div></body></tt>';
const MICRODVD = '{25}{62}Hello\n{75}{100}Bye\n';

const unrecognised = (found: UnrecognisedContent) => ({ unrecognised: found });

/** the first bytes of an MP4 file (an ftyp box, then a free and an mdat box of coded video) */
function mp4Bytes(): Uint8Array {
  const head = [0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2avc1mp41')];
  const body = Array.from({ length: 4000 }, (_, i) => (i * 7919 + 13) % 256);
  return new Uint8Array([
    ...head,
    0,
    0,
    0,
    8,
    ...Buffer.from('free'),
    0,
    0x2c,
    0,
    0,
    ...Buffer.from('mdat'),
    ...body,
  ]);
}

describe('sniffFormat: the format by content', () => {
  it('names each subtitle format', () => {
    expect(sniffFormat(SRT)).toBe('srt');
    expect(sniffFormat(VTT)).toBe('vtt');
    expect(sniffFormat(SBV)).toBe('sbv');
    expect(sniffFormat(ASS)).toBe('ass');
    expect(sniffFormat(SSA)).toBe('ssa');
    expect(sniffFormat(TTML)).toBe('ttml');
    expect(sniffFormat(MICRODVD)).toBe('microdvd');
    expect(sniffFormat(`{1}{1}25\n${MICRODVD}`)).toBe('microdvd');
  });

  it('reads past a BOM and blank lines: a WebVTT with a BOM is WebVTT', () => {
    expect(sniffFormat(`\uFEFF${VTT}`)).toBe('vtt');
    expect(sniffFormat(`\uFEFF\r\n\r\n  \n${VTT}`)).toBe('vtt');
    expect(sniffFormat(`\uFEFF${SRT}`)).toBe('srt');
  });

  it('lets timing lines win: an SRT whose text holds {1}, [Events] or Dialogue: is SRT', () => {
    expect(sniffFormat('1\n00:00:01,000 --> 00:00:02,000\n{1}{2} frames\n')).toBe('srt');
    expect(sniffFormat('1\n00:00:01,000 --> 00:00:02,000\n[Events]\nDialogue: hi\n')).toBe('srt');
    expect(sniffFormat('1\n00:00:01,000 --> 00:00:02,000\n{\\an8}top\n')).toBe('srt');
  });

  it('tells SBV from SRT by the arrow, and finds either after stray text', () => {
    expect(sniffFormat('0:00:01.000,0:00:02.000\nx')).toBe('sbv');
    expect(sniffFormat('00:00:01,000 --> 00:00:02,000\nx')).toBe('srt');
    expect(sniffFormat(`Captions by Anna\n\n${SBV}`)).toBe('sbv');
    expect(sniffFormat(`Episode 1 subtitles\n\n${SRT}`)).toBe('srt');
    // a first line in angle brackets is no XML document when timing lines follow
    expect(sniffFormat(`<i>Subtitles by Anna</i>\n\n${SRT}`)).toBe('srt');
  });

  it('tells SSA from ASS by the styles section or the script type', () => {
    expect(sniffFormat('[Script Info]\nScriptType: v4.00\n')).toBe('ssa');
    expect(sniffFormat('[Script Info]\nScriptType: V4.00+\n')).toBe('ass');
    expect(sniffFormat('[Script Info]\nTitle: x\n')).toBe('ass');
    expect(
      sniffFormat('[Aegisub Project Garbage]\nVideo File: a.mkv\n\n[Script Info]\nScriptType: v4.00+\n'),
    ).toBe('ass');
    expect(sniffFormat('[Events]\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,x\n')).toBe('ass');
    // Dialogue lines after stray text, without any timing line of another format
    expect(sniffFormat('exported\nDialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,x\n')).toBe('ass');
  });

  it('finds TTML after an XML declaration, comments, processing instructions and a DOCTYPE', () => {
    expect(sniffFormat(`\uFEFF${TTML}`)).toBe('ttml');
    expect(sniffFormat('<tt:tt xmlns:tt="http://www.w3.org/ns/ttml"><tt:body/></tt:tt>')).toBe('ttml');
    expect(
      sniffFormat(
        '<?xml version="1.0"?>\n<?xml-stylesheet href="a.xsl"?>\n<!DOCTYPE tt [\n<!ENTITY a "<b>">\n]>\n<!-- c -->\n<tt/>',
      ),
    ).toBe('ttml');
  });

  it('names a web page, an XHTML page and another XML document', () => {
    expect(sniffFormat('<!DOCTYPE html>\n<html><body>x</body></html>')).toEqual(unrecognised('html'));
    expect(sniffFormat('<html lang="en"><head></head></html>')).toEqual(unrecognised('html'));
    const xhtml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml"><body><p>00:00:01,000 --> 00:00:02,000</p></body></html>';
    expect(sniffFormat(xhtml)).toEqual(unrecognised('html'));
    expect(sniffFormat('<?xml version="1.0"?>\n<rss version="2.0"><channel/></rss>')).toEqual(
      unrecognised('xml'),
    );
    expect(sniffFormat('<?xml version="1.0"?>\n<!-- a comment that never ends')).toEqual(unrecognised('xml'));
  });

  it('names JSON: an array, an object, and one larger than the window by its start', () => {
    expect(sniffFormat('[{"start": 1.0, "end": 2.5, "text": "Hello"}]')).toEqual(unrecognised('json'));
    expect(sniffFormat('{"events": [{"tStartMs": 1000, "segs": [{"utf8": "Hello"}]}]}')).toEqual(
      unrecognised('json'),
    );
    const big = `{"segments": [${Array.from({ length: 2000 }, (_, i) => `{"id": ${i}, "text": "words"}`).join(',')}]}`;
    expect(big.length).toBeGreaterThan(20_000);
    expect(sniffFormat(big)).toEqual(unrecognised('json'));
    // braces and brackets that are no JSON
    expect(sniffFormat('[not json, just notes]\nmore notes')).toEqual(unrecognised('plain-text'));
    expect(sniffFormat('{ a stage direction }\nwords')).toEqual(unrecognised('plain-text'));
  });

  it('names a plain transcript, in any script', () => {
    expect(sniffFormat('Good morning, everyone.\nWe start at nine today.\n')).toEqual(
      unrecognised('plain-text'),
    );
    expect(sniffFormat('おはようございます。\n今日は九時に始めます。\n')).toEqual(unrecognised('plain-text'));
    // times in the words are no timing lines
    expect(sniffFormat('At 10:30:00, doors open.\nThe talk is 00:45 long --> short.\n')).toEqual(
      unrecognised('plain-text'),
    );
  });

  it('names binary data: an MP4 read as Latin-1 or through decodeSubtitleBytes, random bytes, a PDF', () => {
    const mp4 = mp4Bytes();
    expect(sniffFormat(new TextDecoder('latin1').decode(mp4))).toEqual(unrecognised('binary'));
    expect(sniffFormat(decodeSubtitleBytes(mp4).text)).toEqual(unrecognised('binary'));
    // only the first 32 bytes, as a tiny upload would be
    expect(sniffFormat(new TextDecoder('latin1').decode(mp4.subarray(0, 32)))).toEqual(
      unrecognised('binary'),
    );
    const noise = Uint8Array.from({ length: 3000 }, (_, i) => (i * 2654435761) >>> 24);
    expect(sniffFormat(new TextDecoder('utf-8').decode(noise))).toEqual(unrecognised('binary'));
    expect(sniffFormat('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<< /Type /Catalog >>\n')).toEqual(unrecognised('binary'));
    // coded video without its signature: by its control characters
    const mdat = mp4.subarray(60);
    expect(sniffFormat(new TextDecoder('latin1').decode(mdat))).toEqual(unrecognised('binary'));
    expect(sniffFormat(decodeSubtitleBytes(mdat, 'utf-8').text)).toEqual(unrecognised('binary'));
  });

  it('takes text read in the wrong encoding for text: its undecodable bytes are no binary', () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,000\n我们今天九点开始。\n\n'.repeat(50);
    const transcript = '我们今天九点开始，请大家准时到达会场。\n'.repeat(50);
    const asUtf8 = (text: string) => decodeSubtitleBytes(iconv.encode(text, 'gbk'), 'utf-8').text;
    expect(asUtf8(srt)).toContain('\ufffd');
    expect(sniffFormat(asUtf8(srt))).toBe('srt');
    expect(sniffFormat(asUtf8(transcript))).toEqual(unrecognised('plain-text'));
  });

  it('names an empty text, whitespace or a lone BOM', () => {
    for (const empty of ['', '   ', '\n\r\n\t', '\uFEFF', '\uFEFF\n\n']) {
      expect(sniffFormat(empty)).toEqual(unrecognised('empty'));
    }
  });

  it('looks at the first few KB only: what comes later does not change the answer', () => {
    const prose = 'A long introduction without any timing at all.\n'.repeat(400);
    expect(prose.length).toBeGreaterThan(8192);
    expect(sniffFormat(prose + SRT)).toEqual(unrecognised('plain-text'));
    const huge = SRT.repeat(70_000);
    expect(huge.length).toBeGreaterThan(5_000_000);
    const started = performance.now();
    expect(sniffFormat(huge)).toBe('srt');
    expect(sniffFormat(`${'x'.repeat(5_000_000)}`)).toEqual(unrecognised('plain-text'));
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe('readSubtitles', () => {
  it('reads every format into cues, and says which it was', () => {
    const hello = { index: 1, startMs: 1000, endMs: 2500, text: 'Hello' };
    expect(readSubtitles(SRT)).toMatchObject({ format: 'srt', cues: [hello, { text: 'Bye' }] });
    expect(readSubtitles(VTT)).toEqual({ format: 'vtt', cues: [hello] });
    expect(readSubtitles(SBV)).toMatchObject({ format: 'sbv', cues: [hello, { text: 'Bye' }] });
    expect(readSubtitles(ASS)).toEqual({ format: 'ass', cues: [hello] });
    expect(readSubtitles(SSA)).toEqual({ format: 'ssa', cues: [hello] });
    expect(readSubtitles(TTML)).toEqual({ format: 'ttml', cues: [hello] });
  });

  it('decides by content: a WebVTT named anything, with blank lines before its header, is WebVTT', () => {
    expect(readSubtitles(`\uFEFF\n\n${VTT}`)).toEqual({
      format: 'vtt',
      cues: [{ index: 1, startMs: 1000, endMs: 2500, text: 'Hello' }],
    });
  });

  it("reads MicroDVD at the rate given, else the file's, else 23.976 fps, and says which", () => {
    expect(readSubtitles(MICRODVD)).toMatchObject({
      format: 'microdvd',
      frameRate: { fps: 23.976, fromFile: false },
    });
    expect(readSubtitles(MICRODVD, { frameRate: 25 })).toMatchObject({
      cues: [
        { startMs: 1000, endMs: 2480 },
        { startMs: 3000, endMs: 4000 },
      ],
      frameRate: { fps: 25, fromFile: false },
    });
    expect(readSubtitles(`{1}{1}25\n${MICRODVD}`).frameRate).toEqual({ fps: 25, fromFile: true });
    // the rate only concerns MicroDVD
    expect(readSubtitles(SRT, { frameRate: 25 }).frameRate).toBeUndefined();
  });

  it('throws SubtitleFormatError naming what a file without subtitles holds', () => {
    const cases: [string, UnrecognisedContent][] = [
      ['', 'empty'],
      ['just a transcript\n', 'plain-text'],
      ['<!DOCTYPE html><html></html>', 'html'],
      ['<?xml version="1.0"?><svg/>', 'xml'],
      ['{"a": 1}', 'json'],
      ['\u0001\u0002\u0003\u0004binary', 'binary'],
    ];
    for (const [text, found] of cases) {
      let error: unknown;
      try {
        readSubtitles(text);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SubtitleFormatError);
      // a SubtitleParseError too, for callers that only know that one
      expect(error).toBeInstanceOf(SubtitleParseError);
      expect(error).toMatchObject({ found, code: 'EMPTY_OR_INVALID', name: 'SubtitleFormatError' });
    }
  });

  it('throws a plain SubtitleParseError when the format is known but no cue is found', () => {
    for (const text of [
      '1\n00:00:01,000 --> garbage\nHello\n',
      'WEBVTT\n\nNOTE only a note\n',
      '[Script Info]\nTitle: x\n[Events]\n',
      '<tt><body><p begin="1s">no end</p></body></tt>',
      '{1}{1}25\n',
    ]) {
      let error: unknown;
      try {
        readSubtitles(text);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SubtitleParseError);
      expect(error).not.toBeInstanceOf(SubtitleFormatError);
    }
  });
});

describe('subtitle file names', () => {
  it('lists the extensions a subtitle file comes under', () => {
    expect(SUBTITLE_EXTENSIONS).toEqual([
      '.srt',
      '.vtt',
      '.ass',
      '.ssa',
      '.sbv',
      '.ttml',
      '.dfxp',
      '.xml',
      '.sub',
    ]);
  });

  it('accepts them in any case, and nothing else', () => {
    for (const name of [
      'film.srt',
      'FILM.SRT',
      'a.b.Vtt',
      'x.ass',
      'x.ssa',
      'x.sbv',
      'x.ttml',
      'x.DFXP',
      'x.xml',
      'movie.sub',
      // as the server's old `.srt` check took it
      '.srt',
    ]) {
      expect(hasSubtitleExtension(name)).toBe(true);
    }
    for (const name of ['film.txt', 'film.srt.txt', 'film.mp4', 'srt', 'film', 'film.subs', 'film.srt ']) {
      expect(hasSubtitleExtension(name)).toBe(false);
    }
  });
});
