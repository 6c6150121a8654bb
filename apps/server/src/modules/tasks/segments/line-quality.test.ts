import { describe, expect, it } from 'vitest';
import { REVIEW_FLAG_NAMES } from '@subtrans/contract';
import { normsFor, REVIEW_FLAGS } from '@subtrans/subtitles';
import { translatedLine, type LineRules } from './line-quality.js';

const rules = (over: Partial<LineRules> = {}): LineRules => ({
  sourceLang: 'en',
  targetLang: 'es',
  norms: normsFor('es'),
  keepEngineBreaks: false,
  ...over,
});
const seg = (original: string, seconds: number) => ({
  original_text: original,
  start_ms: 0,
  end_ms: seconds * 1000,
});
const SPANISH = 'Tenemos que salir antes de que la tormenta llegue al valle esta noche.';

describe('a translated line before it is stored', () => {
  it('the contract names the same review flags as packages/subtitles, in its order', () => {
    expect([...REVIEW_FLAG_NAMES]).toEqual([...REVIEW_FLAGS]);
  });

  it('is laid out for the target language, unless the task keeps the engine’s breaks', () => {
    const s = seg('We must leave before the storm reaches the valley tonight.', 6);
    expect(translatedLine(s, SPANISH, rules(), false).text).toBe(
      // not ending a line on a conjunction (issue 36: "antes de que / la tormenta" before)
      'Tenemos que salir antes de que la tormenta\nllegue al valle esta noche.',
    );
    expect(translatedLine(s, SPANISH, rules({ keepEngineBreaks: true }), false).text).toBe(SPANISH);
  });

  it('keeps a kept original as it is, flagged as such', () => {
    const s = seg('We must leave before the storm reaches the valley tonight.', 6);
    expect(translatedLine(s, s.original_text, rules(), true)).toEqual({
      text: s.original_text,
      flags: ['kept-original'],
    });
  });
});
