/**
 * Issue 38's server goals: the waveform's peaks of a 2-hour film against the audio extraction they
 * are read from, and shot changes on a 1080p test film with known cuts against a plain decode of it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodePeaks } from '@subtrans/contract';
import { makeLongVideo, makeShotsVideo } from '../apps/server/test/support/media.js';
import { detectShotChanges, extractAudio, peaksOfWav } from '../apps/server/src/tools/ffmpeg/index.js';
import type { Figure } from './ledger.js';

/** rounds of each timing (the best is kept: a slower round is the machine, not the work) */
const ROUNDS = Math.max(1, Number(process.env.BENCH_OVERVIEW_ROUNDS ?? 2));
const FILM_SECONDS = Number(process.env.BENCH_OVERVIEW_FILM_SECONDS ?? 7200);
/** a cut found within this of where the pictures were joined is the cut (one frame at 25 fps) */
const CUT_TOLERANCE_MS = 40;

const round = (x: number, places = 2) => Math.round(x * 10 ** places) / 10 ** places;

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

async function benchPeaks(dir: string, figures: Figure[]) {
  const film = await makeLongVideo(dir, { seconds: FILM_SECONDS, fileName: 'film.mp4' });
  const wav = path.join(dir, 'film.wav');
  let alone = Infinity;
  let withPeaks = Infinity;
  let bytes = 0;
  for (let r = 0; r < ROUNDS; r += 1) {
    alone = Math.min(alone, (await timed(() => extractAudio(film.path, wav))).ms);
    await rm(wav, { force: true });
    const both = await timed(async () => {
      await extractAudio(film.path, wav);
      return encodePeaks(await peaksOfWav(wav)).length;
    });
    withPeaks = Math.min(withPeaks, both.ms);
    bytes = both.value;
    await rm(wav, { force: true });
  }
  const hours = `${round(FILM_SECONDS / 3600, 1)}-hour film`;
  figures.push(
    {
      name: `media overview: audio extraction and waveform peaks of a ${hours}, best of ${ROUNDS}`,
      value: Math.round(withPeaks),
      unit: 'ms',
      baseline: 'the extraction alone, same file, same run',
      baselineValue: Math.round(alone),
      ratio: round(withPeaks / alone),
      goal: '≤ 1.2× the extraction',
    },
    {
      name: `media overview: waveform peaks object of a ${hours}`,
      value: round(bytes / 1024 / 1024),
      unit: 'MB',
      baseline: null,
      baselineValue: null,
      ratio: null,
      goal: '≤ 2 MB',
    },
  );
}

async function benchShots(dir: string, figures: Figure[]) {
  const film = await makeShotsVideo(dir, {
    shots: 24,
    secondsEach: 2.5,
    size: '1920x1080',
    fileName: 'cuts.mp4',
  });
  let plain = Infinity;
  let ours = Infinity;
  let found: number[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    const decode = await timed(async () =>
      spawnSync('ffmpeg', [
        '-nostdin',
        '-v',
        'error',
        '-threads',
        '0',
        '-i',
        film.path,
        '-map',
        '0:v:0',
        '-f',
        'null',
        '-',
      ]),
    );
    if (decode.value.status !== 0) throw new Error(`ffmpeg failed: ${decode.value.stderr.toString()}`);
    plain = Math.min(plain, decode.ms);
    const detect = await timed(() => detectShotChanges(film.path));
    ours = Math.min(ours, detect.ms);
    found = detect.value;
  }
  const hit = (cut: number) => found.some((ms) => Math.abs(ms - cut) <= CUT_TOLERANCE_MS);
  const real = (ms: number) => film.cutsMs.some((cut) => Math.abs(ms - cut) <= CUT_TOLERANCE_MS);
  const recall = film.cutsMs.filter(hit).length / film.cutsMs.length;
  const falseShare = found.length ? found.filter((ms) => !real(ms)).length / found.length : 0;
  const what = `${film.cutsMs.length} cuts in a 1080p test film of ${film.durationMs / 1000} s`;
  figures.push(
    {
      name: `media overview: shot changes found, ${what}`,
      value: round(recall * 100, 1),
      unit: '% recall',
      baseline: null,
      baselineValue: null,
      ratio: null,
      goal: '≥ 95 %',
    },
    {
      name: `media overview: false cuts among those found, ${what}`,
      value: round(falseShare * 100, 1),
      unit: '%',
      baseline: null,
      baselineValue: null,
      ratio: null,
      goal: '≤ 5 %',
    },
    {
      name: `media overview: shot-change detection time, ${what}, best of ${ROUNDS}`,
      value: Math.round(ours),
      unit: 'ms',
      baseline: 'a plain decode of the same file',
      baselineValue: Math.round(plain),
      ratio: round(ours / plain),
      goal: '≤ 1.2× the decode',
    },
  );
}

/** BENCH_OVERVIEW picks `peaks` or `shots` alone (default both) */
export async function benchMediaOverview(): Promise<Figure[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-overview-'));
  const figures: Figure[] = [];
  try {
    const only = process.env.BENCH_OVERVIEW;
    if (only !== 'shots') await benchPeaks(dir, figures);
    if (only !== 'peaks') await benchShots(dir, figures);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return figures;
}
