import { afterEach, describe, expect, it } from 'vitest';
import { storedBatchSize } from './batch-size';

afterEach(() => localStorage.clear());

describe('the batch size stored in the browser (SPEC §9)', () => {
  it('is sent as stored, the server clamping it', () => {
    localStorage.setItem('translation-batch-size', '3');
    expect(storedBatchSize()).toEqual({ batchSize: 3 });
    localStorage.setItem('translation-batch-size', ' 5000 ');
    expect(storedBatchSize()).toEqual({ batchSize: 5000 });
  });

  it('is left out when nothing, or not a number, is stored', () => {
    expect(storedBatchSize()).toEqual({});
    for (const junk of ['', 'ten', 'Infinity', '{}']) {
      localStorage.setItem('translation-batch-size', junk);
      expect(storedBatchSize(), junk).toEqual({});
    }
  });
});
