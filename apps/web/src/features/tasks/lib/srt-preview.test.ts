import { describe, expect, it } from 'vitest';
import { checkSrtName, previewSrt } from './srt-preview';

const enc = (s: string) => new TextEncoder().encode(s);
const SRT =
  '1\n00:00:01,000 --> 00:00:04,000\nGood morning, everyone. Welcome back to the show.\n\n2\n00:02:00,5 --> 00:02:03,000\nToday we talk about subtitles and translation.\n';

describe('SRT upload check (SPEC §5)', () => {
  it('shows the cues, the detected language and the cost of 10 points per started minute', () => {
    expect(previewSrt('talk.SRT', enc(SRT))).toEqual({
      ok: true,
      preview: {
        cues: 2,
        detectedLanguage: 'en',
        detectionUncertain: false,
        durationMs: 123_000,
        minutes: 3,
        cost: 30,
      },
    });
  });

  it('refuses a wrong name, a file over 5 MB, and content without cues, each with its reason', () => {
    expect(previewSrt('talk.txt', enc(SRT))).toEqual({ ok: false, reason: 'notSrt' });
    expect(checkSrtName('big.srt', 5_242_881)).toBe('tooLarge');
    expect(checkSrtName('ok.srt', 5_242_880)).toBeNull();
    expect(previewSrt('empty.srt', enc('nothing to see here'))).toEqual({ ok: false, reason: 'invalid' });
  });

  it('falls back to zh-CN for too little text', () => {
    const r = previewSrt('short.srt', enc('1\n00:00:01,000 --> 00:00:02,000\nHi\n'));
    expect(r.ok && r.preview.detectedLanguage).toBe('zh-CN');
  });
});
