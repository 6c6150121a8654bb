import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixTiming } from './fix-timing.js';
import type { StructureLine, Timed, TimedLine } from './line.js';
import { mergeLines } from './merge.js';
import { splitLine } from './split.js';
import { changeFrameRate, FRAME_RATES, framesToMs, pointSync, shiftByFrames, shiftLines } from './timing.js';

/**
 * What holds for any lines. Speed, measured once with tsx on this machine over 10,000 lines: shift,
 * frame rate and point sync about 0.3 ms, fix timing 0.6 ms (sorting included), split 0.5 ms and
 * merge 2.6 ms of a line near the end. No timed assertion here: figures belong to `npm run bench`.
 */

/** Lines mostly in order, some overlapping, touching, out of order or without duration. */
const timedLines = (max = 40) =>
  fc
    .array(
      fc.record({
        gap: fc.integer({ min: -3000, max: 5000 }),
        length: fc.integer({ min: -200, max: 9000 }),
      }),
      { maxLength: max },
    )
    .map((specs) => {
      let t = 0;
      return specs.map(({ gap, length }, i): TimedLine => {
        t = Math.max(0, t + gap);
        return { id: i + 1, startMs: t, endMs: t + length };
      });
    });

const sortedByStart = (lines: readonly Timed[]) => [...lines].sort((a, b) => a.startMs - b.startMs);

