import { ErrorCodes, type CompletedUpload, type MediaType } from '@subtrans/contract';
import { api, ApiError } from './api-client';
import { STORAGE_KEYS, storage } from './storage';

/**
 * Direct upload of an audio/video file to object storage (the server only signs): start an
 * upload, ask for presigned part URLs (≤ 100 a call, valid 1 h), PUT the parts (3 at a time,
 * each retried with backoff), then complete it. The finished parts are remembered in
 * localStorage, so choosing the same file again after a dropped connection or a reload sends
 * only the missing parts.
 */

/** One part's PUT: resolves with the ETag the storage answered. */
export type PutPart = (
  url: string,
  body: Blob,
  opts: { signal: AbortSignal; onProgress: (loadedBytes: number) => void },
) => Promise<string>;

/** The storage answered that it is out of space (507): sending the part again soon cannot help. */
export const STORAGE_FULL_STATUS = 507;

/** A part's PUT did not succeed: HTTP status (0 = network failure). */
export class PartUploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'PartUploadError';
  }
}

export const abortError = () => new DOMException('The upload was cancelled', 'AbortError');

/**
 * Abort an upload with this reason to pause it (the page is left): the parts sent stay on the
 * server and in the record, for a resume. Any other abort is the user's cancel.
 */
export const UPLOAD_PAUSED = 'upload-paused';

export const isAbortError = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/** The browser's PUT, with upload progress (fetch has none). No credentials, no content type. */
export const xhrPut: PutPart = (url, body, { signal, onProgress }) =>
  new Promise<string>((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal.addEventListener('abort', onAbort, { once: true });
    xhr.open('PUT', url);
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        const etag = xhr.getResponseHeader('ETag');
        if (etag) resolve(etag);
        // an S3 bucket whose CORS rules do not expose ETag
        else reject(new PartUploadError(xhr.status, 'the storage answered no ETag'));
      } else {
        reject(new PartUploadError(xhr.status, `HTTP ${xhr.status} ${xhr.statusText}`.trim()));
      }
    };
    xhr.onerror = () => reject(new PartUploadError(0, 'network error'));
    xhr.ontimeout = () => reject(new PartUploadError(0, 'timeout'));
    xhr.onabort = () => reject(abortError());
    xhr.onloadend = () => signal.removeEventListener('abort', onAbort);
    xhr.send(body);
  });

/** What localStorage keeps of an unfinished upload. */
export interface UploadRecord {
  fingerprint: string;
  uploadId: string;
  objectKey: string;
  partSize: number;
  partCount: number;
  /** partNumber → ETag of every part the storage has */
  done: Record<number, string>;
}

export const fingerprintOf = (file: File) => `${file.name}|${file.size}|${file.lastModified}`;

export function readUploadRecord(): UploadRecord | null {
  try {
    const raw = storage.get(STORAGE_KEYS.mediaUpload);
    const r = raw ? (JSON.parse(raw) as Partial<UploadRecord>) : null;
    if (
      !r ||
      typeof r.fingerprint !== 'string' ||
      typeof r.uploadId !== 'string' ||
      typeof r.objectKey !== 'string' ||
      typeof r.partSize !== 'number' ||
      typeof r.partCount !== 'number' ||
      typeof r.done !== 'object' ||
      r.done === null
    )
      return null;
    return r as UploadRecord;
  } catch {
    return null;
  }
}

const writeRecord = (r: UploadRecord) => storage.set(STORAGE_KEYS.mediaUpload, JSON.stringify(r));
const clearRecord = () => storage.remove(STORAGE_KEYS.mediaUpload);

/** The bytes already stored of `file`'s unfinished upload (0 when there is none to resume). */
export function resumableBytes(file: File): number {
  const r = readUploadRecord();
  if (!r || r.fingerprint !== fingerprintOf(file)) return 0;
  return Object.keys(r.done).reduce((sum, n) => sum + partLength(file.size, r.partSize, Number(n)), 0);
}

