/**
 * Issue 38's timeline in headless Chromium against the real server (editor-session.ts, with a local
 * speech engine besides the translation engine):
 * - a 2,000-line file over two hours: a line's right edge in the middle of the view dragged back
 *   and forth with the mouse (timeline-page.ts), every frame of the drag timed in the page, at the
 *   timeline's first zoom and zoomed out to the whole file (Alt+- as far as it goes, then the
 *   wheel), at normal CPU and at 4× throttling, against the same pointer moves without the button
 *   held; and after the drop, the time until the page is idle again and its longest frame;
 * - a 2-hour audio task (made with ffmpeg, uploaded, detected and executed through the API): from
 *   the first lines painted to the timeline painted with its waveform, against the ruler of the
 *   subtitle file's timeline, and the size of its peaks object.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startTranscriptionServer } from '../apps/server/test/support/transcription-server.js';
import { compare, median, round1 } from './editor.js';
import { openEditor, PAGE_TIMEOUT_MS, settle, type Load } from './editor-page.js';
import { onEditorTask, type EditorSession } from './editor-session.js';
import type { Figure } from './ledger.js';
import { completedMediaTask, makeLongAudio, peaksBytes, sizeMb, type MediaStages } from './timeline-media.js';
import {
  onScreen,
  saved,
  scrollToMiddle,
  selectAt,
  swing,
  timelineAfterLines,
  timelineProbe,
  zoomOutFully,
  type Frames,
} from './timeline-page.js';

/** lines dragged at the first zoom per throttle (each another); loads of the audio task's editor */
const RUNS = Math.max(1, Number(process.env.BENCH_TIMELINE_RUNS ?? 3));
/** lines dragged with the whole file in view per throttle: each drop keeps the page busy for long */
const WHOLE_RUNS = Math.max(1, Number(process.env.BENCH_TIMELINE_WHOLE_RUNS ?? 1));
/**
 * How long the page is watched after a drop for it to be idle again, at normal CPU; throttled, a
 * sixth of it (the whole file's drop there outlasts any wait the bench can afford: a lower bound).
 */
const IDLE_CAP_MS = Number(process.env.BENCH_TIMELINE_IDLE_CAP_MS ?? 60_000);
const capAt = (throttle: number) => (throttle === 1 ? IDLE_CAP_MS : IDLE_CAP_MS / 6);
/** the audio task's length: two hours unless the machine cannot run that in the time */
const AUDIO_SECONDS = Number(process.env.BENCH_TIMELINE_AUDIO_SECONDS ?? 7200);
const LINES = 2000;
/** 2,000 lines 3.6 s apart: two hours; each lasts 3.4 s */
const SPACING_MS = 3600;
const LINE_MS = SPACING_MS - 200;
const READY_TIMEOUT_MS = 120_000;
const THROTTLES = [1, 4];

/** a length as the figures name it: 2-hour, 10-minute */
const hours = (seconds: number) =>
  seconds >= 3600 ? `${round1(seconds / 3600)}-hour` : `${Math.round(seconds / 60)}-minute`;

interface Case {
  /** the pointer moves without the button: the page's own frames */
  hover: Frames[];
  drag: Frames[];
  regions: number;
  pxPerSecond: number;
}

/**
 * `runs` drags, each of the right edge of another line near the middle of the view (not one in
 * `used`; with `pick`, the line it makes the one region before each), and their baselines. After
 * each the page is let settle, unless it is `last` and the drop left it busy past the cap (the page
 * is closed next).
 */
async function dragCase(
  page: Page,
  runs: number,
  cap: number,
  used: Set<number>,
  last: boolean,
  pick?: (k: number) => Promise<void>,
): Promise<Case> {
  const hover: Frames[] = [];
  const drag: Frames[] = [];
  let shown = { ids: [] as number[], pxPerSecond: 0 };
  for (let k = 0; k < runs; k += 1) {
    await pick?.(k);
    shown = await onScreen(page, LINE_MS);
    const id = shown.ids.find((line) => !used.has(line));
    if (id === undefined) throw new Error(`only ${shown.ids.length} lines on the timeline, all dragged`);
    used.add(id);
    hover.push(await swing(page, id, false));
    const frames = await swing(page, id, true, cap);
    drag.push(frames);
    if (last && k === runs - 1 && frames.drop?.capped) break;
    await saved(page);
    await settle(page);
  }
  return { hover, drag, regions: shown.ids.length, pxPerSecond: shown.pxPerSecond };
}

type Zoom = 'first zoom' | 'whole file';

type DragCases = { zoom: Zoom; throttle: number; c: Case }[];

/**
 * One page at normal CPU: drags at the first zoom at each throttle, then zoomed out to the whole
 * file (at normal CPU: it takes long) and drags again at each throttle. The throttle is changed on
 * the page, not per load: the frames of a drag are the same, and the zoom is done once.
 */
