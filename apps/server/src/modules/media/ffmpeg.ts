import { spawn } from 'node:child_process';
import { open, stat } from 'node:fs/promises';

/**
 * Thin wrappers over the real `ffprobe` / `ffmpeg` binaries: probing an upload, extracting its
 * first audio track as 16 kHz mono PCM WAV, planning chunks at silences, and cutting them.
 *
 * Every call spawns the binary directly (no shell), streams media through files or URLs (ffmpeg
 * reads http(s) input such as presigned URLs itself; nothing is buffered here), keeps only the
 * last ~4 KB of stderr for error messages, and can be aborted (the child is killed) or timed out.
 */

export type MediaErrorReason =
  'not-media' | 'no-audio' | 'no-duration' | 'tool-missing' | 'failed' | 'aborted';

export class MediaError extends Error {
  constructor(
    readonly reason: MediaErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    // AbortError-like when aborted, so `err.name === 'AbortError'` checks keep working
    this.name = reason === 'aborted' ? 'AbortError' : 'MediaError';
  }
}

export interface MediaInfo {
  durationMs: number;
  formatName: string;
  hasAudio: boolean;
  hasVideo: boolean;
  audioCodec: string | null;
  videoCodec: string | null;
  sizeBytes: number | null;
}

export interface MediaToolOptions {
  /** command (or path) of ffmpeg; default 'ffmpeg' */
  ffmpeg?: string;
  /** command (or path) of ffprobe; default 'ffprobe' */
  ffprobe?: string;
  signal?: AbortSignal;
  /** kill the child and fail after this long (each call has a generous default) */
  timeoutMs?: number;
}

export interface Chunk {
  startMs: number;
  endMs: number;
}

/** 16 kHz × 1 channel × 2 bytes */
export const WAV_BYTES_PER_SECOND = 32_000;
/** room kept below maxBytes for the chunk's header and any multipart overhead */
const CHUNK_HEADROOM_BYTES = 1024;

const STDERR_TAIL = 4096;
const MAX_STDOUT = 8 * 1024 * 1024;

const DEFAULT_TIMEOUT = {
  probe: 60_000,
  extract: 60 * 60_000,
  silence: 20 * 60_000,
  cut: 10 * 60_000,
};

/** Options that make ffmpeg write a canonical 44-byte WAV header (no LIST/INFO encoder tag). */
const BITEXACT_WAV = ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact'];

interface RunOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  /** keep stdout (small: ffprobe's JSON) and return it */
  collectStdout?: boolean;
  onStdoutLine?: (line: string) => void;
  onStderrLine?: (line: string) => void;
}

interface RunResult {
  code: number | null;
  stdout: string;
  /** the last ~4 KB of stderr */
  stderr: string;
}

function lineSplitter(onLine: (line: string) => void) {
  let rest = '';
  return {
    push(text: string) {
      rest += text;
      const parts = rest.split(/\r\n|\n|\r/);
      rest = parts.pop() ?? '';
      for (const p of parts) onLine(p);
      // a pathological line without newline must not grow forever
      if (rest.length > 64 * 1024) rest = rest.slice(-STDERR_TAIL);
    },
    end() {
      if (rest) onLine(rest);
      rest = '';
    },
  };
}

function abortError(signal: AbortSignal, tool: string) {
  return new MediaError('aborted', `${tool} was aborted`, { cause: signal.reason });
}

const toolName = (cmd: string) => cmd.split(/[\\/]/).pop() ?? cmd;

