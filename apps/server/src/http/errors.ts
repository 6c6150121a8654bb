import type { ErrorKey, InputRule } from '@subtrans/contract';

/**
 * A failure with a stable contract code. `detail` is appended to the localised message (for
 * example the field that failed); `data` travels in the envelope's data field. A numeric
 * `data.retryAfter` (seconds) is also sent as the Retry-After header.
 */
export class AppError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly detail?: string,
    readonly data: unknown = null,
  ) {
    super(detail ? `${key}: ${detail}` : key);
  }
}

/**
 * Not a failure: the answer a request already got, given again as it was (an Idempotency-Key's
 * first answer, modules/idempotency), with `Idempotent-Replayed: true`.
 */
export class StoredAnswer extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super('an answer given again');
  }
}

export interface FieldIssue {
  field: string;
  message: string;
}

/**
 * What is wrong with one request field, independent of language: the answer words it in the
 * caller's language with the field's label for that call (http/input-messages.ts).
 */
export type InputProblem =
  | { kind: 'required' }
  | { kind: 'type'; expected: 'text' | 'number' | 'integer' | 'boolean' | 'list' | 'object' }
  | { kind: 'too_short'; min: number }
  | { kind: 'too_long'; max: number }
  | { kind: 'length'; exact: number }
  | { kind: 'too_small'; min: number; inclusive: boolean }
  | { kind: 'too_big'; max: number; inclusive: boolean }
  | { kind: 'too_few'; min: number }
  | { kind: 'too_many'; max: number }
  | { kind: 'format'; format: 'email' | 'id' | 'datetime' | 'other' }
  | { kind: 'choice'; values: readonly (string | number | boolean)[] }
  | { kind: 'nul' }
  | { kind: 'rule'; rule: InputRule; params?: Readonly<Record<string, number | string>> }
  | { kind: 'content_type' }
  | { kind: 'invalid' };

export interface InputIssue {
  path: readonly (string | number)[];
  problem: InputProblem;
}

/** Validation failure: the fields and what is wrong with each, worded when the answer is written. */
export class ValidationError extends Error {
  constructor(readonly issues: readonly InputIssue[]) {
    super(`validation failed: ${issues.map((i) => `${i.path.join('.')} ${i.problem.kind}`).join(', ')}`);
  }
}

/** One field's failure, as a service finds it (a line's times, a part number). */
export function invalidField(path: readonly (string | number)[], problem: InputProblem): ValidationError {
  return new ValidationError([{ path, problem }]);
}
