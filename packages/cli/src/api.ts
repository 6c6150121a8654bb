import createClient from 'openapi-fetch';
import type { paths } from './api-schema.js';

/** What a JSON call answers in `data` on success (code 20000), from the generated schema. */
type Data<P extends keyof paths> = paths[P]['post'] extends {
  responses: { 200: { content: { 'application/json': { data: infer D } } } };
}
  ? D
  : never;

export type Task = Data<'/task/list'>['list'][number];
export type TaskStatus = Task['status'];
export type Balance = Data<'/user/get_point'>;

/**
 * The upload form's fields besides the file. The OpenAPI document does not describe multipart
 * bodies (it gives /task/create no requestBody), so these are written here from the contract's
 * createTaskFields; the answer is typed from the document.
 */
export interface CreateFields {
  targetLanguage: string;
  originalLanguage?: string;
  translationService?: string;
}

export type ExportFormat = 'srt' | 'vtt' | 'ass';

/** The codes the CLI acts on (packages/contract/src/errors.ts and api-key-errors.ts). */
export const CODES = {
  OK: 20000,
  /** the key is unknown or revoked */
  KEY_INVALID: 40102,
  /** a key may not make this call at all */
  KEY_NOT_ALLOWED: 40321,
  /** a read-only key asked to create or start work */
  KEY_READ_ONLY: 40322,
  INSUFFICIENT_POINTS: 40200,
  TASK_NOT_FOUND: 40402,
  TASK_ALREADY_STARTED: 40904,
  /** the Idempotency-Key's first request still runs */
  IDEMPOTENCY_IN_PROGRESS: 40990,
  /** the Idempotency-Key was used with another request */
  IDEMPOTENCY_KEY_REUSED: 42250,
  RATE_LIMITED: 42930,
  TRY_AGAIN: 50305,
} as const;

/** Refusals of the key itself: every other call would be refused the same way, so the run stops. */
export const KEY_REFUSALS: ReadonlySet<number> = new Set([
  CODES.KEY_INVALID,
  CODES.KEY_NOT_ALLOWED,
  CODES.KEY_READ_ONLY,
]);

/** A call that failed: the server's code and message (code 0: no answer from the server). */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 0,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiOptions {
  baseUrl: string;
  key: string;
  /** the language of the server's messages (the account's own setting wins on the server) */
  language?: string;
  fetch?: (input: Request) => Promise<Response>;
  sleep?: (ms: number) => Promise<void>;
  /** told before each wait for a retry (rate limit, a lost connection) */
  onRetry?: (what: string, why: string, waitMs: number) => void;
  /** one request's longest wait for an answer */
  timeoutMs?: number;
}

type Outcome<T> =
  | { ok: true; value: T }
  | { ok: false; status: number; code: number; msg: string; retryAfterMs: number | null };

/** A lost connection is tried again this many times, waiting 0.5, 1, 2, 4 s. */
const NETWORK_RETRIES = 4;
/** 429s are waited out (Retry-After) this many times in a row before giving up */
const RATE_LIMIT_RETRIES = 10;
/** 40990: the same request is still running on the server (a retry raced it) */
const IN_PROGRESS_RETRIES = 10;
const RETRY_AFTER_MAX_MS = 120_000;

const sleeper = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function isEnvelope(v: unknown): v is { code: number; msg: string; data?: unknown } {
  return typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';
}

/** Retry-After in ms: the header, else the envelope's `data.retryAfter` (seconds). */
function retryAfterOf(res: Response, body: unknown): number | null {
  const header = Number(res.headers.get('retry-after'));
  const data = isEnvelope(body) ? (body.data as { retryAfter?: unknown } | undefined) : undefined;
  const seconds = header > 0 ? header : typeof data?.retryAfter === 'number' ? data.retryAfter : NaN;
  return Number.isFinite(seconds) ? Math.min(seconds * 1000, RETRY_AFTER_MAX_MS) : null;
}

