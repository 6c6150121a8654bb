import { describe, expect, it } from 'vitest';
import { DenseLines, lineAt } from './timeline-dense';

const lines = [
  { id: 1, startMs: 1_000, endMs: 2_000 },
  { id: 2, startMs: 3_000, endMs: 4_000 },
  { id: 3, startMs: 6_000, endMs: 7_000 },
];

describe('lineAt', () => {
  it('finds the line spanning a time, else the nearest edge within the tolerance', () => {
    expect(lineAt(lines, 3_500, 0)?.id).toBe(2);
    expect(lineAt(lines, 2_000, 0)?.id).toBe(1);
    expect(lineAt(lines, 5_800, 300)?.id).toBe(3);
    expect(lineAt(lines, 2_400, 500)?.id).toBe(1);
    expect(lineAt(lines, 2_600, 500)?.id).toBe(2);
    expect(lineAt(lines, 5_000, 300)).toBeNull();
  });
});

describe('DenseLines', () => {
  it('covers the window in percent of the file, clipped to the file, and hides when cleared', () => {
    const dense = new DenseLines(72);
    dense.draw(lines, -10_000, 20_000, 40_000, 1_200, 2);
    expect(dense.element.style.display).toBe('block');
    expect(dense.element.style.left).toBe('0%');
    expect(dense.element.style.width).toBe('50%');
    // 20 s of a 40 s file drawn 1,200 px wide: 600 px of canvas (at this page's pixel ratio)
    expect(dense.element.width).toBe(Math.round(600 * (window.devicePixelRatio || 1)));
    dense.draw(lines, 30_000, 50_000, 40_000, 1_200, null);
    expect(dense.element.style.left).toBe('75%');
    expect(dense.element.style.width).toBe('25%');
    dense.clear();
    expect(dense.element.style.display).toBe('none');
    dense.draw(lines, 50_000, 60_000, 40_000, 1_200, null);
    expect(dense.element.style.display).toBe('none');
  });
});
