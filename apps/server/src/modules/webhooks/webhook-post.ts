import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress, publicOnlyLookup } from './webhook-address.js';

export interface PostOutcome {
  /** the receiver's HTTP status; null: none (refused address, network, timeout) */
  status: number | null;
  error: string | null;
}

const TIMEOUT_MS = 10_000;

/**
 * POSTs one event to a receiver: redirects are not followed (a 3xx is an answer, not a success),
 * the answer's body is read and dropped, and every address the connection uses is checked
 * (publicOnlyLookup) unless private hosts are allowed (tests, a developer's machine).
 */
export function postEvent(
  url: string,
  headers: Record<string, string>,
  body: string,
  allowPrivate: boolean,
): Promise<PostOutcome> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(host) && !isPublicAddress(host)) {
      resolve({ status: null, error: `${host} is a private address` });
      return;
    }
    const send = target.protocol === 'https:' ? https.request : http.request;
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        timeout: TIMEOUT_MS,
        ...(allowPrivate ? {} : { lookup: publicOnlyLookup }),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
        res.on('error', (err) => resolve({ status: res.statusCode ?? null, error: err.message }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${TIMEOUT_MS / 1000} s`)));
    req.on('error', (err) => resolve({ status: null, error: err.message.slice(0, 300) }));
    req.end(body);
  });
}
