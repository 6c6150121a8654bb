import { REVIEW_FLAGS } from '@subtrans/subtitles';
import { describe, expect, it } from 'vitest';
import { REVIEW_FLAG_NAMES, reviewFlagsSchema } from './quality.js';

describe('review flags', () => {
  it('are the one list of packages/subtitles, not a copy', () => {
    expect(REVIEW_FLAG_NAMES).toBe(REVIEW_FLAGS);
  });

  it('are what a segment may carry, and nothing else', () => {
    expect(reviewFlagsSchema.parse([...REVIEW_FLAGS])).toEqual([...REVIEW_FLAGS]);
    expect(reviewFlagsSchema.safeParse(['too-long']).success).toBe(false);
  });
});
