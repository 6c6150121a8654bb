/**
 * One HTTP call of an engine to its provider: a body (JSON or a form) out, JSON back, within a
 * timeout and the caller's signal, tried again on the answers the caller names. What goes wrong
 * is handed to the caller's `fail` as an HttpJsonFailure, so each engine family keeps its own
 * error kinds (EngineError for translation, SpeechError for speech).
 */

export type HttpJsonFailure =
  /** fetch threw: the connection failed, the timeout or the caller's signal fired */
  | { kind: 'request'; error: unknown; timedOut: boolean; aborted: boolean }
  /** a status other than 2xx, with the answer's text ('' when unreadable) and its Retry-After */
  | { kind: 'status'; status: number; text: string; retryAfter: string | null }
  /** the body of a 2xx answer could not be read */
  | { kind: 'read'; error: unknown; timedOut: boolean; aborted: boolean }
  /** the body of a 2xx answer is not JSON */
  | { kind: 'not-json'; text: string };

export interface JsonCall {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** a value sent as JSON (content-type application/json) */
  json?: unknown;
  /** any other body (a form), made afresh for each try */
  body?: () => NonNullable<RequestInit['body']>;
  /** for each try: the request and the reading of its answer */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** answers tried again, up to `times` more times, after delayMs(Retry-After) */
  retry?: {
    times: number;
    when: (status: number) => boolean;
    delayMs: (retryAfter: string | null) => number;
  };
}

/** A failure's error message: the thrown error's message, or the thrown value as text. */
export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/** The answer's JSON; on failure, throws what `fail` makes of it. */
export async function callJson(call: JsonCall, fail: (failure: HttpJsonFailure) => Error): Promise<unknown> {
  const headers = {
    ...(call.json !== undefined ? { 'content-type': 'application/json' } : {}),
    ...call.headers,
  };
  for (let attempt = 0; ; attempt++) {
    const timeout = AbortSignal.timeout(call.timeoutMs);
    const signal = call.signal ? AbortSignal.any([call.signal, timeout]) : timeout;
    const interrupted = () => ({ timedOut: timeout.aborted, aborted: call.signal?.aborted ?? false });
    let res: Response;
    try {
      res = await fetch(call.url, {
        method: call.method,
        headers,
        body: call.json !== undefined ? JSON.stringify(call.json) : call.body?.(),
        signal,
      });
    } catch (error) {
      throw fail({ kind: 'request', error, ...interrupted() });
    }
    if (!res.ok) {
      if (call.retry && attempt < call.retry.times && call.retry.when(res.status)) {
        const delay = call.retry.delayMs(res.headers.get('retry-after'));
        await res.body?.cancel().catch(() => undefined);
        await sleep(delay, call.signal);
        continue;
      }
      const text = await res.text().catch(() => '');
      throw fail({ kind: 'status', status: res.status, text, retryAfter: res.headers.get('retry-after') });
    }
    let text: string;
    try {
      text = await res.text();
    } catch (error) {
      throw fail({ kind: 'read', error, ...interrupted() });
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw fail({ kind: 'not-json', text });
    }
  }
}
