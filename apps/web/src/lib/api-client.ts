import {
  API,
  SUCCESS_CODE,
  TRY_AGAIN_CODE,
  type Envelope,
  type RouteBody,
  type RouteData,
  type RouteDef,
  type RouteName,
  type RouteQuery,
  type Routes,
} from '@subtrans/contract';

/** A call that did not answer 20000: the server's code and message (already in the user's language). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    /** the envelope's data: what an error says besides its message (amounts left, a limit) */
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Network failure or a non-JSON answer: HTTP status and text (SPEC §8). */
export const NETWORK_ERROR_CODE = -1;

let currentLanguage = 'zh';
/** The client sends the interface language so server messages come back in it. */
export function setApiLanguage(lang: string) {
  currentLanguage = lang;
}
/** The language calls are sent in (downloads outside api() send it too). */
export const apiLanguage = () => currentLanguage;

async function parseEnvelope<T>(res: Response): Promise<T> {
  const text = await res.text();
  let body: Envelope<T> | null = null;
  try {
    body = JSON.parse(text) as Envelope<T>;
  } catch {
    throw new ApiError(NETWORK_ERROR_CODE, `HTTP ${res.status} ${text.slice(0, 200)}`.trim(), res.status);
  }
  if (typeof body?.code !== 'number') {
    throw new ApiError(NETWORK_ERROR_CODE, `HTTP ${res.status}`, res.status);
  }
  if (body.code !== SUCCESS_CODE) throw new ApiError(body.code, body.msg, res.status, body.data);
  return body.data;
}

/** The wait a TRY_AGAIN answer asks for (Retry-After in seconds), within reason. */
function retryDelayMs(res: Response): number {
  const seconds = Number(res.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 5) * 1000 : 1000;
}

/**
 * fetch, a network failure as an ApiError, and the envelope read. A TRY_AGAIN answer (the server
 * lost its database connection, or was stopping, before the call completed) is sent once more
 * after the wait it asks for; a second one reaches the caller.
 */
async function fetchEnvelope<T>(path: string, init: RequestInit, retried = false): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, init);
  } catch (e) {
    throw new ApiError(NETWORK_ERROR_CODE, e instanceof Error ? e.message : String(e), 0);
  }
  try {
    return await parseEnvelope<T>(res);
  } catch (e) {
    if (retried || !(e instanceof ApiError) || e.code !== TRY_AGAIN_CODE) throw e;
    await new Promise((resolve) => setTimeout(resolve, retryDelayMs(res)));
    return fetchEnvelope<T>(path, init, true);
  }
}

function send<T>(path: string, init: RequestInit): Promise<T> {
  return fetchEnvelope<T>(path, {
    method: 'POST',
    credentials: 'same-origin',
    ...init,
    headers: { Accept: 'application/json', 'Accept-Language': currentLanguage, ...init.headers },
  });
}

/*
 * Calls are named as in the contract's whose schemas give their types; the path comes from
 * API, so the schemas (and zod) stay out of the pages' code.
 */
type NameOf<C> = { [K in RouteName]: Routes[K] extends C ? K : never }[RouteName];
/** A call that is POSTed with a JSON body. */
type JsonCall = NameOf<RouteDef & { method: 'POST'; form?: undefined }>;
/** The body a call takes: left out when its schema lets it be (an empty object is sent). */
type BodyArgs<R extends RouteDef> =
  undefined extends RouteBody<R> ? [body?: RouteBody<R>] : [body: RouteBody<R>];

/** Every call is a POST with a JSON body and answers the `{code, msg, data}` envelope. */
export function api<K extends JsonCall>(
  call: K,
  ...[body = {}]: BodyArgs<Routes[K]>
): Promise<RouteData<Routes[K]>> {
  return send(API[call], { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
}

/**
 * A read by GET, with nothing but the address: the same request as a <link rel=preload as=fetch
 * crossorigin> in the page's HTML, so the browser answers it with that preloaded response.
 */
export function apiGet<K extends NameOf<RouteDef & { method: 'GET' }>>(
  call: K,
  query: RouteQuery<Routes[K]>,
): Promise<RouteData<Routes[K]>> {
  return fetchEnvelope(`${API[call]}?${new URLSearchParams(query)}`, { credentials: 'same-origin' });
}

/** A call that takes a multipart form (a file and fields). */
export function apiUpload<K extends NameOf<RouteDef & { form: object }>>(
  call: K,
  form: FormData,
): Promise<RouteData<Routes[K]>> {
  return send(API[call], { body: form });
}