const partLength = (size: number, partSize: number, n: number) =>
  Math.max(0, Math.min(partSize, size - (n - 1) * partSize));

export interface UploadOptions {
  type: MediaType;
  onProgress?: (sentBytes: number, totalBytes: number) => void;
  signal?: AbortSignal;
  /** the PUT of one part (the browser's XMLHttpRequest unless a test plays the network) */
  put?: PutPart;
  /** parts in flight at once */
  concurrency?: number;
  /** further attempts of a failed part */
  retries?: number;
  /** the first retry's wait; doubled for each further one */
  retryDelayMs?: number;
}

/** presigned URLs at most this many a call (the contract's limit) */
const URL_BATCH = 100;
/** a URL this close to its expiry is asked for again instead of used */
const URL_MARGIN_MS = 60_000;

const isUploadGone = (e: unknown) => e instanceof ApiError && e.code === ErrorCodes.UPLOAD_NOT_FOUND.code;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortError());
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError());
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Uploads `file` (resuming its earlier unfinished upload when there is one) and answers the
 * stored object. Rejects with an AbortError when `signal` aborts: the upload is then abandoned on
 * the server and forgotten here (unless aborted with UPLOAD_PAUSED). Any other failure keeps what
 * was sent, for a later call.
 */
export async function uploadFile(file: File, opts: UploadOptions): Promise<CompletedUpload> {
  const put = opts.put ?? xhrPut;
  const concurrency = Math.max(1, opts.concurrency ?? 3);
  const retries = opts.retries ?? 3;
  const retryDelayMs = opts.retryDelayMs ?? 1000;
  const signal = opts.signal ?? new AbortController().signal;
  const total = file.size;
  let reported = 0;
  const report = (sent: number) => {
    // a retried part starts again from 0: the bar never goes back
    const next = Math.min(total, Math.max(reported, sent));
    if (next === reported && sent !== 0) return;
    reported = next;
    opts.onProgress?.(next, total);
  };

  let record: UploadRecord | null = null;
  try {
    for (let round = 0; ; round++) {
      if (signal.aborted) throw abortError();
      const saved = readUploadRecord();
      if (saved && saved.fingerprint === fingerprintOf(file)) {
        record = saved;
      } else {
        const ticket = await api('fileStartUpload', {
          fileName: file.name,
          size: file.size,
          contentType: file.type || 'application/octet-stream',
          type: opts.type,
        });
        record = { fingerprint: fingerprintOf(file), ...ticket, done: {} };
        writeRecord(record);
        if (signal.aborted) throw abortError();
      }
      try {
        await sendParts(file, record, { put, concurrency, retries, retryDelayMs, signal, report });
        const parts = Object.entries(record.done)
          .map(([n, etag]) => ({ partNumber: Number(n), etag }))
          .sort((a, b) => a.partNumber - b.partNumber);
        const done = await api('fileCompleteUpload', { uploadId: record.uploadId, parts });
        clearRecord();
        report(total);
        return done;
      } catch (e) {
        // the server no longer knows the upload (expired, cleaned up): start over, once
        if (isUploadGone(e) && round === 0 && !signal.aborted) {
          clearRecord();
          record = null;
          // the bytes must all be sent again: the bar restarts with them
          reported = 0;
          continue;
        }
        throw e;
      }
    }
  } catch (e) {
    if (signal.aborted && signal.reason === UPLOAD_PAUSED) throw abortError();
    if (signal.aborted) {
      // the user cancelled: the server drops the parts, nothing is kept to resume
      const uploadId = record?.uploadId;
      if (uploadId) {
        clearRecord();
        await api('fileAbortUpload', { uploadId }).catch(() => undefined);
      }
      throw isAbortError(e) ? e : abortError();
    }
    throw e;
  }
}

