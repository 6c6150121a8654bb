import { open, stat } from 'node:fs/promises';
import { BITEXACT_WAV, UPLOAD_DEMUXERS } from './args.js';
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
 * The first audio track of an upload as 16 kHz mono PCM WAV, streamed from a file or a URL
 * (ffmpeg reads http(s) input such as presigned URLs itself; nothing is buffered here).
 */

/** 16 kHz × 1 channel × 2 bytes */
export const WAV_BYTES_PER_SECOND = 32_000;

/** Where the PCM data of a WAV starts (walks the RIFF chunks of its first 4 KB). */
export async function wavDataOffset(path: string): Promise<number> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    if (bytesRead < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
      throw new MediaError('failed', `${path} is not a WAV file`);
    }
    let at = 12;
    while (at + 8 <= bytesRead) {
      const id = buf.toString('ascii', at, at + 4);
      if (id === 'data') return at + 8;
      at += 8 + buf.readUInt32LE(at + 4) + (buf.readUInt32LE(at + 4) % 2);
    }
    throw new MediaError('failed', `${path} has no data chunk in its header`);
  } finally {
    await fh.close();
  }
}

/**
 * A reader of ffmpeg's `-progress` lines that tells onProgress the ms of output written, each time
 * it grows; `out_time_ms` is microseconds too (a long-standing ffmpeg quirk).
 */
export function progressParser(onProgress: (doneMs: number) => void) {
  let sawUs = false;
  let last = -1;
  return (line: string) => {
    const m = /^out_time_(us|ms)=(\d+)$/.exec(line.trim());
    if (!m) return;
    if (m[1] === 'us') sawUs = true;
    else if (sawUs) return;
    const ms = Math.floor(Number(m[2]) / 1000);
    if (Number.isFinite(ms) && ms > last) {
      last = ms;
      onProgress(ms);
    }
  };
}

/**
 * Write the first audio track of `input` as a 16 kHz mono s16le WAV (44-byte header) at `outPath`.
 * onProgress gets the milliseconds of audio written so far. With `range` only that stretch is
 * written (issue 34: a part transcribes only the minutes paid for): ffmpeg seeks the input to its
 * start (decoding from the nearest keyframe, exact for audio) and stops at its end.
 */
export async function extractAudio(
  input: string,
  outPath: string,
  opts: MediaToolOptions & {
    onProgress?: (doneMs: number) => void;
    range?: { startMs: number; endMs: number | null };
  } = {},
): Promise<{ durationMs: number; bytes: number }> {
  const cmd = opts.ffmpeg ?? 'ffmpeg';
  const range = opts.range;
  const seek = range && range.startMs > 0 ? ['-ss', seconds(range.startMs)] : [];
  const stop = range && range.endMs !== null ? ['-t', seconds(range.endMs - range.startMs)] : [];
  if (range && range.endMs !== null && !(range.endMs > range.startMs))
    throw new RangeError(`empty stretch ${range.startMs}–${range.endMs} ms`);
  const outputOptions = [
    ...stop,
    '-vn',
    '-sn',
    '-dn',
    '-map',
    '0:a:0',
    '-ac',
    '1',
    '-ar',
    '16000',
    '-c:a',
    'pcm_s16le',
    ...BITEXACT_WAV,
    '-f',
    'wav',
    '-progress',
    'pipe:1',
    outPath,
  ];
  const inputOptions = ['-y', '-threads', '0', ...seek];
  const args = { input, formats: UPLOAD_DEMUXERS, inputOptions, outputOptions };
  const r = await run(cmd, 'ffmpeg', args, {
    signal: opts.signal,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT.extract,
    onStdoutLine: opts.onProgress ? progressParser(opts.onProgress) : undefined,
  });
  if (r.code !== 0) {
    if (/matches no streams/i.test(r.stderr)) throw new MediaError('no-audio', 'the file has no audio track');
    if (notMedia(r.stderr)) throw new MediaError('not-media', `not a media file: ${tail(r.stderr)}`);
    throw failed(cmd, r);
  }
  const { size } = await stat(outPath);
  const dataBytes = Math.max(0, size - (await wavDataOffset(outPath)));
  return { durationMs: Math.round((dataBytes / WAV_BYTES_PER_SECOND) * 1000), bytes: size };
}
