import { describe, expect, it } from 'vitest';
import type { TimedSegment, Transcript } from './engine.js';
import { mergeChunks } from './merge.js';

const seg = (
  startMs: number,
  endMs: number,
  text: string,
  words?: [string, number, number][],
): TimedSegment => ({
  startMs,
  endMs,
  text,
  ...(words ? { words: words.map(([t, s, e]) => ({ text: t, startMs: s, endMs: e })) } : {}),
});
const tr = (language: string | null, ...segments: TimedSegment[]): Transcript => ({ language, segments });

function expectOrdered(t: Transcript) {
  for (let i = 0; i < t.segments.length; i++) {
    const s = t.segments[i]!;
    expect(s.endMs).toBeGreaterThan(s.startMs);
    if (i > 0) expect(s.startMs).toBeGreaterThanOrEqual(t.segments[i - 1]!.endMs);
    let prev = s.startMs;
    for (const w of s.words ?? []) {
      expect(w.startMs).toBeGreaterThanOrEqual(prev);
      expect(w.endMs).toBeLessThanOrEqual(s.endMs);
      prev = w.endMs;
    }
  }
}

describe('mergeChunks', () => {
  it('shifts segments and words by their chunk offset', () => {
    const t = mergeChunks([
      { offsetMs: 0, endMs: 10_000, transcript: tr('en', seg(500, 2000, 'One.', [['One', 500, 2000]])) },
      {
        offsetMs: 10_000,
        endMs: 20_000,
        transcript: tr(
          'en',
          seg(0, 1500, ' Two three. ', [
            ['Two', 0, 700],
            ['three', 700, 1500],
          ]),
        ),
      },
    ]);
    expect(t).toEqual({
      language: 'en',
      segments: [
        seg(500, 2000, 'One.', [['One', 500, 2000]]),
        seg(10_000, 11_500, 'Two three.', [
          ['Two', 10_000, 10_700],
          ['three', 10_700, 11_500],
        ]),
      ],
    });
  });

  it('keeps every chunk inside its own window', () => {
    const t = mergeChunks([
      {
        offsetMs: 0,
        endMs: 5_000,
        transcript: tr(
          'en',
          seg(4_000, 5_600, 'runs over', [
            ['runs', 4_000, 4_800],
            ['over', 4_900, 5_600],
          ]),
          seg(5_200, 6_000, 'outside'),
        ),
      },
      {
        offsetMs: 5_000,
        endMs: 8_000,
        transcript: tr('en', seg(2_500, 3_400, 'tail'), seg(3_100, 3_900, 'beyond')),
      },
    ]);
    expect(t.segments).toEqual([
      seg(4_000, 5_000, 'runs over', [
        ['runs', 4_000, 4_800],
        ['over', 4_900, 5_000],
      ]),
      seg(7_500, 8_000, 'tail'),
    ]);
    expectOrdered(t);
  });

  it('removes overlaps at chunk joins and drops what nothing is left of', () => {
    // chunks overlap by a second (a caller that cut with overlap): the second's first segment starts
    // inside the first's last one
    const t = mergeChunks([
      {
        offsetMs: 0,
        endMs: 6_000,
        transcript: tr(
          'en',
          seg(3_000, 6_000, 'end of one', [
            ['end', 3_000, 4_000],
            ['of', 4_000, 5_000],
            ['one', 5_000, 6_000],
          ]),
        ),
      },
      {
        offsetMs: 5_000,
        endMs: 10_000,
        transcript: tr(
          'en',
          seg(0, 800, 'swallowed'),
          seg(500, 2_000, 'start of two', [
            ['start', 500, 1_000],
            ['of', 1_000, 1_500],
            ['two', 1_500, 2_000],
          ]),
        ),
      },
    ]);
    expect(t.segments).toEqual([
      seg(3_000, 6_000, 'end of one', [
        ['end', 3_000, 4_000],
        ['of', 4_000, 5_000],
        ['one', 5_000, 6_000],
      ]),
      // "swallowed" lies inside the previous segment; the word "start" too
      seg(6_000, 7_000, 'start of two', [
        ['of', 6_000, 6_500],
        ['two', 6_500, 7_000],
      ]),
    ]);
    expectOrdered(t);
  });

  it('orders overlapping segments within a chunk and drops empty ones', () => {
    const t = mergeChunks([
      {
        offsetMs: 1_000,
        endMs: 9_000,
        transcript: tr(
          'en',
          seg(3_000, 4_000, 'b'),
          seg(0, 3_500, 'a'),
          seg(4_000, 5_000, '   '),
          seg(6_000, 6_000, 'zero'),
        ),
      },
    ]);
    expect(t.segments).toEqual([seg(1_000, 4_500, 'a'), seg(4_500, 5_000, 'b')]);
    expectOrdered(t);
  });

  it('introduces no gaps: times are only ever cut, never moved apart', () => {
    const t = mergeChunks([
      { offsetMs: 0, endMs: 3_000, transcript: tr('en', seg(0, 1_000, 'a'), seg(1_000, 3_000, 'b')) },
      { offsetMs: 3_000, endMs: 6_000, transcript: tr('en', seg(0, 3_000, 'c')) },
    ]);
    expect(t.segments.map((s) => [s.startMs, s.endMs])).toEqual([
      [0, 1_000],
      [1_000, 3_000],
      [3_000, 6_000],
    ]);
  });

  it('takes the language that covers the most audio', () => {
    const t = mergeChunks([
      { offsetMs: 0, endMs: 10_000, transcript: tr('ja') },
      { offsetMs: 10_000, endMs: 14_000, transcript: tr('en') },
      { offsetMs: 14_000, endMs: 18_000, transcript: tr('en') },
      { offsetMs: 18_000, endMs: 60_000, transcript: tr(null) },
    ]);
    // ja 10 s against en 8 s; chunks that name no language do not vote
    expect(t.language).toBe('ja');
    expect(mergeChunks([{ offsetMs: 0, endMs: 1_000, transcript: tr(null) }]).language).toBeNull();
    expect(mergeChunks([]).segments).toEqual([]);
  });
});