/** Spawn `cmd args`, resolve with its exit code and output once it has exited. */
function run(cmd: string, args: string[], o: RunOptions): Promise<RunResult> {
  const name = toolName(cmd);
  return new Promise<RunResult>((resolve, reject) => {
    if (o.signal?.aborted) {
      reject(abortError(o.signal, name));
      return;
    }
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    let stdout = '';
    let stderr = '';
    let failure: MediaError | null = null;
    let settled = false;

    const finish = (err: MediaError | null, code: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve({ code, stdout, stderr });
    };
    /** remember why, kill, and settle when the child has actually gone (so its files are closed) */
    const kill = (err: MediaError) => {
      if (failure || settled) return;
      failure = err;
      child.kill('SIGKILL');
      // should 'close' never come (stdio held open by a grandchild), do not hang
      setTimeout(() => finish(err, null), 2000).unref();
    };
    const onAbort = () => kill(abortError(o.signal!, name));
    o.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(
      () => kill(new MediaError('failed', `${name} timed out after ${o.timeoutMs} ms`)),
      Math.min(o.timeoutMs, 2 ** 31 - 1),
    );
    timer.unref();

    const outLines = o.onStdoutLine ? lineSplitter(o.onStdoutLine) : null;
    const errLines = o.onStderrLine ? lineSplitter(o.onStderrLine) : null;
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      if (o.collectStdout) {
        stdout += text;
        if (stdout.length > MAX_STDOUT) kill(new MediaError('failed', `${name} wrote too much output`));
      }
      outLines?.push(text);
    });
    child.stderr.on('data', (text: string) => {
      stderr += text;
      if (stderr.length > 2 * STDERR_TAIL) stderr = stderr.slice(-STDERR_TAIL);
      errLines?.push(text);
    });

    child.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'EACCES') {
        finish(
          new MediaError('tool-missing', `${cmd} is not installed or not executable (${err.code})`),
          null,
        );
      } else {
        finish(failure ?? new MediaError('failed', `${name} failed: ${err.message}`, { cause: err }), null);
      }
    });
    child.on('close', (code) => {
      outLines?.end();
      errLines?.end();
      if (stderr.length > STDERR_TAIL) stderr = stderr.slice(-STDERR_TAIL);
      finish(failure, code);
    });
  });
}

/**
 * The end of stderr for an error message, with the query of any URL (a presigned URL's signature)
 * left out: these messages reach logs and task records.
 */
const tail = (stderr: string) =>
  stderr
    .trim()
    .split('\n')
    .slice(-6)
    .join('\n')
    .replace(/(https?:\/\/[^\s?#]+)[?#][^\s:]*/g, '$1?…')
    .slice(-1000);

function failed(tool: string, r: RunResult): MediaError {
  return new MediaError('failed', `${toolName(tool)} exited with code ${r.code}: ${tail(r.stderr)}`);
}

const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);

// ---------------------------------------------------------------------------------------------
// probe

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
    ['-v', 'error', '-hide_banner', '-print_format', 'json', '-show_format', '-show_streams', input],
    { signal: opts.signal, timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT.probe, collectStdout: true },
  );
  if (r.code !== 0) {
    if (NOT_MEDIA_STDERR.test(r.stderr))
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
    if (NOT_MEDIA_STDERR.test(r.stderr))
      throw new MediaError('not-media', `not a media file: ${tail(r.stderr)}`);
    throw failed(cmd, r);
  }
  const { size } = await stat(outPath);
  const dataBytes = Math.max(0, size - (await wavDataOffset(outPath)));
  return { durationMs: Math.round((dataBytes / WAV_BYTES_PER_SECOND) * 1000), bytes: size };
}

// ---------------------------------------------------------------------------------------------
// chunking

export interface Silence {
  startMs: number;
  endMs: number;
}

/** Silences of a WAV as ffmpeg's silencedetect (-35 dB, ≥ 0.3 s) finds them, in order. */
export async function detectSilences(
  wavPath: string,
  opts: MediaToolOptions & { durationMs: number },
): Promise<Silence[]> {
  const cmd = opts.ffmpeg ?? 'ffmpeg';
  const silences: Silence[] = [];
  /** where the silence being reported began (set from the stderr callback) */
  const pending: { startMs: number | null } = { startMs: null };
  const r = await run(
    cmd,
    [
      '-nostdin',
      '-hide_banner',
      '-nostats',
      '-v',
      'info',
      '-i',
      wavPath,
      '-af',
      'silencedetect=noise=-35dB:d=0.3',
      '-f',
      'null',
      '-',
    ],
    {
      signal: opts.signal,
      timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT.silence,
      onStderrLine: (line) => {
        for (const m of line.matchAll(/silence_(start|end): (-?[\d.]+(?:e[-+]?\d+)?)/g)) {
          const ms = Math.max(0, Number(m[2]) * 1000);
          if (!Number.isFinite(ms)) continue;
          if (m[1] === 'start') pending.startMs = ms;
          else if (pending.startMs !== null) {
            silences.push({ startMs: pending.startMs, endMs: ms });
            pending.startMs = null;
          }
        }
      },
    },
  );
  if (r.code !== 0) throw failed(cmd, r);
  // a silence running into the end of the file
  if (pending.startMs !== null && pending.startMs < opts.durationMs) {
    silences.push({ startMs: pending.startMs, endMs: opts.durationMs });
  }
  return silences.sort((a, b) => a.startMs - b.startMs);
}

