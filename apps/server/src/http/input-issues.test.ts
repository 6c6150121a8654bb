import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INPUT_RULES } from '@subtrans/contract';
import { nulIssues, validateInput } from './input-issues.js';

const problems = (schema: z.ZodType, data: unknown) => {
  const checked = validateInput(schema, data);
  return 'error' in checked ? checked.error.issues : [];
};

describe('validateInput', () => {
  const schema = z.object({
    name: z.string().min(2).max(5),
    count: z.number().int().min(1),
    kind: z.union([z.literal(1), z.literal(2)]),
    lang: z.enum(['zh', 'en']).optional(),
    code: z.string().regex(/^\d{6}$/, INPUT_RULES.sixDigits),
    tags: z.array(z.string()).max(2).optional(),
  });

  it('tells a missing field from a wrong one, and keeps the limits', () => {
    expect(problems(schema, { name: 5, kind: 3, code: 'abc', count: 1.5 })).toEqual([
      { path: ['name'], problem: { kind: 'type', expected: 'text' } },
      { path: ['count'], problem: { kind: 'type', expected: 'integer' } },
      { path: ['kind'], problem: { kind: 'choice', values: [1, 2] } },
      { path: ['code'], problem: { kind: 'rule', rule: 'six_digits' } },
    ]);
    expect(
      problems(schema, { name: 'x', count: 0, kind: 1, code: '123456', lang: 'fr', tags: ['a', 'b', 'c'] }),
    ).toEqual([
      { path: ['name'], problem: { kind: 'too_short', min: 2 } },
      { path: ['count'], problem: { kind: 'too_small', min: 1, inclusive: true } },
      { path: ['lang'], problem: { kind: 'choice', values: ['zh', 'en'] } },
      { path: ['tags'], problem: { kind: 'too_many', max: 2 } },
    ]);
    expect(problems(schema, {}).map((i) => [i.path[0], i.problem.kind])).toEqual([
      ['name', 'required'],
      ['count', 'required'],
      ['kind', 'required'],
      ['code', 'required'],
    ]);
  });

  it('refuses a NUL character anywhere before the schema is asked', () => {
    expect(problems(schema, { name: 'a\u0000', tags: ['ok', '\u0000'], count: 'x' })).toEqual([
      { path: ['name'], problem: { kind: 'nul' } },
      { path: ['tags', 1], problem: { kind: 'nul' } },
    ]);
    expect(nulIssues({ deep: [{ 'k\u0000': 1 }] })).toEqual([
      { path: ['deep', 0], problem: { kind: 'nul' } },
    ]);
    expect(nulIssues({ fine: ['text', 1, null, { a: 'b' }] })).toEqual([]);
  });
});
