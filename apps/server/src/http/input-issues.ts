import type { z, ZodType } from 'zod';
import { isInputRule } from '@subtrans/contract';
import { ValidationError, type InputIssue, type InputProblem } from './errors.js';

type ZodIssue = z.core.$ZodIssue;
type Path = readonly (string | number)[];

/** at most this many strings are looked at for NUL characters in one request */
const NUL_SCAN_LIMIT = 100_000;

/**
 * Every string in `data` that holds a NUL character (U+0000), by path. PostgreSQL cannot store
 * one in text, so such a request is refused as bad input, naming the field, before anything is
 * written (a key with one is reported at its object).
 */
export function nulIssues(data: unknown): InputIssue[] {
  const found: InputIssue[] = [];
  let budget = NUL_SCAN_LIMIT;
  const visit = (value: unknown, path: (string | number)[]) => {
    if (budget-- <= 0) return;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push({ path, problem: { kind: 'nul' } });
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, [...path, i]));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        // a key is named by the object that holds it (a NUL in an answer helps nobody)
        if (key.includes('\u0000')) found.push({ path, problem: { kind: 'nul' } });
        else visit(item, [...path, key]);
      }
    }
  };
  visit(data, []);
  return found;
}

function valueAt(data: unknown, path: Path): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

const TYPE_NAMES: Record<string, (InputProblem & { kind: 'type' })['expected']> = {
  string: 'text',
  number: 'number',
  nan: 'number',
  int: 'integer',
  bigint: 'integer',
  boolean: 'boolean',
  array: 'list',
  tuple: 'list',
  set: 'list',
};

const FORMATS: Record<string, (InputProblem & { kind: 'format' })['format']> = {
  email: 'email',
  uuid: 'id',
  guid: 'id',
  datetime: 'datetime',
};

/** The values a union of literals and enums accepts, or null when it is any other union. */
function unionChoices(issue: ZodIssue & { code: 'invalid_union' }): (string | number | boolean)[] | null {
  const values: (string | number | boolean)[] = [];
  for (const branch of issue.errors) {
    const only = branch.length === 1 ? branch[0] : undefined;
    if (only?.code !== 'invalid_value' || only.path.length > 0) return null;
    for (const v of only.values) {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') values.push(v);
    }
  }
  return values;
}

const sized = (origin: string) =>
  origin === 'string' ? 'text' : origin === 'array' || origin === 'set' ? 'list' : 'number';

/** What a zod issue says, in our terms (`data` is the input, to tell a missing field from a wrong one). */
export function problemOf(issue: ZodIssue, data: unknown): InputProblem {
  // an enum or a union says "not one of these" of a field that is not there at all
  if (issue.code !== 'custom' && valueAt(data, issue.path as Path) === undefined) return { kind: 'required' };
  switch (issue.code) {
    case 'invalid_type':
      return { kind: 'type', expected: TYPE_NAMES[issue.expected] ?? 'object' };
    case 'too_small': {
      const min = Number(issue.minimum);
      const kind = sized(issue.origin);
      if (kind === 'text') return issue.exact ? { kind: 'length', exact: min } : { kind: 'too_short', min };
      if (kind === 'list') return { kind: 'too_few', min };
      return { kind: 'too_small', min, inclusive: issue.inclusive !== false };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      const kind = sized(issue.origin);
      if (kind === 'text') return issue.exact ? { kind: 'length', exact: max } : { kind: 'too_long', max };
      if (kind === 'list') return { kind: 'too_many', max };
      return { kind: 'too_big', max, inclusive: issue.inclusive !== false };
    }
    case 'invalid_format':
      if (isInputRule(issue.message)) return { kind: 'rule', rule: issue.message };
      return { kind: 'format', format: FORMATS[issue.format] ?? 'other' };
    case 'invalid_value':
      return {
        kind: 'choice',
        values: issue.values.filter(
          (v): v is string | number | boolean =>
            typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean',
        ),
      };
    case 'invalid_union': {
      const values = unionChoices(issue);
      return values ? { kind: 'choice', values } : { kind: 'invalid' };
    }
    case 'custom': {
      if (!isInputRule(issue.message)) return { kind: 'invalid' };
      const params = issue.params as Record<string, number | string> | undefined;
      return { kind: 'rule', rule: issue.message, ...(params ? { params } : {}) };
    }
    case 'not_multiple_of':
    case 'unrecognized_keys':
    case 'invalid_key':
    case 'invalid_element':
      return { kind: 'invalid' };
  }
}

/**
 * Checks a request part (a JSON body, a query, multipart fields) against its schema: NUL
 * characters first (in any string), then the schema. The one place every input passes.
 */
export function validateInput<T extends ZodType>(
  schema: T,
  data: unknown,
): { value: z.output<T> } | { error: ValidationError } {
  const nul = nulIssues(data);
  if (nul.length) return { error: new ValidationError(nul) };
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data };
  return {
    error: new ValidationError(
      result.error.issues.map((issue) => ({ path: issue.path as Path, problem: problemOf(issue, data) })),
    ),
  };
}

/** validateInput for a route handler: the value, or the ValidationError thrown. */
export function parseInput<T extends ZodType>(schema: T, data: unknown): z.output<T> {
  const checked = validateInput(schema, data);
  if ('error' in checked) throw checked.error;
  return checked.value;
}
