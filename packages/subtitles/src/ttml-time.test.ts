import { describe, expect, it } from 'vitest';
import { parseTtmlTime, TTML_UNDECLARED_TICK_RATE, ttmlRates } from './ttml-time.js';

const rates = (params: Record<string, string> = {}) => ttmlRates((name) => params[name]);
const at = (value: string, params?: Record<string, string>) => parseTtmlTime(value, rates(params));

describe('TTML time expressions', () => {
  it('clock times with and without a fraction', () => {
    expect(at('00:00:01')).toBe(1000);
    expect(at('01:02:03.5')).toBe(3_723_500);
    expect(at('00:00:01.250')).toBe(1250);
    expect(at('00:00:01.2345')).toBeCloseTo(1234.5, 6);
    // one-digit hours and a comma, as hand-written files have them
    expect(at('1:00:00,5')).toBe(3_600_500);
    expect(at(' 00:00:02.000 ')).toBe(2000);
  });

  it('clock times with frames, at ttp:frameRate × ttp:frameRateMultiplier (30 when absent)', () => {
    expect(at('00:00:01:15')).toBe(1500);
    expect(at('00:00:01:12', { framerate: '25' })).toBe(1480);
    // 30 × 1000/1001 = 29.97 fps: 15 frames are 500.5 ms
    expect(at('00:00:00:15', { framerate: '30', frameratemultiplier: '1000 1001' })).toBeCloseTo(500.5, 6);
    // sub-frames
    expect(at('00:00:00:01.1', { framerate: '25', subframerate: '2' })).toBe(60);
  });

  it('offset times in every metric', () => {
    expect(at('12.5s')).toBe(12_500);
    expect(at('1500ms')).toBe(1500);
    expect(at('2h')).toBe(7_200_000);
    expect(at('3m')).toBe(180_000);
    expect(at('.5s')).toBe(500);
    expect(at('25f', { framerate: '25' })).toBe(1000);
    expect(at('30f')).toBe(1000);
  });

  it('ticks at ttp:tickRate; without it at frameRate × subFrameRate, or 10 MHz when no rate is declared', () => {
    expect(at('30000000t', { tickrate: '10000000' })).toBe(3000);
    expect(at('90t', { tickrate: '90' })).toBe(1000);
    expect(at('50t', { framerate: '25', subframerate: '2' })).toBe(1000);
    expect(TTML_UNDECLARED_TICK_RATE).toBe(10_000_000);
    expect(at('30000000t')).toBe(3000);
    // a rate that is no positive number is as good as none
    expect(at('30000000t', { tickrate: '0' })).toBe(3000);
  });

  it('answers null for what is no time expression', () => {
    for (const bad of ['', 'soon', '00:61:00', '00:00:60', '12', '12 s', '1.2.3s', '-1s', '00:00', '5x']) {
      expect(at(bad)).toBeNull();
    }
  });
});
