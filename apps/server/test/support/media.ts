import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

/**
 * Real media for tests and benchmarks, made on the spot with `espeak-ng` (speech) and `ffmpeg`
 * (containers, codecs, synthetic video). Nothing is checked in; every helper writes into `dir`.
 */

const execFileP = promisify(execFile);

export type SpeechFormat = 'wav' | 'mp3' | 'mp4' | 'mkv' | 'video-only-mp4';

export interface MadeMedia {
  path: string;
  /** the intended length: the speech plus any padding (the container's own may differ by a frame) */
  durationMs: number;
  bytes: number;
}

async function exec(cmd: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await execFileP(cmd, args, { maxBuffer: 4 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const e = err as Error & { stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')} failed: ${e.stderr?.trim() || e.message}`, { cause: err });
  }
}

const ffmpeg = (args: string[]) => exec('ffmpeg', ['-nostdin', '-hide_banner', '-v', 'error', '-y', ...args]);

/** format duration of a file in ms, by ffprobe */
async function probeDurationMs(path: string): Promise<number> {
  const out = await exec('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration',
    '-of',
    'csv=p=0',
    path,
  ]);
  const sec = Number(out.trim());
  if (!Number.isFinite(sec) || sec <= 0) throw new Error(`no duration for ${path}: ${out}`);
  return Math.round(sec * 1000);
}

const EXT: Record<SpeechFormat, string> = {
  wav: 'wav',
  mp3: 'mp3',
  mp4: 'mp4',
  mkv: 'mkv',
  'video-only-mp4': 'mp4',
};

/** a small dark-blue picture as long as the audio */
const colorVideo = (seconds: string) => ['-f', 'lavfi', '-i', `color=c=0x204060:s=320x180:r=15:d=${seconds}`];
const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'];

/**
 * Speak `text` with espeak-ng (`-v en -s 150`, a few seconds per sentence; espeak pauses between
 * sentences) and write it as `format`: wav (PCM), mp3 (libmp3lame), mp4 (H.264 colour video +
 * AAC, faststart), mkv (H.264 + Opus), or video-only-mp4 (the same picture for as long, no audio).
 * `padSeconds` appends that much silence.
 */
export async function makeSpeechMedia(
  dir: string,
  opts: { text: string; format: SpeechFormat; voice?: string; fileName?: string; padSeconds?: number },
): Promise<MadeMedia> {
  await mkdir(dir, { recursive: true });
  const id = randomUUID().slice(0, 8);
  const path = join(dir, opts.fileName ?? `speech-${id}.${EXT[opts.format]}`);
  const textFile = join(dir, `.speech-${id}.txt`);
  const spoken = join(dir, `.speech-${id}.wav`);
  try {
    // the text from a file, so that text starting with '-' is never read as an option
    await writeFile(textFile, opts.text);
    await exec('espeak-ng', ['-v', opts.voice ?? 'en', '-s', '150', '-w', spoken, '-f', textFile]);
    const pad = Math.max(0, opts.padSeconds ?? 0);
    const durationMs = (await probeDurationMs(spoken)) + Math.round(pad * 1000);
    const total = (durationMs / 1000).toFixed(3);
    const padding = pad > 0 ? ['-af', `apad=pad_dur=${pad}`] : [];

    switch (opts.format) {
      case 'wav':
        await ffmpeg(['-i', spoken, ...padding, '-c:a', 'pcm_s16le', path]);
        break;
      case 'mp3':
        await ffmpeg(['-i', spoken, ...padding, '-c:a', 'libmp3lame', '-b:a', '64k', path]);
        break;
      case 'mp4':
        await ffmpeg([
          ...colorVideo(total),
          '-i',
          spoken,
          '-map',
          '0:v',
          '-map',
          '1:a',
          ...padding,
          ...x264,
          '-c:a',
          'aac',
          '-b:a',
          '64k',
          '-shortest',
          '-movflags',
          '+faststart',
          path,
        ]);
        break;
      case 'mkv':
        await ffmpeg([
          ...colorVideo(total),
          '-i',
          spoken,
          '-map',
          '0:v',
          '-map',
          '1:a',
          ...padding,
          ...x264,
          '-c:a',
          'libopus',
          '-b:a',
          '32k',
          '-shortest',
          path,
        ]);
        break;
      case 'video-only-mp4':
        await ffmpeg([...colorVideo(total), '-an', ...x264, '-movflags', '+faststart', path]);
        break;
    }
    return { path, durationMs, bytes: (await stat(path)).size };
  } finally {
    await rm(textFile, { force: true });
    await rm(spoken, { force: true });
  }
}

/**
 * A video of `seconds` made fast for benchmarks (about 3 s for ten minutes): a tiny testsrc2
 * picture at 5 fps (H.264 ultrafast) with a 440 Hz tone as 44.1 kHz mono AAC, faststart MP4.
 */
export async function makeLongVideo(
  dir: string,
  opts: { seconds: number; fileName?: string },
): Promise<MadeMedia> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, opts.fileName ?? `long-${opts.seconds}s-${randomUUID().slice(0, 8)}.mp4`);
  const d = String(opts.seconds);
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=160x90:r=5:d=${d}`,
    '-f',
    'lavfi',
    '-i',
    `sine=f=440:sample_rate=44100:d=${d}`,
    '-map',
    '0:v',
    '-map',
    '1:a',
    ...x264,
    '-g',
    '50',
    '-c:a',
    'aac',
    '-aac_coder',
    'fast',
    '-ac',
    '1',
    '-b:a',
    '64k',
    '-shortest',
    '-movflags',
    '+faststart',
    path,
  ]);
  return { path, durationMs: Math.round(opts.seconds * 1000), bytes: (await stat(path)).size };
}

/** A text file that only looks like a video by its name (`fake.mp4`). */
export async function makeNonMedia(
  dir: string,
  opts: { fileName?: string } = {},
): Promise<{ path: string; bytes: number }> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, opts.fileName ?? 'fake.mp4');
  await writeFile(path, 'This is not a video.\nJust two lines of plain text with a video name.\n');
  return { path, bytes: (await stat(path)).size };
}

/** A one-frame PNG (a still image: not media for the upload checks). */
export async function makeImage(
  dir: string,
  opts: { fileName?: string } = {},
): Promise<{ path: string; bytes: number }> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, opts.fileName ?? 'image.png');
  await ffmpeg(['-f', 'lavfi', '-i', 'color=c=0x204060:s=64x64', '-frames:v', '1', path]);
  return { path, bytes: (await stat(path)).size };
}

/** ffmpeg's test pictures, each unlike the others (a cut between any two is a real cut) */
const SHOT_SOURCES = [
  'testsrc',
  'smptebars',
  'testsrc2',
  'rgbtestsrc',
  'yuvtestsrc',
  'smptehdbars',
  'pal75bars',
];

/**
 * A silent video of `shots` shots of `secondsEach` each (to the frame), every one a different test
 * picture (H.264 ultrafast): its cuts, which `cutsMs` answers, are where the pictures were joined.
 * `tone`: with a 440 Hz tone as mono AAC as long as the picture (a file a media task executes).
 */
export async function makeShotsVideo(
  dir: string,
  opts: {
    shots: number;
    secondsEach: number;
    size?: string;
    fps?: number;
    fileName?: string;
    tone?: boolean;
  },
): Promise<MadeMedia & { cutsMs: number[] }> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, opts.fileName ?? `shots-${opts.shots}-${randomUUID().slice(0, 8)}.mp4`);
  const size = opts.size ?? '320x180';
  const fps = opts.fps ?? 25;
  // whole frames: a source asked for 2.5 s at 25 fps gives 63, so each is cut to its count
  const frames = Math.max(1, Math.round(opts.secondsEach * fps));
  const inputs = Array.from({ length: opts.shots }, (_, i) => [
    '-f',
    'lavfi',
    '-i',
    `${SHOT_SOURCES[i % SHOT_SOURCES.length]}=s=${size}:r=${fps}:d=${(frames + 1) / fps}`,
  ]).flat();
  const cut = Array.from({ length: opts.shots }, (_, i) => `[${i}:v]trim=end_frame=${frames}[s${i}];`).join(
    '',
  );
  const joined = Array.from({ length: opts.shots }, (_, i) => `[s${i}]`).join('');
  const ms = (frame: number) => Math.round((frame / fps) * 1000);
  const seconds = ms(opts.shots * frames) / 1000;
  const toneIn = opts.tone ? ['-f', 'lavfi', '-i', `sine=f=440:sample_rate=44100:d=${seconds}`] : [];
  const toneOut = opts.tone ? ['-map', `${opts.shots}:a`, '-c:a', 'aac', '-ac', '1', '-b:a', '64k'] : [];
  await ffmpeg([
    ...inputs,
    ...toneIn,
    '-filter_complex',
    `${cut}${joined}concat=n=${opts.shots}:v=1:a=0,format=yuv420p[v]`,
    '-map',
    '[v]',
    ...x264,
    ...toneOut,
    path,
  ]);
  const cutsMs = Array.from({ length: opts.shots - 1 }, (_, i) => ms((i + 1) * frames));
  return { path, durationMs: ms(opts.shots * frames), bytes: (await stat(path)).size, cutsMs };
}
