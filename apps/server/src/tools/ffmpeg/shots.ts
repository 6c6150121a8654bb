import { UPLOAD_DEMUXERS } from './args.js';
import { progressParser } from './extract.js';
import {
  DEFAULT_TIMEOUT,
  failed,
  MediaError,
  notMedia,
  run,
  tail,
  type MediaToolOptions,
} from './process.js';

/**
 * Issue 38: a video's shot changes (the cuts a subtitle should not cross), as Subtitle Edit keeps
 * them: a list of times. ffmpeg's scdet scores each frame's difference from the one before
 * (0–100) and reports the frames above its threshold; only every fourth line is scored, which
 * keeps the cuts (a cut changes the whole picture) and costs less than scoring full frames.
 */

/** scdet's default: a cut between two different pictures scores 25–40, motion within a shot < 5 */
export const SHOT_THRESHOLD = 10;
/**
 * Every fourth line of the frame (`field` twice: the frame's own memory with a wider stride, no
 * copy). On a 1080p film on 2 cores detection took 1.14-1.19x a plain decode this way (every
 * eighth line: no faster beyond the noise), against 1.26-1.28x scaled to 160 px wide first (the
 * scaling cost more than scoring the full frame, 1.21x); every cut was found each way (npm run
 * bench, overview).
 */
const SCORED_LINES = 'field=top,field=top';

/** The time (ms) of one line of scdet's log, or null when the line is not one. */
export function shotChangeOf(line: string): number | null {
  const m = /lavfi\.scd\.score:\s*([\d.]+),\s*lavfi\.scd\.time:\s*([\d.]+(?:e[-+]?\d+)?)/.exec(line);
  if (!m) return null;
  const ms = Math.round(Number(m[2]) * 1000);
  return Number.isFinite(ms) && ms > 0 ? ms : null;
}

/**
 * The shot changes of `input`'s first video track, in order (ms); none for a file without video.
 * onProgress gets the ms of video scored so far, growing: at each cut, and from `-progress`
 * between them (a film's shots can be minutes long).
 */
export async function detectShotChanges(
  input: string,
  opts: MediaToolOptions & { threshold?: number; onProgress?: (doneMs: number) => void } = {},
): Promise<number[]> {
  const cmd = opts.ffmpeg ?? 'ffmpeg';
  const times: number[] = [];
  const threshold = opts.threshold ?? SHOT_THRESHOLD;
  // the cuts (stderr) and -progress (stdout) arrive in no common order: only a later time is told
  let told = 0;
  const tell = (ms: number) => {
    if (ms <= told) return;
    told = ms;
    opts.onProgress?.(ms);
  };
  const r = await run(
    cmd,
    'ffmpeg',
    {
      input,
      formats: UPLOAD_DEMUXERS,
      log: 'info',
      inputOptions: ['-threads', '0'],
      outputOptions: [
        '-map',
        '0:v:0',
        '-an',
        '-sn',
        '-dn',
        '-vf',
        `${SCORED_LINES},scdet=threshold=${threshold}`,
        '-f',
        'null',
        '-progress',
        'pipe:1',
        '-',
      ],
    },
    {
      signal: opts.signal,
      timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT.extract,
      onStdoutLine: opts.onProgress ? progressParser(tell) : undefined,
      onStderrLine: (line) => {
        const ms = shotChangeOf(line);
        if (ms === null) return;
        if (ms > (times.at(-1) ?? 0)) times.push(ms);
        tell(ms);
      },
    },
  );
  if (r.code !== 0) {
    if (/matches no streams/i.test(r.stderr)) return [];
    if (notMedia(r.stderr)) throw new MediaError('not-media', `not a media file: ${tail(r.stderr)}`);
    throw failed(cmd, r);
  }
  return times;
}
