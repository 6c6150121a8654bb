import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeSubtitleBytes } from './decode.js';

const SRT = '1\n00:00:01,000 --> 00:00:02,500\nGrüß Gott, 你好\n';

describe('decodeSubtitleBytes reads UTF-8 once', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('the text that proved the bytes UTF-8 is the text read, detected or chosen', () => {
    const bytes = new TextEncoder().encode(SRT);
    const decode = vi.spyOn(TextDecoder.prototype, 'decode');
    expect(decodeSubtitleBytes(bytes)).toMatchObject({ text: SRT, encoding: 'utf-8', source: 'detected' });
    expect(decode).toHaveBeenCalledTimes(1);
    decode.mockClear();
    expect(decodeSubtitleBytes(bytes, 'utf-8')).toMatchObject({
      text: SRT,
      encoding: 'utf-8',
      source: 'chosen',
    });
    expect(decode).toHaveBeenCalledTimes(1);
  });

  it('keeps a second BOM, which the file shows as a character, and drops NUL', () => {
    const bytes = new TextEncoder().encode(`\uFEFF\uFEFF${SRT}\u0000`);
    expect(decodeSubtitleBytes(bytes)).toMatchObject({ text: `\uFEFF${SRT}`, source: 'bom' });
    const inside = new TextEncoder().encode(`x\uFEFF${SRT}`);
    expect(decodeSubtitleBytes(inside).text).toBe(`x\uFEFF${SRT}`);
  });
});
