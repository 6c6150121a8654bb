import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A frame of `file` at `atMs` as 8-bit gray pixels, `width`×`height` (for comparing pictures). */
export async function grayFrame(file: string, atMs: number, width = 160, height = 90): Promise<Buffer> {
  const { stdout } = await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-ss',
      (atMs / 1000).toFixed(3),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      `scale=${width}:${height}`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      '-',
    ],
    { encoding: 'buffer', maxBuffer: 16 * 1024 * 1024 },
  );
  return stdout;
}

/**
 * The share (0–1) of pixels that differ by more than `threshold` gray levels between two frames, in
 * rows `rows` (fractions of the height, 0 at the top): compression noise stays under it, drawn text
 * and boxes do not.
 */
export function changedShare(
  a: Buffer,
  b: Buffer,
  width: number,
  rows: [number, number] = [0, 1],
  threshold = 32,
) {
  const height = a.length / width;
  const from = Math.floor(rows[0] * height) * width;
  const to = Math.ceil(rows[1] * height) * width;
  let changed = 0;
  for (let i = from; i < to; i += 1) if (Math.abs(a[i]! - b[i]!) > threshold) changed += 1;
  return changed / Math.max(1, to - from);
}

/** ffprobe's streams of `file`: codec, size and the container's duration (ms). */
export async function probeOutput(file: string) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_streams',
    '-show_format',
    file,
  ]);
  const out = JSON.parse(stdout) as {
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
    format: { format_name: string; duration: string };
  };
  const video = out.streams.find((s) => s.codec_type === 'video');
  const audio = out.streams.find((s) => s.codec_type === 'audio');
  return {
    format: out.format.format_name,
    durationMs: Math.round(Number(out.format.duration) * 1000),
    video: video ? { codec: video.codec_name, width: video.width!, height: video.height! } : null,
    audio: audio ? { codec: audio.codec_name } : null,
  };
}