/** An answer read as `{code, msg, data}`: success only with a 2xx status and code 20000. */
function outcomeOf<T>(res: Response, body: unknown): Outcome<T> {
  if (res.ok && isEnvelope(body) && body.code === CODES.OK) return { ok: true, value: body.data as T };
  return {
    ok: false,
    status: res.status,
    code: isEnvelope(body) ? body.code : 0,
    msg: isEnvelope(body) ? body.msg : `HTTP ${res.status} ${res.statusText}`.trim(),
    retryAfterMs: retryAfterOf(res, body),
  };
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The calls the CLI makes, typed from the generated schema, each retried where retrying is safe:
 * a lost connection (the calls that create or start work carry an Idempotency-Key, so a retry
 * never makes a second task or charges twice), 429 after Retry-After, 50305 once after Retry-After.
 */
export class Api {
  private readonly client;
  private readonly fetch: (input: Request) => Promise<Response>;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly base: string;

  constructor(private readonly opts: ApiOptions) {
    this.fetch = opts.fetch ?? ((req) => globalThis.fetch(req));
    this.sleep = opts.sleep ?? sleeper;
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.client = createClient<paths>({
      baseUrl: this.base,
      headers: this.headers(),
      fetch: this.fetch,
    });
  }

  private headers(): Record<string, string> {
    return { Authorization: `Bearer ${this.opts.key}`, 'Accept-Language': this.opts.language ?? 'en' };
  }

  private signal(): AbortSignal {
    return AbortSignal.timeout(this.opts.timeoutMs ?? 120_000);
  }

  /** Sends `once` until it succeeds or fails for good (see the class's comment). */
  private async retrying<T>(what: string, once: () => Promise<Outcome<T>>): Promise<T> {
    const tries = { network: 0, limited: 0, tryAgain: 0, inProgress: 0 };
    for (;;) {
      let out: Outcome<T>;
      try {
        out = await once();
      } catch (e) {
        const reason =
          e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e);
        if (tries.network >= NETWORK_RETRIES)
          throw new ApiError(0, `${what}: no answer from the server (${reason})`);
        const wait = 500 * 2 ** tries.network++;
        this.opts.onRetry?.(what, `no answer (${reason})`, wait);
        await this.sleep(wait);
        continue;
      }
      if (out.ok) return out.value;
      const wait = (fallback: number) => out.retryAfterMs ?? fallback;
      let why: string | null = null;
      let ms = 0;
      if (out.status === 429 && tries.limited++ < RATE_LIMIT_RETRIES) {
        [why, ms] = ['rate limited', wait(5000)];
      } else if (out.code === CODES.TRY_AGAIN && tries.tryAgain++ < 1) {
        [why, ms] = ['the server asked to try again', wait(1000)];
      } else if (out.code === CODES.IDEMPOTENCY_IN_PROGRESS && tries.inProgress++ < IN_PROGRESS_RETRIES) {
        [why, ms] = ['the same request is still running', 1000];
      } else if (out.code === 0 && [502, 503, 504].includes(out.status) && tries.network < NETWORK_RETRIES) {
        // a proxy in front of the server answered for it: like a lost connection
        [why, ms] = [`HTTP ${out.status}`, 500 * 2 ** tries.network++];
      }
      if (why === null) throw new ApiError(out.code, out.msg, out.status);
      this.opts.onRetry?.(what, why, ms);
      await this.sleep(ms);
    }
  }

  /** The balance: also a cheap check of the key before any work. */
  balance(): Promise<Balance> {
    return this.retrying('checking the key', async () => {
      const r = await this.client.POST('/user/get_point', { signal: this.signal() });
      return outcomeOf<Balance>(r.response, r.data ?? r.error);
    });
  }

  /** Uploads a subtitle file as a new task (multipart: a plain fetch, see CreateFields). */
  create(
    file: { name: string; bytes: Uint8Array },
    fields: CreateFields,
    idempotencyKey: string,
  ): Promise<Task> {
    const path = '/task/create' satisfies keyof paths;
    return this.retrying(`uploading ${file.name}`, async () => {
      const form = new FormData();
      // the fields before the file: the server reads the form as a stream, in order
      for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
      form.append('file', new Blob([file.bytes]), file.name);
      const req = new Request(this.base + path, {
        method: 'POST',
        headers: { ...this.headers(), 'Idempotency-Key': idempotencyKey },
        body: form,
        signal: this.signal(),
      });
      const res = await this.fetch(req);
      return outcomeOf<Data<'/task/create'>>(res, await readBody(res));
    });
  }

  /** Holds the task's points and queues its translation. */
  start(id: string, idempotencyKey: string): Promise<Task> {
    return this.retrying('starting the translation', async () => {
      const r = await this.client.POST('/task/start', {
        body: { id },
        params: { header: { 'idempotency-key': idempotencyKey } },
        signal: this.signal(),
      });
      return outcomeOf<Task>(r.response, r.data ?? r.error);
    });
  }

  /** The newest tasks, without their lines: one call tells the state of every running task. */
  list(size: number): Promise<Task[]> {
    return this.retrying('reading the tasks', async () => {
      const r = await this.client.POST('/task/list', { body: { page: 1, size }, signal: this.signal() });
      return outcomeOf<Data<'/task/list'>>(r.response, r.data ?? r.error);
    }).then((page) => page.list);
  }

  /** One task (with its lines: heavier than list, for a task list does not show). */
  get(id: string): Promise<Task> {
    return this.retrying('reading the task', async () => {
      const r = await this.client.POST('/task/get', { body: { id }, signal: this.signal() });
      return outcomeOf<Task>(r.response, r.data ?? r.error);
    });
  }

  /** The translated file's bytes (a download, not an envelope; a refusal is one). */
  export(id: string, format: ExportFormat, includeOriginal: boolean): Promise<Uint8Array> {
    const path = '/task/export' satisfies keyof paths;
    return this.retrying(`downloading the ${format}`, async () => {
      const res = await this.fetch(
        new Request(this.base + path, {
          method: 'POST',
          headers: { ...this.headers(), 'Content-Type': 'application/json' },
          body: JSON.stringify({ id, format, includeOriginal }),
          signal: this.signal(),
        }),
      );
      const type = res.headers.get('content-type') ?? '';
      if (res.ok && !type.includes('application/json'))
        return { ok: true, value: new Uint8Array(await res.arrayBuffer()) };
      return outcomeOf<never>(res, await readBody(res));
    });
  }
}
