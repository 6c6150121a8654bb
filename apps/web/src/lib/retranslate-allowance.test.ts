import { describe, expect, it } from 'vitest';
import { initI18n } from './i18n';
import { refusalText, type AllowanceRefusal } from './retranslate-allowance';

const i18n = await initI18n('en');
const t = i18n.t.bind(i18n);

const refusal = (over: Partial<AllowanceRefusal>): AllowanceRefusal => ({
  charsLeft: 500,
  charsPerDay: 20_000,
  callsLeft: 3,
  callsPerDay: 1000,
  resetsAt: '2026-01-02T00:00:00.000Z',
  needed: 40,
  ...over,
});

describe('refusalText', () => {
  it('says how many calls a request of lines far apart needs when the calls do not fit (issue 41)', () => {
    const text = refusalText(refusal({ neededCalls: 5 }), t);
    expect(text).toContain('This needs 5 re-translations');
    expect(text).toContain('3 are left today');
  });

  it('says how many characters are needed when they do not fit, and when nothing is left', () => {
    expect(refusalText(refusal({ needed: 900, neededCalls: 1 }), t)).toContain('This needs 900 characters');
    expect(refusalText(refusal({ callsLeft: 0, neededCalls: 1 }), t)).toContain('used up');
  });
});
