import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { ValidationError } from './errors.js';

/**
 * Route schemas are zod schemas; a failure carries the issues so the answer can name the field.
 * Fastify hands a missing body over as null: it is read as absent, so the schemas' optional
 * bodies and defaults (an empty POST to /user/profile or /user/all_users) apply.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data === null ? undefined : data);
    if (result.success) return { value: result.data };
    return { error: new ValidationError(result.error.issues) };
  };