async function measureDrags(s: EditorSession): Promise<DragCases> {
  const load = await openTimeline(s, s.taskId, false);
  try {
    const { page } = load;
    const cdp = await page.context().newCDPSession(page);
    await timelineAfterLines(page, READY_TIMEOUT_MS);
    await settle(page);
    await scrollToMiddle(page);
    const cases: DragCases = [];
    const used = new Set<number>();
    for (const zoom of ['first zoom', 'whole file'] as const) {
      if (zoom === 'whole file') {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
        const started = Date.now();
        const widths = await zoomOutFully(page);
        console.error(
          `timeline zoomed out: ${widths.keys} px wide after Alt+-, ${widths.wheel} px after the wheel, ` +
            `${Math.round((Date.now() - started) / 1000)} s (each step until idle: ${widths.steps.join(', ')} ms)`,
        );
      }
      for (const throttle of THROTTLES) {
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
        const last = zoom === 'whole file' && throttle === THROTTLES.at(-1);
        const runs = zoom === 'first zoom' ? RUNS : WHOLE_RUNS;
        // zoomed out the lines are painted and the current line is the one region: a click picks
        // one left of the middle (where the first zoom's lines were dragged), another each time
        const first = THROTTLES.indexOf(throttle) * runs;
        const pick =
          zoom === 'whole file'
            ? (k: number) => selectAt(page, 0.1 + ((0.05 * (first + k)) % 0.35))
            : undefined;
        const c = await dragCase(page, runs, capAt(throttle), used, last, pick);
        cases.push({ zoom, throttle, c });
        logCase(c, zoom, throttle);
      }
    }
    return cases;
  } finally {
    await load.close();
  }
}

/** zoomed far out the lines are painted and one is a region */
const regionsOf = (c: Case) =>
  `${c.regions.toLocaleString('en')} region${c.regions === 1 ? '' : 's'} on screen`;

function logCase(c: Case, zoom: Zoom, throttle: number) {
  const frames = (fs: Frames[]) => fs.map((f) => `${round1(median(f.moving))}/${round1(f.max)}`).join(', ');
  const drops = c.drag
    .map(
      (f) =>
        `${f.drop?.capped ? '> ' : ''}${Math.round(f.drop?.idleMs ?? 0)} (${round1(f.drop?.longest ?? 0)})`,
    )
    .join(', ');
  console.error(
    `timeline at ${throttle}× CPU, ${zoom} (${c.pxPerSecond} px/s, ${regionsOf(c)}): ` +
      `drag frames median/max ${frames(c.drag)} ms; without the button ${frames(c.hover)} ms; ` +
      `drop to idle (longest frame) ${drops} ms`,
  );
}

/** One zoom's figures at one throttle: frames while dragging against the same moves without the button. */
function dragFigures(c: Case, zoom: Zoom, throttle: number): Figure[] {
  const label = throttle === 1 ? '' : `, ${throttle}× CPU throttle`;
  const at = zoom === 'first zoom' ? 'at the first zoom' : 'zoomed out to the whole file';
  const what = `${LINES.toLocaleString('en')} lines over 2 h, ${at} (${c.pxPerSecond} px/s, ${regionsOf(c)})`;
  const drags = `${c.drag.length} drag${c.drag.length === 1 ? '' : 's'}`;
  const moving = (fs: Frames[]) => fs.flatMap((f) => f.moving);
  const max = (fs: Frames[]) => Math.max(...fs.map((f) => f.max));
  const flags = { baseline: 'the same pointer moves without the button held, same page' };
  const drops = c.drag.map((f) => f.drop!);
  const capped = drops.some((d) => d.capped);
  return [
    compare(
      `timeline drag, ${what}: frame median of ${drags}${label}`,
      'ms',
      throttle === 1 ? '≤ 16 ms' : '≤ 33 ms',
      round1(median(moving(c.drag))),
      round1(median(moving(c.hover))),
      flags,
    ),
    compare(
      `timeline drag, ${what}: longest frame of ${drags}${label}`,
      'ms',
      throttle === 1 ? '≤ 50 ms' : '',
      round1(max(c.drag)),
      round1(max(c.hover)),
      flags,
    ),
    {
      name: `timeline drop, ${what}: until the page is idle again${capped ? ` (still busy after ${capAt(throttle) / 1000} s: a lower bound)` : ''}, longest of ${drags}${label}`,
      value: Math.round(Math.max(...drops.map((d) => d.idleMs))),
      unit: 'ms',
      baseline: null,
      baselineValue: null,
      ratio: null,
    },
    {
      name: `timeline drop, ${what}: longest frame meanwhile${capped ? ' (not read: the page stayed busy)' : ''}${label}`,
      value: capped ? Number.NaN : round1(Math.max(...drops.map((d) => d.longest ?? 0))),
      unit: 'ms',
      baseline: null,
      baselineValue: null,
      ratio: null,
    },
  ];
}

