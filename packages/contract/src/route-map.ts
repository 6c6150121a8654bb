import type { z } from 'zod';

/**
 * One JSON call: how it is called, what it takes and the `data` of the `{code, msg, data}` envelope
 * it answers on success. The server registers its handler from it (typed and checked), the web
 * calls it (typed), and the OpenAPI document describes it.
 */
export interface RouteDef {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** the JSON body (POST); none: the call reads no body */
  readonly body?: z.ZodType;
  /** the query (GET) */
  readonly query?: z.ZodType;
  /** multipart/form-data: the fields besides the file (the handler reads the form itself) */
  readonly form?: z.ZodType;
  /** the envelope's `data` on success */
  readonly response: z.ZodType;
  /**
   * The server writes the envelope itself as JSON text, page by page (a task with all its lines),
   * so the handler's answer is not an object the compiler or the serializer can check.
   */
  readonly streamed?: true;
  /** one line for the OpenAPI document */
  readonly summary?: string;
  /**
   * Issue 39: the scope an API key needs to make this call (`read`: it changes nothing). None: a
   * key may not make it (account, key and payment calls, a manager's), only a session may.
   */
  readonly keyScope?: 'read' | 'translate';
  /**
   * Issue 39: the call creates or starts work and takes an `Idempotency-Key` header (Stripe's
   * rules: the same key and request within 24 hours answer the first answer again).
   */
  readonly idempotent?: true;
}

/** A call of the map, its literal method and path kept. */
export function defineRoute<const R extends RouteDef>(route: R): R {
  return route;
}

/** A POST call of the map. */
export const postRoute = <const P extends string, const R extends Omit<RouteDef, 'method' | 'path'>>(
  path: P,
  route: R,
) => defineRoute({ method: 'POST', path, ...route });

/** What a call answers in `data`. */
export type RouteData<R extends RouteDef> = z.output<R['response']>;

/** What a caller sends as the JSON body (the schema's input: defaults may be left out). */
export type RouteBody<R extends RouteDef> = R extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : Record<string, never> | undefined;

/** What the handler receives as the body (the schema's output: defaults and transforms applied). */
export type RouteBodyParsed<R extends RouteDef> = R extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : unknown;

/** What a GET call sends as its query. */
export type RouteQuery<R extends RouteDef> = R extends { query: infer Q extends z.ZodType }
  ? z.input<Q>
  : Record<string, never>;

/** A call that is not in the map, and why. */
export interface RouteException {
  readonly method: 'GET' | 'POST' | 'PUT';
  /** as the server registers it (`:name` parameters, `*` for the rest of the path) */
  readonly path: string;
  readonly reason: string;
}
