import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySerializerCompiler,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z, ZodType } from 'zod';
import { envelopeSchema, SUCCESS_CODE, type Envelope, type RouteDef } from '@subtrans/contract';

type BodySchemaOf<R> = R extends { body: infer B } ? B : undefined;
type QuerySchemaOf<R> = R extends { query: infer Q } ? Q : undefined;

/** A request whose schemas are these: the type provider types its body and query from them. */
type RequestWith<Body, Query> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  { body: Body; querystring: Query },
  ZodTypeProvider
>;

/** The request of a call: `req.body` (or `req.query`) is what its schema's validation gave. */
export type RouteRequest<R extends RouteDef> = RequestWith<BodySchemaOf<R>, QuerySchemaOf<R>>;

/** A handler answers its call's envelope, or (a streamed call) the reply it wrote to. */
export type RouteAnswer<R extends RouteDef> = R extends { streamed: true }
  ? FastifyReply
  : Envelope<z.input<R['response']>>;

export type RouteHandler<R extends RouteDef> = (
  req: RouteRequest<R>,
  reply: FastifyReply,
) => Promise<RouteAnswer<R>>;

/**
 * Registers a call of the contract's ROUTES: its method, path and input schema from the map (so
 * validation, the OpenAPI document and the answer's check all come from it), the rest (auth,
 * log serializers …) from `options`.
 */
export function route<const R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  options: Omit<RouteShorthandOptions, 'schema'>,
  handler: RouteHandler<R>,
): void {
  app.route({
    ...options,
    // the scope an API key needs travels with the call's own config (auth-plugin.ts reads it)
    config: {
      ...options.config,
      ...(def.keyScope ? { keyScope: def.keyScope } : {}),
      ...(def.idempotent ? { idempotent: def.form ? 'form' : 'body' } : {}),
    },
    method: def.method,
    url: def.path,
    schema: {
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.summary ? { summary: def.summary } : {}),
      ...(def.form ? { consumes: ['multipart/form-data'] } : {}),
      response: { 200: envelopeSchema(def.response) },
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}

/** An answer that is not what its call's schema says: a bug of the server, answered as INTERNAL. */
export class ResponseMismatch extends Error {
  override name = 'ResponseMismatch';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** The first field sent that the schema does not name (zod drops such fields when it parses). */
function unnamedField(sent: unknown, parsed: unknown, path: string): string | null {
  if (Array.isArray(sent) && Array.isArray(parsed)) {
    for (let i = 0; i < sent.length; i++) {
      const found = unnamedField(sent[i], parsed[i], `${path}[${i}]`);
      if (found) return found;
    }
  } else if (isRecord(sent) && isRecord(parsed)) {
    for (const [key, value] of Object.entries(sent)) {
      if (!(key in parsed)) return `${path}.${key}`;
      const found = unnamedField(value, parsed[key], `${path}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/** What is wrong with a JSON answer as its envelope schema describes it, or null. */
export function responseProblem(schema: ZodType, json: string): string | null {
  const sent = JSON.parse(json) as unknown;
  if (!isRecord(sent) || sent.code !== SUCCESS_CODE) return null;
  const result = schema.safeParse(sent);
  if (!result.success) {
    return result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
  }
  const extra = unnamedField(sent, result.data, '');
  return extra ? `${extra.slice(1)} is not in the schema` : null;
}

/**
 * Answers are written as Fastify writes them without a schema (JSON.stringify). With `check` (the
 * tests), each success answer of a mapped call is first held against its schema, as the JSON the
 * client receives: a field missing, of another type or not in the schema fails the call loudly.
 */
export function installResponseCheck(app: FastifyInstance, check: boolean): void {
  const compiler: FastifySerializerCompiler<ZodType> = ({ schema, method, url }) => {
    if (!check) return (data) => JSON.stringify(data);
    return (data) => {
      const json = JSON.stringify(data);
      const problem = responseProblem(schema, json);
      if (problem)
        throw new ResponseMismatch(`${method} ${url} answered what its schema does not say: ${problem}`);
      return json;
    };
  };
  app.setSerializerCompiler(compiler);
  if (!check) return;
  // a streamed answer (a task with all its lines) never reaches the serializer: read whole, then checked
  app.addHook('onSend', async (req, reply, payload) => {
    const schema = (req.routeOptions.schema?.response as Record<number, ZodType> | undefined)?.[200];
    if (!schema || reply.statusCode !== 200 || !(payload instanceof Readable)) return payload;
    const json = await text(payload);
    const problem = responseProblem(schema, json);
    if (problem) throw new ResponseMismatch(`${req.method} ${req.routeOptions.url} answered: ${problem}`);
    return json;
  });
}
