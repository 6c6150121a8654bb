import type { Cue } from './model.js';
import {
  bareWord,
  canBreakBetween,
  CLOSE_SET,
  firstChar,
  GOOD_START,
  lastChar,
  punctuationOf,
  SENTENCE_END,
  WEAK_END,
} from './recut/chars.js';
import { chunksOf, fits, layout } from './recut/lines.js';
import { PAUSE_MS, SILENCE_MS, settle, type TimedSegment, type RecutRules } from './recut/rules.js';
import { tokenize } from './recut/tokens.js';
import { lineWidth, readingSpeed, visibleText } from './width.js';

/**
 * Subtitle cues re-cut from a speech-to-text transcript, following Netflix's timed-text norms
 * (the limits the editor flags): lines of at most 42 columns (a wide CJK character counts 2), at
 * most 2 lines, 17 characters per second, between 5/6 s and 7 s on screen.
 *
 * The transcript's words are laid end to end and cut greedily: each cue takes the longest run of
 * words that still fits, then backs off to the best cut point inside that run — a sentence end
 * first, then clause punctuation, then a pause, then any word boundary — avoiding a cue of one or
 * two words and a next cue that opens with the last word or two of a sentence. The cue's text is
 * broken into balanced lines (bottom-heavy when equal, after punctuation when that costs little
 * balance), and its end is pushed into the following silence when it is too short or too fast.
 */
export {
  PAUSE_MS,
  RECUT_DEFAULTS,
  SILENCE_MS,
  type RecutRules,
  type TimedSegment,
  type TimedWord,
} from './recut/rules.js';

