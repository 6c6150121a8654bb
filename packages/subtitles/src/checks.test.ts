import { describe, expect, it } from 'vitest';
import { checkCues } from './checks.js';
import { parseSrt } from './srt.js';

const opts = { maxChars: 500, maxCues: 20_000 };

describe('cue checks', () => {
  it('names the first cue that ends before it starts, by its number in the file and its timing', () => {
    const cues = parseSrt(
      '1\n00:00:01,000 --> 00:00:02,000\nfine\n\n2\n00:00:05,000 --> 00:00:04,500\nbackwards\n\n3\n00:00:09,000 --> 00:00:08,000\nalso\n',
    );
    expect(checkCues(cues, opts)).toEqual({
      kind: 'ends-before-start',
      index: 2,
      startMs: 5000,
      endMs: 4500,
    });
  });

  it('accepts zero-length cues', () => {
    const cues = parseSrt(
      '1\n00:00:03,000 --> 00:00:03,000\nflash\n\n2\n00:00:04,000 --> 00:00:05,000\nok\n',
    );
    expect(checkCues(cues, opts)).toBeNull();
  });

  it('names the first cue whose text is over the cap (code points; 500 is allowed, 501 is not)', () => {
    const at = (n: number) =>
      `1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03,000 --> 00:00:04,000\n${'x'.repeat(n)}\n`;
    expect(checkCues(parseSrt(at(500)), opts)).toBeNull();
    expect(checkCues(parseSrt(at(501)), opts)).toEqual({
      kind: 'too-long',
      index: 2,
      chars: 501,
      maxChars: 500,
    });
    // 500 emoji are 1,000 UTF-16 units but 500 characters
    const emoji = '1\n00:00:01,000 --> 00:00:02,000\n' + '😀'.repeat(500) + '\n';
    expect(checkCues(parseSrt(emoji), opts)).toBeNull();
  });

  it('reports whichever problem comes first in the file', () => {
    const cues = parseSrt(
      `1\n00:00:01,000 --> 00:00:02,000\n${'y'.repeat(600)}\n\n2\n00:00:05,000 --> 00:00:04,000\nbackwards\n`,
    );
    expect(checkCues(cues, opts)).toMatchObject({ kind: 'too-long', index: 1 });
  });

  it('refuses more cues than a task takes before looking at any of them', () => {
    const cue = (i: number) => `${i}\n00:00:00,000 --> 00:00:00,001\na\n`;
    const at = (n: number) => parseSrt(Array.from({ length: n }, (_, i) => cue(i + 1)).join('\n'));
    expect(checkCues(at(3), { ...opts, maxCues: 3 })).toBeNull();
    expect(checkCues(at(4), { ...opts, maxCues: 3 })).toEqual({ kind: 'too-many', count: 4, maxCues: 3 });
  });
});
