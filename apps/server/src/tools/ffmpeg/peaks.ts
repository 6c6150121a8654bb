import { open, stat } from 'node:fs/promises';
import { endianness } from 'node:os';
import { PEAKS_BINS_PER_SECOND, type Peaks } from '@subtrans/contract';
import { wavDataOffset } from './extract.js';
import { MediaError } from './process.js';

/** the WAV extractAudio writes: 16 kHz, mono, 16-bit */
const SAMPLE_RATE = 16_000;
/** a typed view reads the WAV's little-endian samples as they are only on a little-endian machine */
const NATIVE_LE = endianness() === 'LE';

/** The first `count` little-endian samples of `buf` (its own memory, from byte 0). */
function samplesOf(buf: Buffer, count: number): Int16Array {
  if (NATIVE_LE) return new Int16Array(buf.buffer, buf.byteOffset, count);
  const out = new Int16Array(count);
  for (let i = 0; i < count; i += 1) out[i] = buf.readInt16LE(i * 2);
  return out;
}

/**
 * Issue 38: the waveform of a WAV extractAudio wrote, as min/max bins (PEAKS_BINS_PER_SECOND a
 * second), read once: the extraction the transcription needs anyway gives the timeline its
 * waveform for the price of reading the file again (no second decode).
 */
export async function peaksOfWav(
  path: string,
  opts: {
    signal?: AbortSignal;
    /** bytes a read (tests: odd sizes) */
    readBytes?: number;
  } = {},
): Promise<Peaks> {
  const samplesPerBin = SAMPLE_RATE / PEAKS_BINS_PER_SECOND;
  const offset = await wavDataOffset(path);
  const samples = Math.floor(Math.max(0, (await stat(path)).size - offset) / 2);
  const data = new Int8Array(Math.ceil(samples / samplesPerBin) * 2);
  if (samples === 0) return { sampleRate: SAMPLE_RATE, samplesPerBin, data };
  let bin = 0;
  let inBin = 0;
  let min = 0;
  let max = 0;
  // one loop per bin over a typed array (a call per sample made the peaks cost a third of the
  // 2-hour film's extraction; npm run bench, overview)
  const take = (read: Int16Array) => {
    let i = 0;
    while (i < read.length) {
      const end = Math.min(read.length, i + samplesPerBin - inBin);
      let lo = inBin === 0 ? 32_767 : min;
      let hi = inBin === 0 ? -32_768 : max;
      inBin += end - i;
      for (; i < end; i += 1) {
        const v = read[i]!;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
      min = lo;
      max = hi;
      if (inBin === samplesPerBin) {
        // 16-bit to 8-bit by the high byte: -32768…32767 → -128…127, silence stays 0
        data[bin * 2] = min >> 8;
        data[bin * 2 + 1] = max >> 8;
        bin += 1;
        inBin = 0;
      }
    }
  };
  // reads into one buffer, used again: a stream's fresh buffer per read cost more than the bins
  const fh = await open(path, 'r');
  try {
    // Buffer.alloc takes memory of its own (no pool): the samples start aligned at byte 0
    const buf = Buffer.alloc(Math.max(2, opts.readBytes ?? 1024 * 1024));
    let pos = offset;
    const last = offset + samples * 2;
    /** bytes kept from the last read: a sample's first byte, when a read ended between its two */
    let kept = 0;
    while (pos < last) {
      if (opts.signal?.aborted) throw new MediaError('aborted', 'the waveform was stopped');
      const { bytesRead } = await fh.read(buf, kept, Math.min(buf.length - kept, last - pos), pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      const have = kept + bytesRead;
      const whole = Math.floor(have / 2);
      take(samplesOf(buf, whole));
      kept = have % 2;
      if (kept) buf[0] = buf[have - 1]!;
    }
  } finally {
    await fh.close();
  }
  if (inBin > 0) {
    data[bin * 2] = min >> 8;
    data[bin * 2 + 1] = max >> 8;
  }
  return { sampleRate: SAMPLE_RATE, samplesPerBin, data };
}
