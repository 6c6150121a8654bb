import type { ErrorKey } from '@subtrans/contract';

/**
 * A failure with a stable contract code. `detail` is appended to the localised message (for
 * example the field that failed); `data` travels in the envelope's data field.
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

export interface FieldIssue {
  field: string;
  message: string;
}

/** Validation failure carrying the raw zod issues, localised when the answer is written. */
export class ValidationError extends Error {
  constructor(readonly issues: ReadonlyArray<{ path: PropertyKey[]; code: string; message: string }>) {
    super('validation failed');
  }
}
