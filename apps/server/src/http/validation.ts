import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';
import { validateInput } from './input-issues.js';

/**
 * Route schemas are zod schemas; a failure carries what is wrong with each field so the answer can
 * name it (http/input-issues.ts, and NUL characters are refused there for every route). Fastify
 * hands a missing body over as null: it is read as absent, so the schemas' optional bodies and
 * defaults (an empty POST to /user/profile or /user/all_users) apply.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) =>
    validateInput(schema, data === null ? undefined : data);

/** A call's input schema: its JSON body or its query. */
export interface ValidatedRoute {
  method: string;
  url: string;
  part: 'body' | 'querystring';
  schema: ZodType;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** every call with an input schema (the test that words every call's failures walks them) */
    validatedRoutes: readonly ValidatedRoute[];
  }
}

/** Validates every route's input with its zod schema, and lists the calls that have one. */
export function installValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  const routes: ValidatedRoute[] = [];
  app.decorate('validatedRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const part of ['body', 'querystring'] as const) {
      const schema = (route.schema as Partial<Record<typeof part, ZodType>> | undefined)?.[part];
      if (!schema) continue;
      for (const method of methods)
        if (method !== 'HEAD') routes.push({ method, url: route.url, part, schema });
    }
  });
}
