import { describe, expect, it } from 'vitest';
import type { ReviewComment, ReviewLine } from '@subtrans/contract';
import { clock, lineAt, threadsByLine } from './review-lines';

const comment = (over: Partial<ReviewComment> & Pick<ReviewComment, 'id'>): ReviewComment => ({
  segmentId: 1,
  author: 'Ann',
  byOwner: false,
  body: 'x',
  createdAt: '2026-01-01T00:00:00.000Z',
  replyTo: null,
  resolvedAt: null,
  ...over,
});

describe('threadsByLine', () => {
  it('puts the owner’s answers under the comment they answer, per line', () => {
    const threads = threadsByLine([
      comment({ id: 'a' }),
      comment({ id: 'b', segmentId: 2 }),
      comment({ id: 'c', author: null, byOwner: true, replyTo: 'a' }),
      comment({ id: 'd', author: null, byOwner: true, replyTo: 'gone' }),
    ]);
    expect(threads.get(1)!.map((t) => [t.comment.id, t.answers.map((a) => a.id)])).toEqual([
      ['a', ['c']],
      ['d', []],
    ]);
    expect(threads.get(2)!.map((t) => t.comment.id)).toEqual(['b']);
  });
});

describe('lineAt', () => {
  const lines: ReviewLine[] = [
    { id: 1, startMs: 0, endMs: 1000, original: '', translated: '' },
    { id: 2, startMs: 2000, endMs: 3000, original: '', translated: '' },
  ];
  it('finds the line under the playhead, none in a gap', () => {
    expect([0, 999, 1000, 1500, 2000, 2999, 3000].map((ms) => lineAt(lines, ms))).toEqual([
      0, 0, -1, -1, 1, 1, -1,
    ]);
  });
});

describe('clock', () => {
  it('writes m:ss, and h:mm:ss past an hour', () => {
    expect([0, 61_500, 3_600_000 + 5_000].map(clock)).toEqual(['0:00', '1:01', '1:00:05']);
  });
});
