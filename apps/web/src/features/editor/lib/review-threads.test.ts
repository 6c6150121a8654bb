import { describe, expect, it } from 'vitest';
import type { ReviewComment } from '@subtrans/contract';
import { commentCounts, groupThreads, openCount } from './review-threads';

const comment = (over: Partial<ReviewComment> & Pick<ReviewComment, 'id' | 'segmentId'>): ReviewComment => ({
  author: 'Mia',
  byOwner: false,
  body: 'text',
  createdAt: '2026-01-01T10:00:00.000Z',
  replyTo: null,
  resolvedAt: null,
  ...over,
});

const COMMENTS = [
  comment({ id: 'a', segmentId: 5, createdAt: '2026-01-01T10:00:00.000Z' }),
  comment({
    id: 'b',
    segmentId: 2,
    createdAt: '2026-01-01T10:01:00.000Z',
    resolvedAt: '2026-01-01T11:00:00Z',
  }),
  comment({ id: 'c', segmentId: 99, createdAt: '2026-01-01T10:02:00.000Z' }),
  comment({ id: 'd', segmentId: 5, createdAt: '2026-01-01T09:00:00.000Z' }),
  comment({
    id: 'r1',
    segmentId: 5,
    author: null,
    byOwner: true,
    replyTo: 'a',
    createdAt: '2026-01-01T12:00:00.000Z',
  }),
];
// lines 2 and 5 are the task's first and third; 99 is gone
const placeOf = (id: number) =>
  new Map([
    [2, 0],
    [5, 2],
  ]).get(id);

describe('review threads', () => {
  it('counts the reviewers’ comments of each line, open and in all, answers aside', () => {
    expect(commentCounts(COMMENTS)).toEqual(
      new Map([
        [5, { open: 2, total: 2 }],
        [2, { open: 0, total: 1 }],
        [99, { open: 1, total: 1 }],
      ]),
    );
    expect(openCount(COMMENTS)).toBe(3);
  });

  it('groups threads by line in the lines’ order, a line gone last, answers under their comment', () => {
    const groups = groupThreads(COMMENTS, placeOf);
    expect(groups.map((g) => [g.segmentId, g.place, g.open])).toEqual([
      [2, 0, 0],
      [5, 2, 2],
      [99, null, 1],
    ]);
    expect(groups[1]!.threads.map((th) => [th.comment.id, th.answers.map((a) => a.id)])).toEqual([
      ['d', []],
      ['a', ['r1']],
    ]);
  });

  it('keeps only the open threads when asked', () => {
    expect(groupThreads(COMMENTS, placeOf, true).map((g) => g.segmentId)).toEqual([5, 99]);
  });
});
