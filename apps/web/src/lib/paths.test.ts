import { describe, expect, it } from 'vitest';
import { REVIEW_PAGE_PATH, taskIdBody } from '@subtrans/contract';
import { isTaskId, paths } from './paths';

describe('isTaskId', () => {
  it('accepts exactly the ids the server’s schema accepts', () => {
    for (const id of [
      '00000000-0000-4000-8000-000000000000',
      'C56A4180-65AA-42EC-A945-5FD21DEC0538',
      '017f22e2-79b0-7cc3-98c4-dc0c0c07398f',
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      '00000000-0000-0000-8000-000000000000',
      '00000000-0000-4000-7000-000000000000',
      '00000000-0000-9000-8000-000000000000',
      'not-a-uuid',
      '00000000-0000-4000-8000-00000000000',
      '00000000-0000-4000-8000-000000000000x',
      'g0000000-0000-4000-8000-000000000000',
      '',
    ]) {
      expect(isTaskId(id), id).toBe(taskIdBody.safeParse({ id }).success);
    }
  });
});

describe('the review page', () => {
  it('is where the server’s review links point', () => {
    expect(paths.review).toBe(REVIEW_PAGE_PATH);
  });
});
