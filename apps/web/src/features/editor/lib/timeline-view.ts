import WaveSurfer from 'wavesurfer.js';
import RegionsPlugin, { type Region } from 'wavesurfer.js/dist/plugins/regions.esm.js';
import ZoomPlugin from 'wavesurfer.js/dist/plugins/zoom.esm.js';
import { DenseLines, lineAt } from './timeline-dense';
import { layerElement, placeMarks } from './timeline-layer';
import { TimelineRuler } from './timeline-ruler';
import { linesIn, moveLine, resizeEdge, roomOf, shotsIn, type Room, type TimedLine } from './timeline-snap';

/**
 * Issue 38: the editor's timeline, on wavesurfer.js 8 (BSD; see docs/architecture.md): the
 * waveform from the server's peaks (no audio decoded here), the lines as regions, the shot changes
 * as marks, the player's own media element for the playhead. Only the lines and marks of the
 * window on screen (and a screen either side) are regions: the plugin measures every region's
 * label against the others on each drag, which its tracker reports as lag with hundreds of them.
 */

export interface TimelineLine extends TimedLine {
  originalText: string;
  translatedText: string;
}

export interface TimelineOptions {
  container: HTMLElement;
  /** the player's element: playback, seeking and the playhead are the player's */
  media?: HTMLMediaElement | undefined;
  /** max above, min below, -1…1, evenly over durationMs; absent: a flat line (no media) */
  peaks?: [Float32Array, Float32Array] | undefined;
  durationMs: number;
  height: number;
  /** the minimum gap between lines and the shortest line a drag may make */
  minGapMs: number;
  minDurationMs: number;
  /** false: the lines are shown, not dragged (a task still translating) */
  editable: boolean;
  onSelect: (id: number) => void;
  /** one drag done: the line's new times (one undoable edit) */
  onRetime: (id: number, startMs: number, endMs: number) => void;
  onReady?: () => void;
}

/** how near an edge must come to a target to snap, on screen */
export const SNAP_PX = 8;
/** pixels a second at the start (about 16 s across a desktop timeline) and the zoom's bounds */
export const START_PX_PER_SEC = 60;
export const MIN_PX_PER_SEC = 2;
export const MAX_PX_PER_SEC = 1000;
/** more lines than this in the window (±1 screen) are painted as bars, not regions (timeline-dense) */
export const REGION_CAP = 300;
/** a region narrower than this on screen has no label (nor its share of the plugin's label pass) */
const LABEL_MIN_PX = 32;

const LINE_COLOR = 'rgba(22, 119, 255, 0.16)';
const CURRENT_COLOR = 'rgba(250, 173, 20, 0.35)';
const SHOT_STYLE: Partial<CSSStyleDeclaration> = {
  position: 'absolute',
  top: '0',
  bottom: '0',
  width: '1px',
  background: 'rgba(255, 77, 79, 0.85)',
};

interface Drag {
  id: number;
  /** the line's times when the drag began */
  from: TimedLine;
  room: Room;
  /** where the pointer has taken the line, before snapping */
  raw: TimedLine;
  /** where the line is drawn */
  shown: TimedLine;
}

/** the timeline's size and scroll, in px */
interface Geometry {
  /** the whole file's width at this zoom */
  wrapperWidth: number;
  /** the view's width */
  width: number;
  scroll: number;
  pxPerSecond: number;
}

const seconds = (ms: number) => ms / 1000;
const ms = (s: number) => Math.round(s * 1000);

