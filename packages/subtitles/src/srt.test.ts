import { describe, expect, it } from 'vitest';
import { parseSrt, serialiseSrt } from './srt.js';
import { SubtitleParseError } from './model.js';
import { formatSrtTime, parseTimestamp } from './time.js';

const texts = (src: string) => parseSrt(src).map((c) => c.text);

describe('SRT parsing of real files', () => {
  it('reads a plain file with CRLF, LF or CR line endings alike', () => {
    const lf = '1\n00:00:01,000 --> 00:00:02,500\nHello\nworld\n\n2\n00:00:03,000 --> 00:00:04,000\nBye\n';
    const expected = [
      { index: 1, startMs: 1000, endMs: 2500, text: 'Hello\nworld' },
      { index: 2, startMs: 3000, endMs: 4000, text: 'Bye' },
    ];
    expect(parseSrt(lf)).toEqual(expected);
    expect(parseSrt(lf.replace(/\n/g, '\r\n'))).toEqual(expected);
    expect(parseSrt(lf.replace(/\n/g, '\r'))).toEqual(expected);
  });

  it('drops a UTF-8 byte-order mark', () => {
    expect(parseSrt('\uFEFF1\n00:00:01,000 --> 00:00:02,000\nHi')[0]).toMatchObject({ index: 1, text: 'Hi' });
  });

  it('reads ",5" as 500 ms and ",05" as 50 ms (not 5 ms)', () => {
    const cues = parseSrt('1\n00:00:01,5 --> 00:00:02,05\nx\n');
    expect(cues[0]).toMatchObject({ startMs: 1500, endMs: 2050 });
    expect(parseTimestamp('00:00:00,5')).toBe(500);
    expect(parseTimestamp('00:00:00.123')).toBe(123);
  });

  it('accepts "." or "," before the milliseconds, even mixed in one file, without merging cues', () => {
    const src =
      '1\n00:00:01.000 --> 00:00:02,000\nA\n\n2\n00:00:03,000 --> 00:00:04.000\nB\n\n3\n00:00:05.5 --> 00:00:06.75\nC';
    expect(parseSrt(src).map((c) => [c.startMs, c.endMs, c.text])).toEqual([
      [1000, 2000, 'A'],
      [3000, 4000, 'B'],
      [5500, 6750, 'C'],
    ]);
  });

  it('handles hours above 99', () => {
    const cues = parseSrt('1\n123:00:00,000 --> 123:00:01,000\nlate\n');
    expect(cues[0]!.startMs).toBe(123 * 3_600_000);
    expect(formatSrtTime(cues[0]!.startMs)).toBe('123:00:00,000');
  });

  it('keeps the text after a blank line inside a cue', () => {
    const src =
      '1\n00:00:01,000 --> 00:00:02,000\nfirst line\n\nsecond part\n\n2\n00:00:03,000 --> 00:00:04,000\nnext\n';
    expect(texts(src)).toEqual(['first line\nsecond part', 'next']);
  });

  it('tolerates missing, wrong and repeated indices and extra blank lines; renumbers', () => {
    const src =
      '\n\n00:00:01,000 --> 00:00:02,000\nno index\n\n\n\n7\n00:00:03,000 --> 00:00:04,000\nwrong index\n\n7\n00:00:05,000 --> 00:00:06,000\nrepeated';
    expect(parseSrt(src).map((c) => [c.index, c.text])).toEqual([
      [1, 'no index'],
      [2, 'wrong index'],
      [3, 'repeated'],
    ]);
  });

  it('keeps a cue whose text is a number, and reads a file without a final newline', () => {
    const src = '1\n00:00:01,000 --> 00:00:02,000\n42\n\n2\n00:00:03,000 --> 00:00:04,000\n2024';
    expect(texts(src)).toEqual(['42', '2024']);
  });

  it('keeps inline tags as text and ignores position info after the timing', () => {
    const src =
      '1\n00:00:01,000 --> 00:00:02,000 X1:100 X2:200 Y1:10 Y2:20\n{\\an8}<i>Top</i> <font color="#ff0000">red</font> <b>bold</b>\n';
    expect(parseSrt(src)[0]).toMatchObject({
      startMs: 1000,
      endMs: 2000,
      text: '{\\an8}<i>Top</i> <font color="#ff0000">red</font> <b>bold</b>',
    });
  });

  it('drops trailing spaces of any kind, and reads a spaced index line as the index', () => {
    const src =
      '1\n00:00:01,000 --> 00:00:02,000\nwide\u3000\u00a0\t \n\u3000\nnext \n \u3000 2 \t\n00:00:03,000 --> 00:00:04,000\n你好。\n';
    expect(texts(src)).toEqual(['wide\nnext', '你好。']);
  });

  it('keeps a line of digits that is not just before a timing line', () => {
    const src = '1\n00:00:01,000 --> 00:00:02,000\n2\n\n2\n00:00:03,000 --> 00:00:04,000\nx\n';
    expect(texts(src)).toEqual(['2', 'x']);
  });

  it('rejects a file without a cue', () => {
    for (const bad of ['', '\n\n', 'just some text\nno timing here', '1\nnot a time --> nope\ntext']) {
      expect(() => parseSrt(bad)).toThrow(SubtitleParseError);
    }
  });
});

describe('SRT serialising', () => {
  const cues = [
    { index: 1, startMs: 0, endMs: 1500, text: 'one\ntwo\nthree' },
    { index: 2, startMs: 61_000, endMs: 3_723_004, text: 'four' },
  ];

  it('writes CRLF on every line (not only the first)', () => {
    const out = serialiseSrt(cues);
    expect(out).toBe(
      '1\r\n00:00:00,000 --> 00:00:01,500\r\none\r\ntwo\r\nthree\r\n\r\n2\r\n00:01:01,000 --> 01:02:03,004\r\nfour\r\n',
    );
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('writes many cues (past the internal chunk size) exactly as one after the other', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({
      index: i + 1,
      startMs: i * 1000,
      endMs: i * 1000 + 500,
      text: i % 3 === 0 ? `line ${i}\nsecond` : `line ${i}`,
    }));
    const out = serialiseSrt(many);
    const expected = many
      .map(
        (c) =>
          `${c.index}\r\n${formatSrtTime(c.startMs)} --> ${formatSrtTime(c.endMs)}\r\n${c.text.replace('\n', '\r\n')}\r\n`,
      )
      .join('\r\n');
    expect(out).toBe(expected);
    expect(parseSrt(out)).toEqual(many);
  });

  it('writes LF when asked, and reads back what it wrote', () => {
    const out = serialiseSrt(cues, { eol: '\n' });
    expect(out).not.toContain('\r');
    expect(parseSrt(out)).toEqual(cues);
  });
});