describe('structure edits: properties', () => {
  it('shift then shift back is the identity (ms and frames)', () => {
    fc.assert(
      fc.property(timedLines(), fc.integer({ min: -100_000, max: 100_000 }), (lines, delta) => {
        const there = shiftLines(lines, delta);
        if (there === null) {
          expect(Math.min(...lines.map((l) => l.startMs)) + delta).toBeLessThan(0);
          return;
        }
        expect(shiftLines(there, -delta)).toEqual(lines);
      }),
    );
    fc.assert(
      fc.property(
        timedLines(),
        fc.integer({ min: 0, max: 5000 }),
        fc.constantFrom(...FRAME_RATES),
        (lines, frames, fps) => {
          const there = shiftByFrames(lines, frames, fps)!;
          expect(shiftByFrames(there, -frames, fps)).toEqual(lines);
        },
      ),
    );
  });

  it('changes the frame rate there and back within 1 ms', () => {
    fc.assert(
      fc.property(
        timedLines(),
        fc.constantFrom(...FRAME_RATES),
        fc.constantFrom(...FRAME_RATES),
        (lines, from, to) => {
          const back = changeFrameRate(changeFrameRate(lines, from, to), to, from);
          back.forEach((l, i) => {
            expect(Math.abs(l.startMs - lines[i]!.startMs)).toBeLessThanOrEqual(1);
            expect(Math.abs(l.endMs - lines[i]!.endMs)).toBeLessThanOrEqual(1);
          });
        },
      ),
    );
  });

  it('leaves no overlap and gaps of 2 frames at least after fixing timing, and a second fix changes nothing', () => {
    fc.assert(
      fc.property(
        timedLines(),
        fc.constantFrom(...FRAME_RATES),
        fc.constantFrom('en', 'zh-CN', 'ja', 'es'),
        (lines, frameRate, target) => {
          const first = fixTiming(lines, { frameRate, target });
          const gap = framesToMs(2, frameRate);
          const sorted = sortedByStart(first.lines);
          sorted.forEach((l, i) => {
            expect(l.endMs).toBeGreaterThan(l.startMs);
            const next = sorted[i + 1];
            if (next) expect(next.startMs - l.endMs).toBeGreaterThanOrEqual(gap);
          });
          const second = fixTiming(first.lines, { frameRate, target });
          expect(second.lines).toEqual(first.lines);
          for (const c of second.changes) expect(c.after).toEqual(c.before);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('fixes lines given in any order the same way', () => {
    fc.assert(
      fc.property(
        timedLines().chain((lines) =>
          fc.tuple(fc.constant(lines), fc.shuffledSubarray(lines, { minLength: lines.length })),
        ),
        ([lines, shuffled]) => {
          const byId = (ls: readonly TimedLine[]) => [...ls].sort((a, b) => a.id - b.id);
          // ties in start and end are ordered by position: only lines without ties compare
          const distinct = new Set(lines.map((l) => `${l.startMs}/${l.endMs}`)).size === lines.length;
          if (!distinct) return;
          expect(byId(fixTiming(shuffled, { target: 'en' }).lines)).toEqual(
            byId(fixTiming(lines, { target: 'en' }).lines),
          );
        },
      ),
    );
  });

  it('maps the two anchors of a point sync exactly and keeps the order', () => {
    fc.assert(
      fc.property(
        timedLines().filter((ls) => ls.length >= 2),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (lines, i, j, s, t) => {
          const a = lines[i % lines.length]!;
          const b = lines[j % lines.length]!;
          const out = pointSync(lines, { id: a.id, startMs: s }, { id: b.id, startMs: t });
          if (!out) return;
          expect(out.find((l) => l.id === a.id)!.startMs).toBe(s);
          expect(out.find((l) => l.id === b.id)!.startMs).toBe(t);
          // the mapping keeps the order of the starts (ties may stay ties)
          const order = lines.map((_, k) => k).sort((x, y) => lines[x]!.startMs - lines[y]!.startMs);
          order.forEach((k, n) => {
            if (n > 0) expect(out[k]!.startMs).toBeGreaterThanOrEqual(out[order[n - 1]!]!.startMs);
          });
        },
      ),
    );
  });

  it('split then merge gives back the times and the texts up to spaces and layout', () => {
    const vocab = {
      en: ['We', 'went', 'to', 'the', 'store,', 'and', 'bought', 'apples.', 'Why?', 'extraordinary', '42'],
      es: ['Fuimos', 'a', 'la', 'tienda', 'y', 'compramos', 'manzanas.', '¿Por', 'qué?', 'extraordinario'],
      'zh-CN': ['我们', '的', '牛仔裤', '很', '好看', '。', '，', '今天', '天气', '不错', 'iPhone'],
      ja: ['今日は', 'とても', '良い', '天気', 'ですね', '。', '、', 'だから', '出かけましょう'],
    };
    type Lang = keyof typeof vocab;
    const langs = Object.keys(vocab) as Lang[];
    const textIn = (lang: Lang) =>
      fc
        .array(fc.constantFrom(...vocab[lang]), { minLength: 1, maxLength: 14 })
        .map((ws) => ws.join(lang === 'zh-CN' || lang === 'ja' ? '' : ' '));
    const scenario = fc
      .tuple(fc.constantFrom(...langs), fc.constantFrom(...langs))
      .chain(([source, target]) =>
        fc.record({
          source: fc.constant(source),
          target: fc.constant(target),
          original: textIn(source),
          translated: textIn(target),
          inOriginal: fc.boolean(),
          offset: fc.nat(),
          startMs: fc.integer({ min: 0, max: 100_000 }),
          length: fc.integer({ min: 0, max: 8000 }),
          atMs: fc.option(fc.integer({ min: 0, max: 110_000 }), { nil: undefined }),
        }),
      );
    const squeeze = (s: string) => s.replace(/\s+/g, '');
    fc.assert(
      fc.property(scenario, (sc) => {
        const line: StructureLine = {
          id: 1,
          startMs: sc.startMs,
          endMs: sc.startMs + sc.length,
          originalText: sc.original,
          translatedText: sc.translated,
        };
        const cursorText = sc.inOriginal ? sc.original : sc.translated;
        const offset = sc.offset % (cursorText.length + 1);
        const at = sc.inOriginal ? { originalOffset: offset } : { translatedOffset: offset };
        const opts = { source: sc.source, target: sc.target, atMs: sc.atMs };
        const halves = splitLine(line, at, opts);
        if (!halves) return;
        const [a, b] = halves;
        expect(a.endMs).toBeGreaterThan(a.startMs);
        expect(b.endMs).toBeGreaterThan(b.startMs);
        expect(b.startMs).toBeGreaterThanOrEqual(a.endMs);
        expect(squeeze(a.originalText + b.originalText)).toBe(squeeze(sc.original));
        expect(squeeze(a.translatedText + b.translatedText)).toBe(squeeze(sc.translated));
        const merged = mergeLines([a, { ...b, id: 2 }], opts)!;
        expect([merged.id, merged.startMs, merged.endMs]).toEqual([1, line.startMs, line.endMs]);
        expect(squeeze(merged.originalText)).toBe(squeeze(sc.original));
        expect(squeeze(merged.translatedText)).toBe(squeeze(sc.translated));
      }),
      { numRuns: 300 },
    );
  });
});
