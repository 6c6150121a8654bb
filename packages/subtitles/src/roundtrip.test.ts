import { describe, it } from 'vitest';
import fc from 'fast-check';
import { parse, serialise } from './index.js';
import type { Cue, SubtitleFormat } from './model.js';

/**
 * A text line as it can be written in every format: no blank, no edge spaces, no arrow, no
 * backslash, no WebVTT class tag (`<c.yellow>` is markup: read as a colour).
 */
const line = fc
  .string({
    minLength: 1,
    maxLength: 30,
    unit: fc.constantFrom(...'abcXYZ 012,.!?<>/-你好世界こんにちは'.split('')),
  })
  .map((s) => s.trim())
  .filter((s) => s.length > 0 && !s.includes('-->') && !/^\d+$/.test(s) && !/<\/?c[.\s>]/.test(s));

function cues(step: number) {
  return fc
    .array(
      fc.record({
        gap: fc.integer({ min: 0, max: 5000 }),
        length: fc.integer({ min: 1, max: 8000 }),
        lines: fc.array(line, { minLength: 1, maxLength: 3 }),
      }),
      { minLength: 1, maxLength: 30 },
    )
    .map((items) => {
      let t = 0;
      return items.map((it, i): Cue => {
        const startMs = Math.round((t + it.gap) / step) * step;
        const endMs = startMs + Math.max(step, Math.round(it.length / step) * step);
        t = endMs;
        return { index: i + 1, startMs, endMs, text: it.lines.join('\n') };
      });
    });
}

describe('round trip: parse(serialise(x)) equals x', () => {
  for (const [format, step] of [
    ['srt', 1],
    ['vtt', 1],
    ['ass', 10],
  ] as [SubtitleFormat, number][]) {
    it(`in ${format}`, () => {
      fc.assert(
        fc.property(cues(step), (xs) => {
          const back = parse(serialise(xs, format), format);
          if (JSON.stringify(back) !== JSON.stringify(xs)) {
            throw new Error(`mismatch:\n${JSON.stringify(xs)}\n${JSON.stringify(back)}`);
          }
        }),
        { numRuns: 200 },
      );
    });
  }
});