/** The audio task executed, its peaks' size, and its waveform painted after the lines in RUNS loads. */
async function waveformFigures(s: EditorSession, audio: string): Promise<Figure[]> {
  const { taskId, lines, stages } = await completedMediaTask(s.base, s.cookie, audio);
  const bytes = await peaksBytes(s.base, s.cookie, taskId);
  // warm-up (the task's first overview and media URLs, file cache): not measured
  await timelineLoad(s, taskId, true);
  const times: number[] = [];
  const rulers: number[] = [];
  // alternated, so that the machine's drift falls on both
  for (let run = 0; run < RUNS; run += 1) {
    rulers.push(await timelineLoad(s, s.taskId, false));
    times.push(await timelineLoad(s, taskId, true));
  }
  const film = `${hours(AUDIO_SECONDS)} audio task (${round1(await sizeMb(audio))} MB MP3, ${lines.toLocaleString('en')} lines)`;
  console.error(
    `timeline, ${film}: upload ${stages.upload} ms, detection ${stages.detect} ms, execution ${stages.execute} ms; ` +
      `waveform painted ${times.map(Math.round).join(', ')} ms after the lines; ruler ${rulers.map(Math.round).join(', ')} ms`,
  );
  return [
    compare(
      `timeline: waveform painted after the first lines, ${film}, median of ${RUNS} loads`,
      'ms',
      '≤ 1500 ms',
      Math.round(median(times)),
      Math.round(median(rulers)),
      {
        baseline: `the ${LINES.toLocaleString('en')}-line file's timeline (no media: a ruler), loads alternated`,
      },
    ),
    {
      name: `timeline: peaks object of the ${hours(AUDIO_SECONDS)} audio (/file/overview's peaksUrl)`,
      value: Math.round((bytes / 1024 / 1024) * 100) / 100,
      unit: 'MB',
      baseline: null,
      baselineValue: null,
      ratio: null,
      goal: '≤ 2 MB',
    },
    pipelineFigure(stages),
  ];
}

/** the audio task's way to completion (not a goal: where the bench's time goes) */
function pipelineFigure(stages: MediaStages): Figure {
  return {
    name: `timeline: the ${hours(AUDIO_SECONDS)} audio task uploaded, detected and executed (transcribed, translated)`,
    value: Math.round((stages.upload + stages.detect + stages.execute) / 100) / 10,
    unit: 's',
    baseline: null,
    baselineValue: null,
    ratio: null,
  };
}

/** BENCH_TIMELINE picks `drag` or `waveform` alone (default both) */
export async function benchTimeline(): Promise<Figure[]> {
  const only = process.env.BENCH_TIMELINE;
  const speech = await startTranscriptionServer();
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-timeline-'));
  // made while the server starts and its file is translated
  const audio = only === 'drag' ? null : makeLongAudio(dir, AUDIO_SECONDS);
  // its failure is thrown where it is awaited (or not at all when the server fails first)
  audio?.catch(() => undefined);
  try {
    return await onEditorTask(
      { cues: LINES, spacingMs: SPACING_MS },
      async (session) => {
        // made before anything is measured: ffmpeg would take a core from the page
        const file = audio ? await audio : null;
        const figures: Figure[] = [];
        if (only !== 'waveform')
          for (const { zoom, throttle, c } of await measureDrags(session))
            figures.push(...dragFigures(c, zoom, throttle));
        if (file) figures.push(...(await waveformFigures(session, file)));
        return figures;
      },
      { STT_BASE_URL: speech.baseUrl },
    );
  } finally {
    await speech.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** One load of the editor of `taskId`: ms from its first lines painted to its timeline painted. */
async function timelineLoad(s: EditorSession, taskId: string, waveform: boolean): Promise<number> {
  const load = await openTimeline(s, taskId, waveform);
  try {
    return await timelineAfterLines(load.page, READY_TIMEOUT_MS);
  } finally {
    await load.close();
  }
}

/** The editor of `taskId` at normal CPU, its lines painted, the timeline watched for (timelineProbe). */
async function openTimeline(s: EditorSession, taskId: string, waveform: boolean): Promise<Load> {
  const load = await openEditor(s.browser, s.base, s.cookie, taskId, {
    virtual: true,
    throttle: 1,
    probes: [timelineProbe(waveform)],
  });
  if (!load.timedOut) return load;
  await load.close();
  throw new Error(`the editor of ${taskId} did not paint its lines in ${PAGE_TIMEOUT_MS / 1000} s`);
}
