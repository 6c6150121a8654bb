import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { OPENAPI_PATH, ROUTE_EXCEPTIONS } from '@subtrans/contract';

const EXCEPTIONS = new Map(ROUTE_EXCEPTIONS.map((e) => [`${e.method} ${e.path}`, e.reason]));

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
          '"not a JSON call" answer something else.',
      },
    },
    transform: (input) => {
      const { schema, url, route } = input;
      if (schema?.response) return jsonSchemaTransform(input);
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const reason = methods.map((m) => EXCEPTIONS.get(`${m} ${url}`)).find(Boolean);
      if (!reason) return { schema: { hide: true }, url };
      return { schema: { summary: `not a JSON call: ${reason}` }, url };
    },
  });
  app.get(OPENAPI_PATH, async (_req, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
  );
}