export class TimelineView {
  readonly ws: WaveSurfer;
  readonly #regions: ReturnType<typeof RegionsPlugin.create>;
  readonly #opts: TimelineOptions;
  readonly #shown = new Map<number, Region>();
  readonly #shotLayer: HTMLDivElement;
  readonly #ruler: TimelineRuler;
  readonly #dense: DenseLines;
  /** the window holds more lines than REGION_CAP */
  #denseNow = false;
  /** the window the ruler was drawn for, and at which zoom */
  #ruled: { from: number; to: number; pxPerSecond: number } | null = null;
  #lines: readonly TimelineLine[] = [];
  #shots: readonly number[] = [];
  #current: number | null = null;
  #drag: Drag | null = null;
  /** Shift held: edges do not snap */
  #free = false;
  readonly #onPointer = (e: PointerEvent) => {
    this.#free = e.shiftKey;
  };

  constructor(opts: TimelineOptions) {
    this.#opts = opts;
    this.#regions = RegionsPlugin.create();
    this.ws = WaveSurfer.create({
      container: opts.container,
      height: opts.height,
      ...(opts.media ? { media: opts.media } : {}),
      peaks: opts.peaks ?? [new Float32Array(2)],
      duration: seconds(opts.durationMs),
      minPxPerSec: START_PX_PER_SEC,
      fillParent: true,
      autoScroll: true,
      autoCenter: false,
      waveColor: '#8c8c8c',
      progressColor: '#595959',
      cursorColor: '#cf1322',
      cursorWidth: 2,
      normalize: true,
      plugins: [
        this.#regions,
        ZoomPlugin.create({ scale: 0.25, maxZoom: MAX_PX_PER_SEC, exponentialZooming: true }),
      ],
    });
    this.#shotLayer = layerElement('div', 'shots', {
      position: 'absolute',
      inset: '0',
      pointerEvents: 'none',
      zIndex: '4',
    });
    this.ws.getWrapper().appendChild(this.#shotLayer);
    this.#ruler = new TimelineRuler(opts.durationMs);
    this.ws.getWrapper().appendChild(this.#ruler.element);
    this.#dense = new DenseLines(opts.height);
    this.ws.getWrapper().appendChild(this.#dense.element);
    // painted lines are not regions to click: a click on one selects it (and seeks, as anywhere)
    this.ws.on('click', (relativeX) => {
      if (!this.#denseNow) return;
      const at = relativeX * opts.durationMs;
      const line = lineAt(this.#lines, at, (SNAP_PX / this.pxPerSecond()) * 1000);
      if (line) opts.onSelect(line.id);
    });
    const sync = () => this.#syncWindow();
    this.ws.on('scroll', sync);
    this.ws.on('zoom', sync);
    this.ws.on('resize', sync);
    this.ws.on('ready', () => {
      sync();
      opts.onReady?.();
    });
    this.#regions.on('region-update', (region, side) => this.#dragging(region, side));
    this.#regions.on('region-updated', (region) => this.#dropped(region));
    this.#regions.on('region-clicked', (region) => opts.onSelect(Number(region.id)));
    this.#regions.on('region-double-clicked', (region) => {
      opts.onSelect(Number(region.id));
      void this.ws.play(region.start, region.end);
    });
    window.addEventListener('pointermove', this.#onPointer, { capture: true, passive: true });
    window.addEventListener('pointerdown', this.#onPointer, { capture: true, passive: true });
  }

  destroy() {
    window.removeEventListener('pointermove', this.#onPointer, { capture: true });
    window.removeEventListener('pointerdown', this.#onPointer, { capture: true });
    this.ws.destroy();
  }

  /** the lines changed (an edit, an undo, another tab): the window's regions follow */
  setLines(lines: readonly TimelineLine[]) {
    this.#lines = lines;
    this.#syncWindow();
  }

  setShots(shots: readonly number[]) {
    this.#shots = shots;
    this.#syncWindow();
  }

  /** the list's current line: drawn apart, and brought on screen when it is not */
  setCurrent(id: number | null) {
    this.#current = id;
    const line = id === null ? undefined : this.#lines.find((l) => l.id === id);
    if (line && !this.#drag) {
      const [from, to] = this.#window(0);
      if (line.startMs < from || line.startMs > to)
        this.ws.setScrollTime(Math.max(0, seconds(line.startMs) - 1));
    }
    this.#syncWindow();
  }

  /** pixels a second now (the zoom, or what fills the width when the whole file fits) */
  pxPerSecond(): number {
    return this.#geometry().pxPerSecond;
  }

  /** zoom in (factor > 1) or out, about the playhead */
  zoomBy(factor: number) {
    const next = Math.min(MAX_PX_PER_SEC, Math.max(MIN_PX_PER_SEC, this.pxPerSecond() * factor));
    this.ws.zoom(next);
  }

  /**
   * What the window depends on, read at once: each read after the page changed lays it out, so a
   * sync reads these once before it writes anything (a split in the list changes the page).
   */
  #geometry(): Geometry {
    const wrapperWidth = this.ws.getWrapper().clientWidth;
    const width = this.ws.getWidth();
    const scroll = this.ws.getScroll();
    const duration = this.ws.getDuration() || seconds(this.#opts.durationMs);
    const pxPerSecond = wrapperWidth > 0 && duration > 0 ? wrapperWidth / duration : START_PX_PER_SEC;
    return { wrapperWidth, width, scroll, pxPerSecond };
  }

  /** the window on screen in ms, widened by `margin` screens either side */
  #window(margin: number, g = this.#geometry()): [number, number] {
    const pxPerMs = g.pxPerSecond / 1000;
    return [(g.scroll - g.width * margin) / pxPerMs, (g.scroll + g.width * (1 + margin)) / pxPerMs];
  }

  #syncWindow() {
    const g = this.#geometry();
    const [from, to] = this.#window(1, g);
    const visible = linesIn(this.#lines, from, to);
    this.#denseNow = visible.length > REGION_CAP;
    const regions = this.#denseNow ? visible.filter((l) => l.id === this.#current) : visible;
    const minLabelMs = (LABEL_MIN_PX / g.pxPerSecond) * 1000;
    const keep = new Set<number>();
    for (const line of regions) {
      keep.add(line.id);
      this.#draw(line, line.endMs - line.startMs >= minLabelMs);
    }
    for (const [id, region] of this.#shown) {
      // a region being dragged stays, whatever the lines say, until it is dropped
      if (keep.has(id) || this.#drag?.id === id) continue;
      region.remove();
      this.#shown.delete(id);
    }
    if (this.#denseNow)
      this.#dense.draw(visible, from, to, this.#opts.durationMs, g.wrapperWidth, this.#current);
    else this.#dense.clear();
    this.#drawShots(from, to);
    this.#drawRuler(from, to, g);
  }

  /** again only when the zoom changed or the screen nears the edge of what was drawn */
  #drawRuler(from: number, to: number, g: Geometry) {
    const ruled = this.#ruled;
    const [shownFrom, shownTo] = this.#window(0, g);
    if (ruled && ruled.pxPerSecond === g.pxPerSecond && shownFrom >= ruled.from && shownTo <= ruled.to)
      return;
    this.#ruler.draw(from, to, g.pxPerSecond);
    this.#ruled = { from, to, pxPerSecond: g.pxPerSecond };
  }

  #draw(line: TimelineLine, labelled: boolean) {
    if (this.#drag?.id === line.id) return;
    const color = line.id === this.#current ? CURRENT_COLOR : LINE_COLOR;
    const region = this.#shown.get(line.id);
    if (!region) {
      const created = this.#regions.addRegion({
        id: String(line.id),
        start: seconds(line.startMs),
        end: seconds(line.endMs),
        color,
        ...(labelled ? { content: labelOf(line) } : {}),
        minLength: seconds(this.#opts.minDurationMs),
        drag: this.#opts.editable,
        resize: this.#opts.editable,
      });
      created.element?.setAttribute('title', line.translatedText || line.originalText);
      created.element?.setAttribute('data-line', String(line.id));
      this.#shown.set(line.id, created);
      return;
    }
    if (ms(region.start) !== line.startMs || ms(region.end) !== line.endMs || region.color !== color)
      region.setOptions({ start: seconds(line.startMs), end: seconds(line.endMs), color });
    const label = region.content;
    if (!labelled) {
      if (label) region.setContent(undefined);
    } else if (!label) region.setContent(labelOf(line));
    else if (label.textContent !== line.originalText) label.textContent = line.originalText;
    if (region.element && region.element.title !== (line.translatedText || line.originalText))
      region.element.title = line.translatedText || line.originalText;
  }

  #drawShots(from: number, to: number) {
    const marks = shotsIn(this.#shots, Math.max(0, from), to).map((atMs) => ({ atMs }));
    placeMarks(
      this.#shotLayer,
      marks,
      this.#opts.durationMs,
      () => layerElement('div', 'shot', SHOT_STYLE),
      (mark, { atMs }) => (mark.dataset.ms = String(atMs)),
    );
  }

  #rules() {
    return {
      shots: this.#shots,
      toleranceMs: this.#free ? 0 : (SNAP_PX / this.pxPerSecond()) * 1000,
      minGapMs: this.#opts.minGapMs,
      minDurationMs: this.#opts.minDurationMs,
    };
  }

  #dragging(region: Region, side: 'start' | 'end' | undefined) {
    const id = Number(region.id);
    let drag = this.#drag;
    if (!drag || drag.id !== id) {
      const line = this.#lines.find((l) => l.id === id);
      if (!line) return;
      const from = { id, startMs: line.startMs, endMs: line.endMs };
      drag = { id, from, room: roomOf(this.#lines, from, this.#opts.durationMs), raw: from, shown: from };
      this.#drag = drag;
    }
    // the plugin moved the region from where it was drawn by the pointer's movement
    const raw =
      side === 'end'
        ? { ...drag.raw, endMs: drag.raw.endMs + ms(region.end) - drag.shown.endMs }
        : { ...drag.raw, startMs: drag.raw.startMs + ms(region.start) - drag.shown.startMs };
    const rules = this.#rules();
    const shown =
      side === undefined
        ? moveLine(drag.from, raw.startMs, drag.room, rules)
        : resizeEdge(drag.from, side, side === 'start' ? raw.startMs : raw.endMs, drag.room, rules);
    drag.raw = raw;
    drag.shown = shown;
    if (ms(region.start) !== shown.startMs || ms(region.end) !== shown.endMs)
      region.setOptions({ start: seconds(shown.startMs), end: seconds(shown.endMs) });
  }

  #dropped(region: Region) {
    const drag = this.#drag;
    this.#drag = null;
    if (!drag || drag.id !== Number(region.id)) return;
    const { from, shown } = drag;
    if (shown.startMs !== from.startMs || shown.endMs !== from.endMs)
      this.#opts.onRetime(drag.id, shown.startMs, shown.endMs);
    else this.#syncWindow();
  }
}

/** a region's label: the original text on one line, cut by the region's width */
function labelOf(line: TimelineLine): HTMLElement {
  const label = document.createElement('div');
  label.textContent = line.originalText;
  Object.assign(label.style, {
    padding: '2px 6px',
    fontSize: '11px',
    lineHeight: '1.3',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    color: '#262626',
    pointerEvents: 'none',
  });
  return label;
}
