import { layerElement, placeMarks } from './timeline-layer';

/**
 * Issue 38: the timeline's time ruler, for the window on screen only. wavesurfer's TimelinePlugin
 * makes a notch element for every step of the whole file and measures each (7,200 layouts for a
 * 2-hour film at the first zoom, 1.6 s, again on each zoom: docs/benchmarks.md); this one draws the
 * few hundred notches of the window, placed in percent of the file so a zoom only changes which.
 */

/** steps a notch may mark, in ms */
const STEPS = [
  100, 200, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000, 900_000,
  1_800_000, 3_600_000,
];
/** the least room between two notches, and between two labels, on screen */
const NOTCH_PX = 10;
const LABEL_PX = 64;

export interface RulerScale {
  /** ms between notches */
  notchMs: number;
  /** ms between labelled notches (a multiple of notchMs) */
  labelMs: number;
}

/** the notches and labels for a zoom of `pxPerSecond` */
export function rulerScale(pxPerSecond: number): RulerScale {
  const pxPerMs = pxPerSecond / 1000;
  const notchMs = STEPS.find((s) => s * pxPerMs >= NOTCH_PX) ?? STEPS[STEPS.length - 1]!;
  const labelMs =
    STEPS.find((s) => s >= notchMs && s % notchMs === 0 && s * pxPerMs >= LABEL_PX) ??
    STEPS[STEPS.length - 1]!;
  return { notchMs, labelMs };
}

/** a notch's label: h:mm:ss past an hour, m:ss, and tenths when the labels are that close */
export function rulerLabel(atMs: number, labelMs: number): string {
  const tenths = labelMs < 1000;
  const total = tenths ? Math.round(atMs / 100) / 10 : Math.round(atMs / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const sec = tenths ? seconds.toFixed(1).padStart(4, '0') : String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${sec}` : `${minutes}:${sec}`;
}

export interface Notch {
  atMs: number;
  label: string | null;
}

/** the notches in [fromMs, toMs] of a file of durationMs */
export function notchesIn(fromMs: number, toMs: number, durationMs: number, scale: RulerScale): Notch[] {
  const notches: Notch[] = [];
  const first = Math.max(0, Math.ceil(fromMs / scale.notchMs)) * scale.notchMs;
  const last = Math.min(toMs, durationMs);
  for (let at = first; at <= last; at += scale.notchMs)
    notches.push({ atMs: at, label: at % scale.labelMs === 0 ? rulerLabel(at, scale.labelMs) : null });
  return notches;
}

const NOTCH_STYLE: Partial<CSSStyleDeclaration> = {
  position: 'absolute',
  bottom: '0',
  width: '0',
  borderLeft: '1px solid currentColor',
  paddingLeft: '3px',
  lineHeight: '16px',
  whiteSpace: 'nowrap',
};

/** the ruler's element (16 px under the waveform) and its drawing of a window */
export class TimelineRuler {
  readonly element: HTMLDivElement;
  readonly #durationMs: number;

  constructor(durationMs: number) {
    this.#durationMs = durationMs;
    this.element = layerElement('div', 'ruler', {
      position: 'relative',
      height: '16px',
      overflow: 'hidden',
      fontSize: '10px',
      color: '#595959',
      pointerEvents: 'none',
    });
  }

  /** the notches of [fromMs, toMs], reusing the elements drawn before */
  draw(fromMs: number, toMs: number, pxPerSecond: number) {
    const notches = notchesIn(fromMs, toMs, this.#durationMs, rulerScale(pxPerSecond));
    placeMarks(
      this.element,
      notches,
      this.#durationMs,
      () => layerElement('div', null, NOTCH_STYLE),
      (el, notch) => {
        const labelled = notch.label !== null;
        el.style.height = labelled ? '100%' : '25%';
        el.style.opacity = labelled ? '1' : '0.35';
        if (el.textContent !== (notch.label ?? '')) el.textContent = notch.label ?? '';
      },
    );
  }
}
