import { describe, expect, it } from 'vitest';
import { ErrorCodes } from './errors.js';

describe('the error table', () => {
  const entries = Object.entries(ErrorCodes);

  // the tables of several files are spread into one: two files must never pick the same code
  it('gives every kind of error a code of its own', () => {
    const byCode = new Map<number, string[]>();
    for (const [key, e] of entries) byCode.set(e.code, [...(byCode.get(e.code) ?? []), key]);
    expect([...byCode.values()].filter((keys) => keys.length > 1)).toEqual([]);
  });

  it('words every message in the three languages', () => {
    for (const [key, e] of entries) {
      for (const lang of ['zh', 'en', 'ja'] as const)
        expect(e.msg[lang].trim(), `${key}.${lang}`).not.toBe('');
    }
  });
});