/** Builds subtitle cues from a transcript's timed segments (see the module comment). */
export function cuesFromTranscript(
  segments: readonly TimedSegment[],
  rules: Partial<RecutRules> = {},
): Cue[] {
  const r = settle(rules);
  const tokens = tokenize(segments, r.maxLineWidth);
  const n = tokens.length;
  if (n === 0) return [];

  // widths of token runs, with the spaces between them
  const tw = [0];
  const ts = [0];
  tokens.forEach((t, k) => {
    tw.push(tw[k]! + lineWidth(t.text));
    ts.push(ts[k]! + (t.space ? 1 : 0));
  });
  const runWidth = (a: number, b: number) => tw[b + 1]! - tw[a]! + ts[b + 1]! - ts[a + 1]!;
  const gapAfter = (k: number) => (k + 1 < n ? tokens[k + 1]!.startMs - tokens[k]!.endMs : Infinity);
  /** nothing may join the token k to the next in one cue */
  const hardAfter = (k: number) => k === n - 1 || gapAfter(k) >= SILENCE_MS;
  const sentenceEnd = (k: number) => SENTENCE_END.test(tokens[k]!.text);
  const unitEnd = (k: number) => sentenceEnd(k) || hardAfter(k);
  const tiny = (a: number, b: number) => b - a < 2 || runWidth(a, b) <= 8;
  /** may a cue end after token k? (not inside "i"+"Phone", not before a "," or "。") */
  const clean = (k: number) => {
    const next = tokens[k + 1];
    if (!next) return true;
    const b = firstChar(next.text);
    return next.space ? !CLOSE_SET.has(b) : canBreakBetween(lastChar(tokens[k]!.text), b);
  };

  // the first sentence end (or silence) at or after each token
  const unitEndFrom = new Array<number>(n);
  for (let k = n - 1; k >= 0; k -= 1) unitEndFrom[k] = unitEnd(k) ? k : unitEndFrom[k + 1]!;

  /**
   * how good a cut right after token k is, the cue being [i, k] out of the longest run [i, j]:
   * the cut's kind, then its length against an even share of what is left of the sentence (a
   * sentence of 2.2 cues is cut in 3 even cues, not in 2 full ones and a scrap)
   */
  const score = (i: number, k: number, j: number, target: number) => {
    const tok = tokens[k]!;
    const punctuation = punctuationOf(tok.text);
    const pause = gapAfter(k) >= PAUSE_MS;
    let s = punctuation === 'sentence' ? 100 : punctuation === 'clause' ? 60 : 0;
    if (pause) s = s ? s + 15 : 40;
    else if (!s && tok.segmentEnd) s = 30;
    const w = runWidth(i, k);
    s += w <= target ? (40 * w) / target : 40 - (20 * (w - target)) / target;
    if (!punctuation) {
      if (WEAK_END.has(bareWord(tok.text))) s -= 10;
      if (GOOD_START.has(bareWord(tokens[k + 1]?.text ?? ''))) s += 10;
    }
    if (tiny(i, k)) s -= 60;
    if (!clean(k)) s -= 1000;
    if (punctuation !== 'sentence') {
      // the next cue would open with the tail of this sentence
      let m = k + 1;
      while (m < n - 1 && !unitEnd(m) && runWidth(k + 1, m) <= 8) m += 1;
      if (unitEnd(m) && tiny(k + 1, m)) s -= 50;
    }
    return s;
  };

  const spans: { i: number; k: number }[] = [];
  for (let i = 0; i < n;) {
    // the longest run [i, j] that fits (fitting is monotone: search by doubling, then halving)
    const fitsTo = (b: number) => {
      for (let t = i; t < b; t += 1) if (hardAfter(t)) return false;
      let end = 0;
      for (let t = i; t <= b; t += 1) end = Math.max(end, tokens[t]!.endMs);
      return end - tokens[i]!.startMs <= r.maxDurationMs && fits(chunksOf(tokens, i, b), r);
    };
    let j = i;
    let step = 1;
    while (j + step < n && fitsTo(j + step)) {
      j += step;
      step *= 2;
    }
    for (step = Math.floor(step / 2); step >= 1; step = Math.floor(step / 2))
      if (j + step < n && fitsTo(j + step)) j += step;
    let k = j;
    if (!hardAfter(j)) {
      const capacity = Math.max(1, runWidth(i, j));
      // what is left of the sentence the run ends in, shared evenly among the cues it needs
      const rest = runWidth(i, unitEndFrom[j]!);
      const target = rest / Math.max(1, Math.ceil(rest / capacity));
      let best = -Infinity;
      for (let c = i; c <= j; c += 1) {
        const s = score(i, c, j, target);
        if (s >= best) {
          best = s;
          k = c;
        }
      }
    }
    spans.push({ i, k });
    i = k + 1;
  }

  // timing
  const cues: Cue[] = spans.map(({ i, k }, c) => {
    let end = 0;
    for (let t = i; t <= k; t += 1) end = Math.max(end, tokens[t]!.endMs);
    return {
      index: c + 1,
      startMs: tokens[i]!.startMs,
      endMs: end,
      text: layout(chunksOf(tokens, i, k), r).join('\n'),
    };
  });
  for (let c = 1; c < cues.length; c += 1) {
    const cue = cues[c]!;
    cue.startMs = Math.max(cue.startMs, cues[c - 1]!.startMs + 1);
  }
  cues.forEach((cue, c) => {
    const s = cue.startMs;
    const next = cues[c + 1]?.startMs ?? Infinity;
    let e = Math.min(Math.max(cue.endMs, s + 1), s + r.maxDurationMs);
    const chars = [...visibleText(cue.text).replace(/\n/g, '')].length;
    let readMs = Math.ceil((chars * 1000) / r.maxCps);
    while (readingSpeed(cue.text, readMs) > r.maxCps) readMs += 1; // 21 / 1.4 = 15.000000000000002
    const need = Math.max(r.minDurationMs, readMs);
    if (e - s < need) e = Math.max(e, Math.min(s + need, s + r.maxDurationMs, next - r.minGapMs));
    if (e > next - r.minGapMs) e = Math.max(s + 1, next - r.minGapMs);
    cue.endMs = e;
  });
  return cues;
}
