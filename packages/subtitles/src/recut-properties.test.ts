import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { cuesFromTranscript, type TimedSegment } from './recut.js';
import { lineWidth, readingSpeed } from './width.js';
import { expectWellFormed } from '../test/recut-support.js';

/** cuesFromTranscript on generated transcripts and rules: what holds for any input. */
describe('cuesFromTranscript: properties', () => {
  const vocabulary = [
    'the',
    'a',
    'house',
    'extraordinary',
    'world,',
    'run.',
    'why?',
    'yes!',
    'o’clock',
    '42',
    '你',
    '好',
    '世界',
    '。',
    '，',
    '吗？',
    'こんにちは',
    'iPhone',
    '「本当」',
    'supercalifragilistic',
  ];
  const word = fc.record({
    text: fc.constantFrom(...vocabulary),
    space: fc.boolean(),
    gap: fc.integer({ min: -300, max: 2500 }),
    length: fc.integer({ min: -100, max: 1500 }),
  });
  const transcript = fc
    .array(fc.array(word, { minLength: 0, maxLength: 40 }), { minLength: 0, maxLength: 6 })
    .map((segs) => {
      let t = 0;
      return segs.map((ws): TimedSegment => {
        const words = ws.map((w) => {
          t = Math.max(0, t + w.gap);
          return { text: (w.space ? ' ' : '') + w.text, startMs: t, endMs: t + w.length };
        });
        return { startMs: words[0]?.startMs ?? t, endMs: t, text: words.map((w) => w.text).join(''), words };
      });
    });
  const rules = fc.record({
    maxLineWidth: fc.integer({ min: 8, max: 60 }),
    maxLines: fc.integer({ min: 1, max: 3 }),
    maxCps: fc.integer({ min: 5, max: 30 }),
    minDurationMs: fc.integer({ min: 0, max: 2000 }),
    maxDurationMs: fc.integer({ min: 2000, max: 10_000 }),
    minGapMs: fc.integer({ min: 0, max: 200 }),
  });
  const squeeze = (s: string) => s.replace(/\s+/g, '');

  it('keeps cues sorted, apart, within the limits, and loses nothing', () => {
    fc.assert(
      fc.property(transcript, rules, (segs, r) => {
        const out = cuesFromTranscript(segs, r);
        const words = segs.flatMap((s) => s.words ?? []);
        // the layout limits hold when every word fits a line
        expectWellFormed(
          out,
          r,
          words.every((w) => lineWidth(w.text.trim()) <= r.maxLineWidth),
        );
        expect(squeeze(out.map((c) => c.text).join(''))).toBe(squeeze(words.map((w) => w.text).join('')));
        out.forEach((c, k) => {
          const next = out[k + 1];
          const d = c.endMs - c.startMs;
          if (d < r.minDurationMs || readingSpeed(c.text, d) > r.maxCps)
            // not extended only because the next cue or the maximum duration stopped it
            expect(
              d === r.maxDurationMs ||
                (next !== undefined && c.endMs === Math.max(c.startMs + 1, next.startMs - r.minGapMs)),
            ).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('breaks no line inside a Latin word or before closing punctuation', () => {
    fc.assert(
      fc.property(transcript, rules, (segs, r) => {
        for (const c of cuesFromTranscript(segs, r))
          for (const line of c.text.split('\n').slice(1)) {
            expect(line).not.toMatch(/^[，。？!?,.」]/);
            expect(line).not.toMatch(/^(?:Phone|xtraordinary|percalifragilistic|clock)/);
          }
      }),
      { numRuns: 200 },
    );
  });
});
