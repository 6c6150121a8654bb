import { describe, expect, it } from 'vitest';
import { progressParser } from './extract.js';

describe('ffmpeg -progress lines', () => {
  it('tell the ms written, each time they grow, from out_time_us (or out_time_ms, also µs)', () => {
    const told: number[] = [];
    const read = progressParser((ms) => told.push(ms));
    ['frame=12', 'out_time_ms=480000', 'out_time=00:00:00.480000', 'progress=continue'].forEach(read);
    ['out_time_us=1200000', 'out_time_ms=1200000', 'out_time_us=1200400'].forEach(read);
    // once out_time_us is seen, out_time_ms is not read (older ffmpeg wrote it in ms there)
    ['out_time_ms=9000', 'out_time_us=900000', ' out_time_us=2500000 ', 'progress=end'].forEach(read);
    expect(told).toEqual([480, 1200, 2500]);
  });

  it('ignore what is not a time (N/A before the first frame, other keys)', () => {
    const told: number[] = [];
    const read = progressParser((ms) => told.push(ms));
    ['out_time_us=N/A', 'out_time=N/A', 'speed=N/A', 'total_size=48', 'out_time_us=-5000'].forEach(read);
    expect(told).toEqual([]);
  });
});
