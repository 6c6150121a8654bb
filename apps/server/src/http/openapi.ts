import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { OPENAPI_PATH, ROUTE_EXCEPTIONS, SESSION } from '@subtrans/contract';
import './types.js';

const EXCEPTIONS = new Map(ROUTE_EXCEPTIONS.map((e) => [`${e.method} ${e.path}`, e.reason]));

/** Who may make a call: a session, and an API key of the scope when the call names one. */
function securityOf(keyScope: FastifyContextConfig['keyScope']): {
  security: Record<string, string[]>[];
  'x-key-scope'?: string;
} {
  return keyScope
    ? { security: [{ session: [] }, { apiKey: [] }], 'x-key-scope': keyScope }
    : { security: [{ session: [] }] };
}

/**
 * The OpenAPI document of the contract's ROUTES, served at OPENAPI_PATH (public, read-only):
 * every mapped call with its body and success answer, every other route with why it is not a
 * JSON call (ROUTE_EXCEPTIONS). Registered before the routes: the plugin collects them as they
 * are added, and builds the document once, on the first request.
 */
export async function installOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'SubTrans API',
        version: '1',
        description:
          'Every call answers `{code, msg, data}`: code 20000 with `data` as described, or an error ' +
          "code with its message in the caller's language (Accept-Language). Routes marked " +
          '"not a JSON call" answer something else. Scripts sign in with an API key ' +
          '(`Authorization: Bearer stk_…`) on the calls that list `apiKey` in their security; ' +
          '`x-key-scope` says which scope of key the call needs.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION.cookieName },
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            description: "An API key made on the dashboard's API keys page (issue 39)",
          },
        },
      },
    },
    transform: (input) => {
      const { schema, url, route } = input;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const reason = methods.map((m) => EXCEPTIONS.get(`${m} ${url}`)).find(Boolean);
      let base = schema?.response
        ? jsonSchemaTransform(input)
        : reason
          ? { schema: { summary: `not a JSON call: ${reason}` }, url }
          : { schema: { hide: true }, url };
      const config = route.config;
      if (config?.idempotent) {
        base = {
          ...base,
          schema: {
            ...base.schema,
            headers: {
              type: 'object',
              properties: {
                'idempotency-key': {
                  type: 'string',
                  minLength: 1,
                  maxLength: 255,
                  description: 'the same key and request within 24 hours answer the first answer again',
                },
              },
            },
          },
        };
      }
      if (!config?.auth) return base;
      const security = securityOf(config.keyScope);
      // {}: the call also answers a caller who is not signed in
      if (config.auth === 'optional') security.security.push({});
      return { ...base, schema: { ...base.schema, ...security } };
    },
  });
  app.get(OPENAPI_PATH, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
  );
}
