import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { endianness } from 'node:os';
import { PEAKS_BINS_PER_SECOND, type Peaks } from '@subtrans/contract';
import { wavDataOffset } from './extract.js';
import { MediaError } from './process.js';

/** the WAV extractAudio writes: 16 kHz, mono, 16-bit */
const SAMPLE_RATE = 16_000;
/** a typed view reads the WAV's little-endian samples as they are only on a little-endian machine */
const NATIVE_LE = endianness() === 'LE';

/**
 * Issue 38: the waveform of a WAV extractAudio wrote, as min/max bins (PEAKS_BINS_PER_SECOND a
 * second), read once in a stream: the extraction the transcription needs anyway gives the
 * timeline its waveform for the price of reading the file again (no second decode).
 */
export async function peaksOfWav(
  path: string,
  opts: {
    signal?: AbortSignal;
    binsPerSecond?: number;
    /** bytes a read (tests: odd sizes) */ readBytes?: number;
  } = {},
): Promise<Peaks> {
  const samplesPerBin = Math.round(SAMPLE_RATE / (opts.binsPerSecond ?? PEAKS_BINS_PER_SECOND));
  const offset = await wavDataOffset(path);
  const samples = Math.floor(Math.max(0, (await stat(path)).size - offset) / 2);
  const data = new Int8Array(Math.ceil(samples / samplesPerBin) * 2);
  if (samples === 0) return { sampleRate: SAMPLE_RATE, samplesPerBin, data };
  let bin = 0;
  let inBin = 0;
  let min = 0;
  let max = 0;
  /** a sample's first byte, when a read ended between its two */
  let carry: number | null = null;
  const take = (v: number) => {
    if (inBin === 0 || v < min) min = v;
    if (inBin === 0 || v > max) max = v;
    inBin += 1;
    if (inBin === samplesPerBin) {
      // 16-bit to 8-bit by the high byte: -32768…32767 → -128…127, silence stays 0
      data[bin * 2] = min >> 8;
      data[bin * 2 + 1] = max >> 8;
      bin += 1;
      inBin = 0;
    }
  };
  const stream = createReadStream(path, {
    start: offset,
    end: offset + samples * 2 - 1,
    signal: opts.signal,
    highWaterMark: opts.readBytes ?? 256 * 1024,
  });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let at = 0;
      if (carry !== null && chunk.length > 0) {
        take((((chunk[0]! << 8) | carry) << 16) >> 16);
        carry = null;
        at = 1;
      }
      const whole = Math.floor((chunk.length - at) / 2);
      const start = chunk.byteOffset + at;
      // a typed view where the bytes are aligned (they are, but for the carry); else read by pairs
      const view = NATIVE_LE && start % 2 === 0 ? new Int16Array(chunk.buffer, start, whole) : null;
      for (let i = 0; i < whole; i += 1) take(view ? view[i]! : chunk.readInt16LE(at + i * 2));
      if ((chunk.length - at) % 2 === 1) carry = chunk[chunk.length - 1]!;
    }
  } catch (err) {
    if (opts.signal?.aborted) throw new MediaError('aborted', 'the waveform was stopped', { cause: err });
    throw err;
  }
  if (inBin > 0) {
    data[bin * 2] = min >> 8;
    data[bin * 2 + 1] = max >> 8;
  }
  return { sampleRate: SAMPLE_RATE, samplesPerBin, data };
}
