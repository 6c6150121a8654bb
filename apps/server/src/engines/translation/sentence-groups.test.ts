import { describe, expect, it } from 'vitest';
import { batchesOf, closesSentence, GROUP_CAP, groupsOf } from './sentence-groups.js';

const joinsOf = (lines: string[]) => (i: number) => i + 1 < lines.length && !closesSentence(lines[i]!);

describe('sentence groups', () => {
  it('knows closing punctuation of the subtitle languages, after closing quotes and tags too', () => {
    for (const text of [
      'Go.',
      'Really?',
      'Stop!',
      'Well…',
      '好。',
      '真的？',
      '「行くよ！」',
      '<i>Run.</i>',
      'He said "no."',
      'هل أنت بخير؟',
      'ठीक है।',
      '♪ la la ♪',
      '',
    ])
      expect(closesSentence(text), text).toBe(true);
    for (const text of [
      'I think that',
      'and then,',
      'because',
      '我们今天',
      'だから',
      '<i>when the</i>',
      'Wait -',
    ])
      expect(closesSentence(text), text).toBe(false);
  });

  it('groups cues of one sentence, capped, so that a file without punctuation still batches', () => {
    const lines = [
      'When I was',
      'a child,',
      'I lived here.',
      'Yes.',
      ...Array.from({ length: 12 }, () => 'no end'),
    ];
    const groups = groupsOf(0, lines.length, 10, joinsOf(lines));
    expect(groups.slice(0, 2)).toEqual([
      [0, 3],
      [3, 4],
    ]);
    // twelve lines without punctuation: groups of GROUP_CAP
    expect(groups.slice(2).map(([a, b]) => b - a)).toEqual([GROUP_CAP, GROUP_CAP, 2]);
    // never longer than a batch
    expect(groupsOf(0, 3, 2, joinsOf(['a', 'b', 'c.'])).map(([a, b]) => b - a)).toEqual([2, 1]);
  });

  it('moves a batch boundary so a group never spans two batches', () => {
    // batch size 4: a plain cut would fall inside lines 2–5
    const lines = ['One.', 'Two.', 'Three and', 'four and', 'five and', 'six.', 'Seven.', 'Eight.', 'Nine.'];
    const indices = lines.map((_, i) => i);
    const batches = batchesOf(indices, 4, joinsOf(lines));
    expect(batches).toEqual([
      [0, 2],
      [2, 6],
      [6, 9],
    ]);
    for (const [a, b] of groupsOf(0, lines.length, 4, joinsOf(lines)))
      expect(batches.some(([f, t]) => f <= a && b <= t)).toBe(true);
    // without groups it is the plain cut, never over the size
    expect(batchesOf(indices, 4)).toEqual([
      [0, 4],
      [4, 8],
      [8, 9],
    ]);
  });

  it('never spans a gap (lines already translated), groups or not', () => {
    const lines = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(batchesOf([0, 1, 3, 4, 5], 10, joinsOf(lines))).toEqual([
      [0, 2],
      [3, 6],
    ]);
  });
});
