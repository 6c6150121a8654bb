import { stat } from 'node:fs/promises';
import { BITEXACT_WAV } from './args.js';
import { WAV_BYTES_PER_SECOND } from './extract.js';
import { DEFAULT_TIMEOUT, failed, run, seconds, type MediaToolOptions } from './process.js';

/** Cutting extracted audio into pieces a speech engine takes: at silences, tiling the whole. */

export interface Chunk {
  startMs: number;
  endMs: number;
}

export interface Silence {
  startMs: number;
  endMs: number;
}

/** room kept below maxBytes for the chunk's header and any multipart overhead */
const CHUNK_HEADROOM_BYTES = 1024;

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
    'ffmpeg',
    {
      input: wavPath,
      formats: ['wav'],
      log: 'info',
      outputOptions: ['-af', 'silencedetect=noise=-35dB:d=0.3', '-f', 'null', '-'],
    },
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
    'ffmpeg',
    {
      input: wavPath,
      formats: ['wav'],
      inputOptions: ['-y', '-f', 'wav', '-max_size', '1024'],
      outputOptions: [
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
    },
    { signal: opts.signal, timeoutMs: opts.timeoutMs ?? DEFAULT_TIMEOUT.cut },
  );
  if (r.code !== 0) throw failed(cmd, r);
}
