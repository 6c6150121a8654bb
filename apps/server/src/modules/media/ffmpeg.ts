import { open, stat } from 'node:fs/promises';
import {
  BITEXACT_WAV,
  DEFAULT_TIMEOUT,
  failed,
  inputGuard,
  MediaError,
  run,
  tail,
  toolName,
  UPLOAD_DEMUXERS,
  WAV_BYTES_PER_SECOND,
  type MediaInfo,
  type MediaToolOptions,
} from './media-tools.js';

/**
 * ffprobe and ffmpeg on uploads: probing what a file is, extracting its first audio track as
 * 16 kHz mono PCM WAV. Media is streamed through files or URLs (ffmpeg reads http(s) input such as
 * presigned URLs itself; nothing is buffered here).
 */
export {
  MediaError,
  UPLOAD_DEMUXERS,
  WAV_BYTES_PER_SECOND,
  type Chunk,
  type MediaErrorReason,
  type MediaInfo,
  type MediaToolOptions,
} from './media-tools.js';
export { chunksAtSilences, cutChunk, detectSilences, planChunks, type Silence } from './audio-chunks.js';

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  duration?: string;
  disposition?: { attached_pic?: number; still_image?: number };
}
interface ProbeOutput {
  streams?: ProbeStream[];
  format?: { format_name?: string; duration?: string; size?: string };
}

/** Still-image demuxers (image2, png_pipe, jpeg_pipe, webp_pipe, …) and text-as-video (tty). */
const IMAGE_FORMAT = /^(image2|image2pipe|[a-z0-9]+_pipe|tty)$/;

/** ffprobe's words for "this is not something I can demux" */
const NOT_MEDIA_STDERR =
  /Invalid data found when processing input|moov atom not found|End of file|could not find codec parameters/i;

/** ffmpeg's words when the guard (media-tools inputGuard) stopped a demuxer or a protocol */
const NOT_ALLOWED_STDERR = /not on whitelist/i;

const positive = (s: string | undefined): number | null => {
  if (s === undefined) return null;
  const n = Number(s);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * What ffprobe says about `input` (a path or an http(s) URL). Throws MediaError: 'not-media' for
 * text, subtitles, images and anything ffprobe cannot demux; 'no-audio' for media without an audio
 * stream; 'no-duration'; 'tool-missing'; 'failed'; 'aborted'.
 */
export async function probeMedia(input: string, opts: MediaToolOptions = {}): Promise<MediaInfo> {
  const cmd = opts.ffprobe ?? 'ffprobe';
  const r = await run(
    cmd,
    [
      '-v',
      'error',
      '-hide_banner',
      ...inputGuard(input, UPLOAD_DEMUXERS),
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      input,
    ],
    { signal: opts.signal, timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT.probe, collectStdout: true },
  );
  if (r.code !== 0) {
    if (NOT_MEDIA_STDERR.test(r.stderr) || NOT_ALLOWED_STDERR.test(r.stderr))
      throw new MediaError('not-media', `not a media file: ${tail(r.stderr)}`);
    throw failed(cmd, r);
  }
  let out: ProbeOutput;
  try {
    out = JSON.parse(r.stdout) as ProbeOutput;
  } catch (err) {
    throw new MediaError('failed', `${toolName(cmd)} printed unreadable JSON`, { cause: err });
  }
  const streams = out.streams ?? [];
  const format = out.format;
  const formatName = format?.format_name ?? '';
  if (!format || streams.length === 0) throw new MediaError('not-media', 'no audio or video streams');
  // the guard already keeps other demuxers from running; this says so should it ever be bypassed
  if (!formatName.split(',').some((f) => (UPLOAD_DEMUXERS as readonly string[]).includes(f)))
    throw new MediaError('not-media', `not an accepted container (${formatName || 'unknown format'})`);

  const audio = streams.filter((s) => s.codec_type === 'audio');
  // cover art (attached_pic) and still images are pictures, not a video track
  const video = streams.filter(
    (s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1 && s.disposition?.still_image !== 1,
  );
  const isImage = formatName.split(',').some((f) => IMAGE_FORMAT.test(f));
  if (audio.length === 0 && (isImage || video.length === 0)) {
    throw new MediaError('not-media', `not audio or video (${formatName || 'unknown format'})`);
  }
  if (audio.length === 0) throw new MediaError('no-audio', 'the file has no audio track');

  const durationSec =
    positive(format.duration) ??
    [...audio, ...video].reduce<number | null>((max, s) => {
      const d = positive(s.duration);
      return d !== null && (max === null || d > max) ? d : max;
    }, null);
  if (durationSec === null) throw new MediaError('no-duration', 'the media has no usable duration');

  const size = format.size !== undefined ? Number(format.size) : NaN;
  return {
    durationMs: Math.round(durationSec * 1000),
    formatName,
    hasAudio: true,
    hasVideo: video.length > 0,
    audioCodec: audio[0]?.codec_name ?? null,
    videoCodec: video[0]?.codec_name ?? null,
    sizeBytes: Number.isSafeInteger(size) && size >= 0 ? size : null,
  };
}

// ---------------------------------------------------------------------------------------------
// extraction

/** Where the PCM data of a WAV starts (walks the RIFF chunks of its first 4 KB). */
async function wavDataOffset(path: string): Promise<number> {
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

/** Parse ffmpeg `-progress` lines; `out_time_ms` is microseconds too (a long-standing ffmpeg quirk). */
function progressParser(onProgress: (doneMs: number) => void) {
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
 * onProgress gets the milliseconds of audio written so far.
 */
export async function extractAudio(
  input: string,
  outPath: string,
  opts: MediaToolOptions & { onProgress?: (doneMs: number) => void } = {},
): Promise<{ durationMs: number; bytes: number }> {
  const cmd = opts.ffmpeg ?? 'ffmpeg';
  const args = [
    '-nostdin',
    '-hide_banner',
    '-nostats',
    '-v',
    'error',
    '-y',
    '-threads',
    '0',
    ...inputGuard(input, UPLOAD_DEMUXERS),
    '-i',
    input,
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
  const r = await run(cmd, args, {
    signal: opts.signal,
    timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT.extract,
    onStdoutLine: opts.onProgress ? progressParser(opts.onProgress) : undefined,
  });
  if (r.code !== 0) {
    if (/matches no streams/i.test(r.stderr)) throw new MediaError('no-audio', 'the file has no audio track');
    if (NOT_MEDIA_STDERR.test(r.stderr) || NOT_ALLOWED_STDERR.test(r.stderr))
      throw new MediaError('not-media', `not a media file: ${tail(r.stderr)}`);
    throw failed(cmd, r);
  }
  const { size } = await stat(outPath);
  const dataBytes = Math.max(0, size - (await wavDataOffset(outPath)));
  return { durationMs: Math.round((dataBytes / WAV_BYTES_PER_SECOND) * 1000), bytes: size };
}
