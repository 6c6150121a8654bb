import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { toolArgs, type Tool, type ToolArgs } from './args.js';

/**
 * Running the real `ffprobe` / `ffmpeg` binaries: each call spawns the binary directly (no shell)
 * with the argv of toolArgs, keeps only the last ~4 KB of stderr for error messages, and can be
 * aborted (the child is killed) or timed out.
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

export interface MediaToolOptions {
  /** command (or path) of ffmpeg; default 'ffmpeg' */
  ffmpeg?: string;
  /** command (or path) of ffprobe; default 'ffprobe' */
  ffprobe?: string;
  signal?: AbortSignal;
  /** kill the child and fail after this long (each call has a generous default) */
  timeoutMs?: number;
}

const STDERR_TAIL = 4096;
const MAX_STDOUT = 8 * 1024 * 1024;

export const DEFAULT_TIMEOUT = {
  probe: 60_000,
  extract: 60 * 60_000,
  silence: 20 * 60_000,
  cut: 10 * 60_000,
  /** a film's encode with its lines burned in */
  burn: 6 * 3600_000,
  frame: 30_000,
};

export interface RunOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  /** keep stdout (small: ffprobe's JSON) and return it */
  collectStdout?: boolean;
  onStdoutLine?: (line: string) => void;
  onStderrLine?: (line: string) => void;
  /** the child's working directory (files a filter reads are named relative to it) */
  cwd?: string;
  /**
   * the child's niceness (0–19): long encodes run below the server's own work, so HTTP stays
   * quick while they take the cores the server leaves idle
   */
  nice?: number;
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

/**
 * Spawn `cmd` (the command of `tool`) with the argv toolArgs builds from `args`; resolve with its
 * exit code and output once it has exited.
 */
export function run(cmd: string, tool: Tool, args: ToolArgs, o: RunOptions): Promise<RunResult> {
  const name = toolName(cmd);
  const argv = toolArgs(tool, args);
  return new Promise<RunResult>((resolve, reject) => {
    if (o.signal?.aborted) {
      reject(abortError(o.signal, name));
      return;
    }
    const child = spawn(cmd, argv, {
      stdio: ['ignore', 'pipe', 'pipe'],
      windowsHide: true,
      ...(o.cwd ? { cwd: o.cwd } : {}),
    });
    if (o.nice && child.pid !== undefined) {
      try {
        setPriority(child.pid, o.nice);
      } catch {
        // not allowed here (some containers): the encode runs at the server's priority
      }
    }
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

/** ffprobe's words for "this is not something I can demux" */
const NOT_MEDIA_STDERR =
  /Invalid data found when processing input|moov atom not found|End of file|could not find codec parameters/i;
/** ffmpeg's words when the guard (see args.ts) stopped a demuxer or a protocol */
const NOT_ALLOWED_STDERR = /not on whitelist/i;

/** Whether a failed run's stderr says the input is not media we accept. */
export const notMedia = (stderr: string) => NOT_MEDIA_STDERR.test(stderr) || NOT_ALLOWED_STDERR.test(stderr);

/** an ffmpeg time argument: seconds with milliseconds */
export const seconds = (ms: number) => (Math.max(0, ms) / 1000).toFixed(3);
