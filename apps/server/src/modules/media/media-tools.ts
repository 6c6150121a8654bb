import { spawn } from 'node:child_process';

/**
 * Running the real `ffprobe` / `ffmpeg` binaries (ffmpeg.ts and audio-chunks.ts use it): each call
 * spawns the binary directly (no shell), keeps only the last ~4 KB of stderr for error messages,
 * and can be aborted (the child is killed) or timed out.
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
export const CHUNK_HEADROOM_BYTES = 1024;

const STDERR_TAIL = 4096;
const MAX_STDOUT = 8 * 1024 * 1024;

export const DEFAULT_TIMEOUT = {
  probe: 60_000,
  extract: 60 * 60_000,
  silence: 20 * 60_000,
  cut: 10 * 60_000,
};

/** Options that make ffmpeg write a canonical 44-byte WAV header (no LIST/INFO encoder tag). */
export const BITEXACT_WAV = ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:a', '+bitexact'];

export interface RunOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  /** keep stdout (small: ffprobe's JSON) and return it */
  collectStdout?: boolean;
  onStdoutLine?: (line: string) => void;
  onStderrLine?: (line: string) => void;
}

export interface RunResult {
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

export const toolName = (cmd: string) => cmd.split(/[\\/]/).pop() ?? cmd;

/** Spawn `cmd args`, resolve with its exit code and output once it has exited. */
export function run(cmd: string, args: string[], o: RunOptions): Promise<RunResult> {
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
export const tail = (stderr: string) =>
  stderr
    .trim()
    .split('\n')
    .slice(-6)
    .join('\n')
    .replace(/(https?:\/\/[^\s?#]+)[?#][^\s:]*/g, '$1?…')
    .slice(-1000);

export function failed(tool: string, r: RunResult): MediaError {
  return new MediaError('failed', `${toolName(tool)} exited with code ${r.code}: ${tail(r.stderr)}`);
}

/**
 * The demuxers of the containers uploads may be (the contract's video and audio extensions; ffmpeg
 * matches "mov" against its "mov,mp4,m4a,3gp,3g2,mj2"). A playlist (hls), a concat list, or any
 * other demuxer that opens further URLs, never runs on an upload: with S3 storage ffmpeg reads
 * an https URL, and a playlist disguised as .mp4 could make it reach any address over https.
 */
export const UPLOAD_DEMUXERS = [
  'mov',
  'matroska',
  'avi',
  'asf',
  'flv',
  'mpegts',
  'ogg',
  'mp3',
  'wav',
  'flac',
  'aac',
  'aiff',
  'au',
] as const;

/** Input options that keep ffmpeg/ffprobe to `formats` and to the one protocol `input` needs. */
export function inputGuard(input: string, formats: readonly string[]): string[] {
  const scheme = /^(https?):\/\//i.exec(input)?.[1]?.toLowerCase();
  const protocols = scheme === 'https' ? 'https,tls,tcp' : scheme === 'http' ? 'http,tcp' : 'file';
  return ['-protocol_whitelist', protocols, '-format_whitelist', formats.join(',')];
}

export const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);
