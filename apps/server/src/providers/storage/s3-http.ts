import http from 'node:http';
import https from 'node:https';
import { text } from 'node:stream/consumers';
import { finished } from 'node:stream/promises';
import { AwsV4Signer } from 'aws4fetch';

export interface S3Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

export interface S3Call {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** covers every attempt and, for a GET, the reading of the body */
  signal: AbortSignal;
}

/** the storage's answer; its body is a stream to read, or to `discard` so the socket is reused */
export type S3Answer = http.IncomingMessage & { statusCode: number };

/**
 * Signs (SigV4, unsigned payload) and sends S3 calls over node:http/https with agents of their own.
 *
 * Not fetch: Node's fetch sends through whatever undici dispatcher is global, and alipay-sdk's
 * undici 7 installs its own Agent there; Node 20's fetch then adds a second Content-Length to
 * ours ("5, 5"), which undici 7 refuses ("invalid content-length header"), so every S3 write
 * failed in the built server. node:http has no global dispatcher to be replaced.
 *
 * 5xx and 429 answers are tried again twice, after at most 50 then 100 ms (as aws4fetch did), and
 * so is a call sent on a kept-alive socket that the storage had already closed.
 */
export function s3Http(credentials: S3Credentials, opts: { retries?: number; initRetryMs?: number } = {}) {
  const retries = opts.retries ?? 2;
  const initRetryMs = opts.initRetryMs ?? 50;
  const agents = {
    'http:': new http.Agent({ keepAlive: true }),
    'https:': new https.Agent({ keepAlive: true }),
  };

  const attempt = async (call: S3Call): Promise<S3Answer> => {
    // signed anew each time: the signature carries the time
    const signed = await new AwsV4Signer({
      url: call.url,
      method: call.method,
      headers: call.headers ?? {},
      ...credentials,
      service: 's3',
    }).sign();
    const url = new URL(signed.url);
    const headers: Record<string, string> = Object.fromEntries(signed.headers);
    // S3 refuses chunked uploads: a call that sends a body states its length, once
    if (call.body !== undefined || call.method === 'PUT' || call.method === 'POST')
      headers['content-length'] = String(Buffer.byteLength(call.body ?? ''));
    const send = url.protocol === 'https:' ? https.request : http.request;
    const agent = url.protocol === 'https:' ? agents['https:'] : agents['http:'];
    return new Promise<S3Answer>((resolve, reject) => {
      const req = send(url, { method: call.method, headers, agent, signal: call.signal }, (res) =>
        resolve(res as S3Answer),
      );
      req.on('error', (error: NodeJS.ErrnoException) => {
        // a reused keep-alive socket the storage closed meanwhile: the call never reached it
        const stale = req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        reject(Object.assign(error, { stale }));
      });
      req.end(call.body);
    });
  };

  return async function s3Send(call: S3Call): Promise<S3Answer> {
    for (let i = 0; ; i++) {
      let res: S3Answer;
      try {
        res = await attempt(call);
      } catch (error) {
        if (call.signal.aborted) throw abortError(call.signal);
        if ((error as { stale?: boolean }).stale && i < retries) continue;
        throw error;
      }
      if ((res.statusCode < 500 && res.statusCode !== 429) || i >= retries) return res;
      await discard(res);
      await sleep(Math.random() * initRetryMs * 2 ** i, call.signal);
    }
  };
}

/** drains an answer whose body is not wanted; resolves once its socket is back with the agent */
export async function discard(res: S3Answer): Promise<void> {
  res.resume();
  await finished(res).catch(() => undefined);
}

/** the answer's body as text (an error's XML); empty when it cannot be read */
export function bodyText(res: S3Answer): Promise<string> {
  return text(res).catch(() => '');
}

function abortError(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new Error('aborted');
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError(signal));
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
