import { expect } from 'vitest';
import type { Cue } from '../src/model.js';
import { RECUT_DEFAULTS, type RecutRules } from '../src/recut.js';
import { lineWidth } from '../src/width.js';

/** The layout and timing invariants every result keeps. */
export function expectWellFormed(cues: Cue[], rules: RecutRules = RECUT_DEFAULTS, layoutLimits = true) {
  cues.forEach((c, k) => {
    expect(c.index).toBe(k + 1);
    expect(c.endMs).toBeGreaterThan(c.startMs);
    expect(c.endMs - c.startMs).toBeLessThanOrEqual(rules.maxDurationMs);
    expect(c.text).toBe(c.text.trim());
    const lines = c.text.split('\n');
    if (layoutLimits) expect(lines.length).toBeLessThanOrEqual(rules.maxLines);
    for (const line of lines) {
      expect(line).toBe(line.trim());
      expect(line).not.toBe('');
      if (layoutLimits) expect(lineWidth(line)).toBeLessThanOrEqual(rules.maxLineWidth);
    }
    const next = cues[k + 1];
    if (next) {
      expect(next.startMs).toBeGreaterThanOrEqual(c.endMs);
      // the gap is kept unless the words are closer than that
      if (next.startMs - c.endMs < rules.minGapMs) expect(c.endMs).toBe(c.startMs + 1);
    }
  });
}
