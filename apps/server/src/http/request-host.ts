import type { FastifyRequest } from 'fastify';
import { normalOrigin } from './host-name.js';

/**
 * The one place that reads the request's Host and scheme. Fastify's `req.host` is the Host header, or
 * X-Forwarded-Host when the peer is a trusted proxy (TRUST_PROXY); `req.protocol` likewise.
 */

/**
 * The request's origin as the browser addressed it, its host as a DNS name (lower case, without
 * the root's trailing dot: http/host-name.ts); null when its Host is not a host name.
 */
export function requestOrigin(req: FastifyRequest): string | null {
  return normalOrigin(`${req.protocol}://${req.host}`);
}

/** Whether the browser reached us over https (X-Forwarded-Proto only from a trusted proxy). */
export function isHttps(req: FastifyRequest): boolean {
  return req.protocol === 'https';
}

/** The host name the request names, normalised, without its port ('' when it names none). */
export function requestedHost(req: FastifyRequest): string {
  const origin = requestOrigin(req);
  return origin ? new URL(origin).hostname : '';
}

/**
 * The host every per-host decision uses: the requested one when this deployment knows it. Takes the
 * host policy by its shape: http/ sits below config and the context and imports neither.
 */
export function effectiveHost(
  ctx: { hosts: { effective(host: string): string } },
  req: FastifyRequest,
): string {
  return ctx.hosts.effective(requestedHost(req));
}
