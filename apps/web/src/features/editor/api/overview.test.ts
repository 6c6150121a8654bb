import { describe, expect, it } from 'vitest';
import { encodePeaks } from '@subtrans/contract';
import { waveformOf } from './overview';

describe('waveformOf', () => {
  it('turns the server’s min/max bins into the two channels wavesurfer draws, over their length', () => {
    // three bins of 10 ms (160 samples at 16 kHz): silence, half scale, full scale
    const bytes = encodePeaks({
      sampleRate: 16_000,
      samplesPerBin: 160,
      data: Int8Array.from([0, 0, -64, 64, -128, 127]),
    });
    const { channels, durationMs } = waveformOf(bytes);
    expect(Array.from(channels[0])).toEqual([0, 0.5, 127 / 128]);
    expect(Array.from(channels[1])).toEqual([0, -0.5, -1]);
    expect(durationMs).toBe(30);
  });

  it('refuses what is not a peaks object', () => {
    expect(() => waveformOf(new Uint8Array(8))).toThrow(/header/);
  });
});
