import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../harness.js';

export interface HostedCall {
  /** the Host header the browser (or the forger) sends */
  host: string;
  /** a session token, sent as the cookie with an Origin of the host */
  token?: string;
  /** more headers (X-Forwarded-Host …) */
  headers?: Record<string, string>;
  /** the peer's address (a proxy's, or the client's) */
  ip?: string;
}

/** A POST as a browser on `host` makes it: JSON by default, or an empty form (the sandbox's buttons). */
export function postOn(
  t: TestApp,
  call: HostedCall,
  url: string,
  body: unknown = {},
  form = false,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      host: call.host,
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      ...(call.token ? { cookie: `user_sessionid=${call.token}`, origin: `http://${call.host}` } : {}),
      ...call.headers,
    },
    payload: form ? '' : JSON.stringify(body),
    ...(call.ip ? { remoteAddress: call.ip } : {}),
  });
}

/** A GET of a page as a browser on `host` makes it. */
export function getOn(t: TestApp, call: HostedCall, url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'GET',
    url,
    headers: {
      host: call.host,
      ...(call.token ? { cookie: `user_sessionid=${call.token}` } : {}),
      ...call.headers,
    },
    ...(call.ip ? { remoteAddress: call.ip } : {}),
  });
}
