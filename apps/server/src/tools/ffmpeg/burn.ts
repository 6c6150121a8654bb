import { stat } from 'node:fs/promises';
import { UPLOAD_DEMUXERS } from './args.js';
import { progressParser } from './extract.js';
import {
  DEFAULT_TIMEOUT,
  failed,
  MediaError,
  notMedia,
  run,
  seconds,
  tail,
  type MediaToolOptions,
} from './process.js';

/**
 * Issue 40: a task's lines burned into its picture. ffmpeg's `ass` filter (libass, fonts found by
 * fontconfig) draws an ASS script the product writes from its own layout onto the video scaled to
 * the output size, or onto the audio's waveform for an audio file; H.264/AAC in an MP4 that starts
 * playing before it has downloaded (faststart).
 */

export interface Canvas {
  width: number;
  height: number;
}

/** The name the ASS script has in the run's working directory (no path to escape in the filter). */
export const SCRIPT_NAME = 'lines.ass';

/** audio codecs an MP4 carries as they are (copied: no quality lost, no time spent) */
const MP4_AUDIO = new Set(['aac', 'mp3', 'ac3', 'eac3', 'alac']);
/** the waveform behind an audio file's lines: a calm blue on black */
const WAVE_COLOUR = '0x4f6ea8';
const WAVE_RATE = 25;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The output picture: the source's, scaled down so its shorter side is at most `maxShortSide` (a
 * phone's upright 1080×1920 stays 1080 wide), even sides (H.264's 4:2:0 needs them); an audio file
 * gets a 16:9 picture with that shorter side.
 */
export function outputCanvas(source: { width: number | null; height: number | null }, maxShortSide: number) {
  const { width, height } = source;
  if (!width || !height) return { width: even((maxShortSide * 16) / 9), height: even(maxShortSide) };
  const k = Math.min(1, maxShortSide / Math.min(width, height));
  return { width: even(width * k), height: even(height * k) };
}

/** The filter graph that makes the picture `[v]` with the lines drawn on it. */
export function pictureFilter(canvas: Canvas, hasVideo: boolean): string {
  const size = `${canvas.width}:${canvas.height}`;
  const source = hasVideo
    ? `[0:v:0]scale=${size}:flags=bicubic,setsar=1`
    : `[0:a:0]showwaves=s=${canvas.width}x${canvas.height}:mode=cline:rate=${WAVE_RATE}:colors=${WAVE_COLOUR}`;
  return `${source},format=yuv420p,ass=${SCRIPT_NAME}[v]`;
}

export interface BurnOptions extends MediaToolOptions {
  /** the directory holding SCRIPT_NAME; ffmpeg runs in it */
  dir: string;
  canvas: Canvas;
  hasVideo: boolean;
  /** the source's first audio codec: copied when an MP4 takes it, else encoded as AAC */
  audioCodec: string | null;
  /** x264's preset (speed against size) */
  preset?: string;
  onProgress?: (doneMs: number) => void;
  /** niceness of the encode (see RunOptions.nice) */
  nice?: number;
}

/** The output options of a burn: what the benchmark runs by hand too. */
export function burnOutputOptions(o: Pick<BurnOptions, 'canvas' | 'hasVideo' | 'audioCodec' | 'preset'>) {
  const copy = o.audioCodec !== null && MP4_AUDIO.has(o.audioCodec);
  return [
    '-filter_complex',
    pictureFilter(o.canvas, o.hasVideo),
    '-map',
    '[v]',
    '-map',
    '0:a:0',
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-c:v',
    'libx264',
    '-preset',
    o.preset ?? 'veryfast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    ...(copy ? ['-c:a', 'copy'] : ['-c:a', 'aac', '-b:a', '192k']),
    '-max_muxing_queue_size',
    '4096',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
  ];
}

/** Renders `input` with the script's lines into an MP4 at `outPath`; answers its size in bytes. */
export async function burnSubtitles(input: string, outPath: string, o: BurnOptions): Promise<number> {
  const cmd = o.ffmpeg ?? 'ffmpeg';
  const r = await run(
    cmd,
    'ffmpeg',
    {
      input,
      formats: UPLOAD_DEMUXERS,
      inputOptions: ['-y'],
      outputOptions: [...burnOutputOptions(o), '-progress', 'pipe:1', outPath],
    },
    {
      signal: o.signal,
      timeoutMs: o.timeoutMs ?? DEFAULT_TIMEOUT.burn,
      cwd: o.dir,
      ...(o.nice ? { nice: o.nice } : {}),
      onStdoutLine: o.onProgress ? progressParser(o.onProgress) : undefined,
    },
  );
  if (r.code !== 0) {
    if (notMedia(r.stderr)) throw new MediaError('not-media', `not a media file: ${tail(r.stderr)}`);
    throw failed(cmd, r);
  }
  return (await stat(outPath)).size;
}

/**
 * One JPEG frame at `atMs` with the script drawn on it, for the style's preview. ffmpeg seeks
 * the input, so the frame is at 0 s for the filter: the script's line must be timed from 0. An
 * audio file's waveform is drawn over the second after `atMs` and the last frame kept.
 */
export async function grabFrame(
  input: string,
  outPath: string,
  o: MediaToolOptions & { dir: string; canvas: Canvas; hasVideo: boolean; atMs: number },
): Promise<void> {
  const cmd = o.ffmpeg ?? 'ffmpeg';
  const r = await run(
    cmd,
    'ffmpeg',
    {
      input,
      formats: UPLOAD_DEMUXERS,
      inputOptions: ['-y', '-ss', seconds(o.atMs), ...(o.hasVideo ? [] : ['-t', '1'])],
      outputOptions: [
        '-filter_complex',
        pictureFilter(o.canvas, o.hasVideo),
        '-map',
        '[v]',
        ...(o.hasVideo ? ['-frames:v', '1'] : ['-update', '1']),
        '-c:v',
        'mjpeg',
        '-q:v',
        '4',
        '-f',
        'image2',
        outPath,
      ],
    },
    { signal: o.signal, timeoutMs: o.timeoutMs ?? DEFAULT_TIMEOUT.frame, cwd: o.dir },
  );
  if (r.code !== 0) {
    if (notMedia(r.stderr)) throw new MediaError('not-media', `not a media file: ${tail(r.stderr)}`);
    throw failed(cmd, r);
  }
  // a seek past the last frame writes nothing and still exits 0
  const written = await stat(outPath).catch(() => null);
  if (!written?.size) throw new MediaError('failed', `no frame at ${seconds(o.atMs)} s`);
}
