import { describe, expect, it } from 'vitest';
import { charCount, cuesPrice, durationMs, estimatedMinutes, taskPrice } from './cost.js';
import type { Cue } from './model.js';
import { parse } from './index.js';

const cue = (index: number, startMs: number, endMs: number, text: string): Cue => ({
  index,
  startMs,
  endMs,
  text,
});

describe('task price: max(10, 10 per started minute, 10 per started 1,000 characters)', () => {
  it('charges the minimum for no duration and no text (SPEC §9 said 0: changed on purpose)', () => {
    expect(taskPrice({ durationMs: 0, chars: 0 })).toEqual({
      points: 10,
      rule: 'minimum',
      minutes: 0,
      thousandChars: 0,
      hundredCues: 0,
    });
    expect(cuesPrice([])).toMatchObject({ points: 10, rule: 'minimum' });
    expect(cuesPrice([cue(1, 0, 0, '')])).toMatchObject({ points: 10, rule: 'minimum' });
  });

  it('charges by duration: exactly 60,000 ms is one minute, one ms more is two', () => {
    expect(taskPrice({ durationMs: 1, chars: 5 })).toEqual({
      points: 10,
      rule: 'duration',
      minutes: 1,
      thousandChars: 1,
      hundredCues: 0,
    });
    expect(taskPrice({ durationMs: 60_000, chars: 0 })).toMatchObject({
      points: 10,
      rule: 'duration',
      minutes: 1,
    });
    expect(taskPrice({ durationMs: 60_001, chars: 0 })).toMatchObject({
      points: 20,
      rule: 'duration',
      minutes: 2,
    });
    // the duration wins a tie with the text
    expect(taskPrice({ durationMs: 120_000, chars: 2000 })).toMatchObject({ points: 20, rule: 'duration' });
  });

  it('charges by text: 1,000 characters are one thousand, 1,001 are two', () => {
    expect(taskPrice({ durationMs: 0, chars: 1000 })).toMatchObject({
      points: 10,
      rule: 'text',
      thousandChars: 1,
    });
    expect(taskPrice({ durationMs: 0, chars: 1001 })).toMatchObject({
      points: 20,
      rule: 'text',
      thousandChars: 2,
    });
    expect(taskPrice({ durationMs: 60_000, chars: 1001 })).toMatchObject({ points: 20, rule: 'text' });
  });

  it('prices audio/video by duration only (no chars given), with the 10-point floor', () => {
    expect(taskPrice({ durationMs: 0 })).toMatchObject({ points: 10, rule: 'minimum' });
    expect(taskPrice({ durationMs: 5_000 })).toMatchObject({ points: 10, rule: 'duration' });
    expect(taskPrice({ durationMs: 61 * 60_000 })).toMatchObject({ points: 610, rule: 'duration' });
  });

  it('20,000 long cues timed inside one minute cost at least 200 points', () => {
    const text = 'A long line of dialogue that goes on and on for a good while.'; // 62 characters
    const cues = Array.from({ length: 20_000 }, (_, i) => cue(i + 1, i * 2, i * 2 + 1, text));
    expect(durationMs(cues)).toBeLessThan(60_000);
    const price = cuesPrice(cues);
    expect(price.rule).toBe('text');
    expect(price.points).toBeGreaterThanOrEqual(200);
    expect(price.points).toBe(Math.ceil((20_000 * text.length) / 1000) * 10);
  });

  it('charges by cues: 10 per started 100, named only past the minimum (issue 41)', () => {
    expect(taskPrice({ durationMs: 0, chars: 0, cues: 100 })).toMatchObject({
      points: 10,
      rule: 'minimum',
      hundredCues: 1,
    });
    expect(taskPrice({ durationMs: 0, chars: 0, cues: 101 })).toMatchObject({
      points: 20,
      rule: 'cues',
      hundredCues: 2,
    });
    // 1,000 one-character cues inside one minute: 100 points, not 10
    const tiny = Array.from({ length: 1000 }, (_, i) => cue(i + 1, i * 50, i * 50 + 40, '的'));
    expect(cuesPrice(tiny)).toMatchObject({ points: 100, rule: 'cues', minutes: 1, thousandChars: 1 });
    // ties name the duration, then the text
    expect(taskPrice({ durationMs: 120_000, chars: 0, cues: 200 })).toMatchObject({ rule: 'duration' });
    expect(taskPrice({ durationMs: 0, chars: 2000, cues: 200 })).toMatchObject({ rule: 'text' });
  });

  it('leaves the price of ordinary films as it was: 10–35 cues a minute are priced by duration', () => {
    // a fast-speech film: 35 cues a minute for 23 minutes
    const fast = Array.from({ length: 805 }, (_, i) => cue(i + 1, i * 1714, i * 1714 + 1500, 'Hurry up!'));
    expect(cuesPrice(fast)).toMatchObject({ points: 230, rule: 'duration' });
  });

  it('prices a parsed SRT by its last end and its text', () => {
    const srt = '1\n00:00:01,000 --> 00:00:02,500\n你好\n世界\n\n2\n00:01:00,000 --> 00:01:02,000\n再见\n';
    const cues = parse(srt);
    expect(durationMs(cues)).toBe(62_000);
    expect(cuesPrice(cues)).toEqual({
      points: 20,
      rule: 'duration',
      minutes: 2,
      thousandChars: 1,
      hundredCues: 1,
    });
    expect(estimatedMinutes(61_000)).toBe(2);
    expect(estimatedMinutes(0)).toBe(0);
  });

  it('counts characters as code points, like PostgreSQL', () => {
    expect(charCount('')).toBe(0);
    expect(charCount('abc')).toBe(3);
    expect(charCount('中文')).toBe(2);
    expect(charCount('😀😀')).toBe(2);
    expect(charCount('𠀀x')).toBe(2);
    // a lone surrogate is one character
    expect(charCount('\ud800x')).toBe(2);
  });
});