/**
 * Pure part of planChunks: cut [0, durationMs] into consecutive pieces of at most maxMs, each cut in
 * the middle of the last silence reaching into (start + maxMs/2, start + maxMs] (clamped to that
 * window, so it stays inside the silence), or hard at start + maxMs when there is none.
 */
export function chunksAtSilences(durationMs: number, maxMs: number, silences: Silence[]): Chunk[] {
  if (!(maxMs >= 1)) throw new RangeError('maximum chunk length must be at least 1 ms');
  const chunks: Chunk[] = [];
  let pos = 0;
  while (durationMs - pos > maxMs) {
    const limit = pos + maxMs;
    const half = pos + maxMs / 2;
    let cut: number | null = null;
    for (const s of silences) {
      if (s.startMs >= limit || s.endMs <= half) continue;
      const lo = Math.ceil(Math.max(s.startMs, half));
      const hi = Math.floor(Math.min(s.endMs, limit));
      if (lo > hi) continue;
      const at = Math.min(hi, Math.max(lo, Math.round((s.startMs + s.endMs) / 2)));
      if (at > pos && (cut === null || at > cut)) cut = at;
    }
    const end = cut ?? limit;
    chunks.push({ startMs: pos, endMs: end });
    pos = end;
  }
  chunks.push({ startMs: pos, endMs: durationMs });
  return chunks;
}

/**
 * Plan chunks of a 16 kHz mono s16le WAV (from extractAudio) so that each cut WAV stays within
 * maxBytes: one chunk when the whole file fits, else cuts at silences (see chunksAtSilences).
 */
export async function planChunks(
  wavPath: string,
  opts: MediaToolOptions & { durationMs: number; maxBytes: number },
): Promise<Chunk[]> {
  const durationMs = Math.max(0, Math.round(opts.durationMs));
  const { size } = await stat(wavPath);
  if (size <= opts.maxBytes) return [{ startMs: 0, endMs: durationMs }];
  const maxSeconds = Math.floor((opts.maxBytes - CHUNK_HEADROOM_BYTES) / WAV_BYTES_PER_SECOND);
  if (maxSeconds < 1) {
    throw new RangeError(`maxBytes ${opts.maxBytes} is too small for a chunk of one second`);
  }
  const maxMs = maxSeconds * 1000;
  if (durationMs <= maxMs) return [{ startMs: 0, endMs: durationMs }];
  const silences = await detectSilences(wavPath, { ...opts, durationMs });
  return chunksAtSilences(durationMs, maxMs, silences);
}

/**
 * Copy [startMs, endMs) of a WAV into a WAV of its own. Small demuxer packets (1024 bytes = 32 ms at
 * 16 kHz mono) keep the cut close; consecutive cuts tile the source exactly (no gap, no overlap).
 */
export async function cutChunk(
  wavPath: string,
  startMs: number,
  endMs: number,
  outPath: string,
  opts: MediaToolOptions = {},
): Promise<void> {
  if (!(endMs > startMs)) throw new RangeError(`empty chunk ${startMs}–${endMs} ms`);
  const cmd = opts.ffmpeg ?? 'ffmpeg';
  const r = await run(
    cmd,
    [
      '-nostdin',
      '-hide_banner',
      '-nostats',
      '-v',
      'error',
      '-y',
      '-f',
      'wav',
      '-max_size',
      '1024',
      '-i',
      wavPath,
      '-ss',
      seconds(startMs),
      '-to',
      seconds(endMs),
      '-map',
      '0:a:0',
      '-c',
      'copy',
      ...BITEXACT_WAV,
      '-f',
      'wav',
      outPath,
    ],
    { signal: opts.signal, timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT.cut },
  );
  if (r.code !== 0) throw failed(cmd, r);
}
