import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePeaks, encodePeaks, peaksBinMs, peaksBins } from '@subtrans/contract';
import { makeSpeechMedia } from '../../../test/support/media.js';
import { extractAudio } from './extract.js';
import { peaksOfWav } from './peaks.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'peaks-test-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A 16 kHz mono 16-bit WAV (44-byte header, as extractAudio writes) of `samples`. */
async function wav(name: string, samples: Int16Array): Promise<string> {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + samples.byteLength, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(samples.byteLength, 40);
  const path = join(dir, name);
  await writeFile(
    path,
    Buffer.concat([header, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)]),
  );
  return path;
}

/** 1 s of silence, then 1 s of a 1 kHz tone at half scale, then 0.5 s of full-scale square wave */
function silenceToneSquare(): Int16Array {
  const out = new Int16Array(40_000);
  for (let i = 16_000; i < 32_000; i += 1)
    out[i] = Math.round(16_384 * Math.sin((2 * Math.PI * 1000 * i) / 16_000));
  for (let i = 32_000; i < 40_000; i += 1) out[i] = Math.floor(i / 8) % 2 ? 32_767 : -32_768;
  return out;
}

describe('the waveform’s peaks', () => {
  it('give 100 bins a second: silence as 0, a half-scale tone as ±64, full scale as the ends', async () => {
    const peaks = await peaksOfWav(await wav('tone.wav', silenceToneSquare()));
    expect(peaks).toMatchObject({ sampleRate: 16_000, samplesPerBin: 160 });
    expect(peaksBinMs(peaks)).toBe(10);
    expect(peaksBins(peaks)).toBe(250);
    const bin = (i: number) => [peaks.data[i * 2], peaks.data[i * 2 + 1]];
    for (let i = 0; i < 100; i += 1) expect(bin(i)).toEqual([0, 0]);
    for (let i = 100; i < 200; i += 1) expect(bin(i)).toEqual([-64, 64]);
    for (let i = 200; i < 250; i += 1) expect(bin(i)).toEqual([-128, 127]);
  });

  it('keep a last bin shorter than the others, and read samples cut between two reads', async () => {
    // 1,000 samples: six full bins and one of 40; one odd byte read at a time would split every sample
    const samples = new Int16Array(1000).map((_, i) => (i === 999 ? -300 : i === 970 ? 5000 : 0));
    const peaks = await peaksOfWav(await wav('short.wav', samples));
    expect(peaksBins(peaks)).toBe(7);
    expect([peaks.data[12], peaks.data[13]]).toEqual([-300 >> 8, 5000 >> 8]);
    const odd = await peaksOfWav(await wav('short-again.wav', samples), { readBytes: 33 });
    expect(odd.data).toEqual(peaks.data);
  });

  it('give nothing for a WAV without samples, and refuse a file that is not one', async () => {
    expect(peaksBins(await peaksOfWav(await wav('empty.wav', new Int16Array(0))))).toBe(0);
    const text = join(dir, 'not.wav');
    await writeFile(text, 'not a wav at all, only some words');
    await expect(peaksOfWav(text)).rejects.toThrow(/not a WAV/);
  });

  it('come from the audio extractAudio wrote of a real file: speech where it speaks, silence in its padding', async () => {
    const media = await makeSpeechMedia(dir, {
      text: 'Hello there, this is a test.',
      format: 'mp4',
      padSeconds: 1,
    });
    const out = join(dir, 'speech.wav');
    const { durationMs } = await extractAudio(media.path, out);
    const peaks = await peaksOfWav(out);
    expect(peaksBins(peaks)).toBe(Math.ceil(durationMs / 10));
    const loud = (from: number, to: number) => {
      let most = 0;
      for (let i = from; i < to; i += 1) most = Math.max(most, peaks.data[i * 2 + 1]!, -peaks.data[i * 2]!);
      return most;
    };
    const bins = peaksBins(peaks);
    // the last half second is the padding (silence); speech somewhere before it is loud
    expect(loud(bins - 50, bins)).toBeLessThanOrEqual(1);
    expect(loud(0, bins - 100)).toBeGreaterThan(20);
  }, 30_000);

  it('round-trip through audiowaveform’s binary format, which refuses a broken object', () => {
    const data = new Int8Array([0, 0, -64, 63, -128, 127]);
    const bytes = encodePeaks({ sampleRate: 16_000, samplesPerBin: 160, data });
    expect(bytes.length).toBe(20 + 6);
    expect(Buffer.from(bytes.subarray(0, 20)).toString('hex')).toBe(
      '01000000' + '01000000' + '803e0000' + 'a0000000' + '03000000',
    );
    expect(decodePeaks(bytes)).toEqual({ sampleRate: 16_000, samplesPerBin: 160, data });
    expect(() => decodePeaks(bytes.subarray(0, 24))).toThrow(/3 bins announced, 2 present/);
    expect(() => decodePeaks(bytes.subarray(0, 10))).toThrow(/shorter than their header/);
    const v2 = bytes.slice();
    v2[0] = 2;
    expect(() => decodePeaks(v2)).toThrow(/version 2/);
  });
});
