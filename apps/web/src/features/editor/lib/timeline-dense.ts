import { layerElement } from './timeline-layer';
import type { TimedLine } from './timeline-snap';

/**
 * Issue 38: when the window holds more lines than regions can follow (zoomed far out: 2,000 lines
 * on a 2-hour film across the screen), they are painted as bars on one canvas instead: a region is
 * a few elements with its own layout and the regions plugin re-stacks labels in O(n²) on each drop
 * (docs/benchmarks.md). Only the current line stays a region, to be dragged.
 */

const BAR_COLOR = 'rgba(22, 119, 255, 0.4)';
/** the widest canvas drawn (Chromium refuses larger backing stores) */
const MAX_CANVAS_PX = 16_384;

export class DenseLines {
  readonly element: HTMLCanvasElement;
  readonly #height: number;

  constructor(height: number) {
    this.#height = height;
    this.element = layerElement('canvas', 'dense-lines', {
      position: 'absolute',
      top: '0',
      height: `${height}px`,
      pointerEvents: 'none',
      zIndex: '3',
      display: 'none',
    });
  }

  /** nothing painted (the lines are regions) */
  clear() {
    this.element.style.display = 'none';
  }

  /**
   * `lines` painted over [fromMs, toMs] of a file of `durationMs` drawn `widthPx` wide, all but
   * `except` (the line drawn as a region).
   */
  draw(
    lines: readonly TimedLine[],
    fromMs: number,
    toMs: number,
    durationMs: number,
    widthPx: number,
    except: number | null,
  ) {
    const from = Math.max(0, fromMs);
    const to = Math.min(durationMs, toMs);
    const canvas = this.element;
    if (to <= from || durationMs <= 0 || widthPx <= 0) return this.clear();
    const ratio = window.devicePixelRatio || 1;
    const cssWidth = ((to - from) / durationMs) * widthPx;
    const width = Math.max(1, Math.min(MAX_CANVAS_PX, Math.round(cssWidth * ratio)));
    const height = Math.round(this.#height * ratio);
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    Object.assign(canvas.style, {
      display: 'block',
      left: `${(from / durationMs) * 100}%`,
      width: `${((to - from) / durationMs) * 100}%`,
    });
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.clearRect(0, 0, width, height);
    ctx.fillStyle = BAR_COLOR;
    const scale = width / (to - from);
    for (const line of lines) {
      if (line.id === except) continue;
      const x = (line.startMs - from) * scale;
      ctx.fillRect(x, 0, Math.max(ratio, (line.endMs - line.startMs) * scale), height);
    }
  }
}

/** the line at `atMs` (the nearest within `toleranceMs` when none spans it) */
export function lineAt<T extends TimedLine>(
  lines: readonly T[],
  atMs: number,
  toleranceMs: number,
): T | null {
  let best: T | null = null;
  let distance = toleranceMs;
  for (const line of lines) {
    if (line.startMs <= atMs && atMs <= line.endMs) return line;
    const d = Math.min(Math.abs(line.startMs - atMs), Math.abs(line.endMs - atMs));
    if (d <= distance) {
      best = line;
      distance = d;
    }
  }
  return best;
}