interface SendContext {
  put: PutPart;
  concurrency: number;
  retries: number;
  retryDelayMs: number;
  signal: AbortSignal;
  report: (sent: number) => void;
}

/** Sends the parts `record` lacks; updates and saves `record` after each one. */
async function sendParts(file: File, record: UploadRecord, ctx: SendContext): Promise<void> {
  const { partSize, partCount, uploadId } = record;
  const queue: number[] = [];
  for (let n = 1; n <= partCount; n++) if (!record.done[n]) queue.push(n);
  let doneBytes = 0;
  for (const n of Object.keys(record.done)) doneBytes += partLength(file.size, partSize, Number(n));
  const inFlight = new Map<number, number>();
  const progress = () => {
    let sent = doneBytes;
    for (const loaded of inFlight.values()) sent += loaded;
    ctx.report(sent);
  };
  progress();
  if (queue.length === 0) return;

  // one failing part stops the others (the user's cancel too)
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  ctx.signal.addEventListener('abort', onAbort, { once: true });

  const urls = new Map<number, { url: string; expires: number }>();
  const asking = new Map<number, Promise<void>>();
  const fresh = (n: number) => {
    const u = urls.get(n);
    return u && u.expires - URL_MARGIN_MS > Date.now() ? u : undefined;
  };
  const urlOf = async (n: number): Promise<string> => {
    const known = fresh(n);
    if (known) return known.url;
    let pending = asking.get(n);
    if (!pending) {
      // this part and the next ones waiting, in one call
      const batch = [n, ...queue.filter((m) => m !== n && !fresh(m) && !asking.has(m))].slice(0, URL_BATCH);
      pending = api('fileUploadParts', { uploadId, partNumbers: batch })
        .then((answer) => {
          const expires = Date.parse(answer.expiresAt) || Date.now() + 3_600_000;
          for (const u of answer.urls) urls.set(u.partNumber, { url: u.url, expires });
        })
        .finally(() => {
          for (const m of batch) asking.delete(m);
        });
      for (const m of batch) asking.set(m, pending);
    }
    await pending;
    const got = urls.get(n);
    if (!got) throw new Error(`no upload URL for part ${n}`);
    return got.url;
  };

  const sendOne = async (n: number) => {
    const body = file.slice((n - 1) * partSize, n * partSize);
    for (let attempt = 0; ; attempt++) {
      if (stop.signal.aborted) throw abortError();
      try {
        const url = await urlOf(n);
        inFlight.set(n, 0);
        const etag = await ctx.put(url, body, {
          signal: stop.signal,
          onProgress: (loaded) => {
            inFlight.set(n, Math.min(loaded, body.size));
            progress();
          },
        });
        inFlight.delete(n);
        record.done[n] = etag;
        doneBytes += body.size;
        writeRecord(record);
        progress();
        return;
      } catch (e) {
        inFlight.delete(n);
        const storageFull = e instanceof PartUploadError && e.status === STORAGE_FULL_STATUS;
        if (
          stop.signal.aborted ||
          isAbortError(e) ||
          isUploadGone(e) ||
          storageFull ||
          attempt >= ctx.retries
        )
          throw e;
        // 403: the signed URLs expired (they were all signed together): ask again
        if (e instanceof PartUploadError && e.status === 403) urls.clear();
        await sleep(ctx.retryDelayMs * 2 ** attempt, stop.signal);
      }
    }
  };

  const failed: { error?: Error } = {};
  const worker = async () => {
    for (let n = queue.shift(); n !== undefined; n = queue.shift()) {
      try {
        await sendOne(n);
      } catch (e) {
        failed.error ??= e instanceof Error ? e : new Error(String(e));
        stop.abort();
        return;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(ctx.concurrency, queue.length) }, worker));
  } finally {
    ctx.signal.removeEventListener('abort', onAbort);
  }
  if (ctx.signal.aborted) throw abortError();
  if (failed.error) throw failed.error;
}
