import { describe, expect, it } from 'vitest';
import { parse, serialise } from '@subtrans/subtitles';
import { cuesOfLines, lineOfTaskLine, type Line } from './lines.js';

const line = (id: number, startMs: number, original: string, translated: string): Line => ({
  id,
  startMs,
  endMs: startMs + 1500,
  originalText: original,
  translatedText: translated,
});

describe('a task line from upload to export', () => {
  it('reads a /task/lines tuple without its flags', () => {
    expect(lineOfTaskLine([7, 1000, 2500, 'Hello', 'Hola', ['kept-original']])).toEqual(
      line(7, 1000, 'Hello', 'Hola'),
    );
  });

  it('orders cues by time, ties in the task order, numbered from 1', () => {
    const lines = [line(1, 5000, 'c', 'C'), line(9, 1000, 'a', 'A'), line(4, 1000, 'b', 'B')];
    const cues = cuesOfLines(lines, { includeOriginal: false });
    expect(cues.map((c) => [c.index, c.startMs, c.text])).toEqual([
      [1, 1000, 'A'],
      [2, 1000, 'B'],
      [3, 5000, 'C'],
    ]);
    expect(lines.map((l) => l.id)).toEqual([1, 9, 4]); // the task's lines are not reordered
  });

  it('writes both texts when bilingual, in the order asked, once where they are the same', () => {
    const lines = [line(1, 0, 'Hello', 'Hola'), line(2, 2000, 'OK', 'OK')];
    expect(cuesOfLines(lines, { includeOriginal: true }).map((c) => c.text)).toEqual(['Hello\nHola', 'OK']);
    expect(cuesOfLines(lines, { includeOriginal: true, originalFirst: false })[0]!.text).toBe('Hola\nHello');
  });

  it('goes round a file: parsed cues, as lines, written and parsed again the same', () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,500\nHello\n\n2\n00:00:03,000 --> 00:00:04,000\nBye\n';
    const cues = parse(srt, 'srt');
    const lines = cues.map((c, i): Line => ({
      id: i + 1,
      startMs: c.startMs,
      endMs: c.endMs,
      originalText: c.text,
      translatedText: c.text,
    }));
    const again = parse(serialise(cuesOfLines(lines, { includeOriginal: false }), 'srt'), 'srt');
    expect(again).toEqual(cues);
  });
});
