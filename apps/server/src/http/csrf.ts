import type { FastifyRequest } from 'fastify';
import { SESSION } from '@subtrans/contract';
import { normalOrigin } from './host-name.js';
import { requestOrigin } from './request-host.js';

/**
 * Cross-site request check for state-changing calls. A browser always sends Origin on a
 * cross-origin POST; a call carrying our session cookie must come from one of our origins.
 * Calls without the cookie (Bearer clients, provider webhooks) are not exposed to CSRF.
 */
export function isCrossSiteForgery(req: FastifyRequest, trusted: ReadonlySet<string>): boolean {
  if (req.method !== 'POST' && req.method !== 'PUT' && req.method !== 'PATCH' && req.method !== 'DELETE')
    return false;
  // compared as URL origins of DNS names, so an explicit default port (Host: example.com:443), case
  // and the root's trailing dot (example.com.) do not count
  const own = requestOrigin(req);
  const allowed = (origin: string) => {
    const normalised = normalOrigin(origin);
    return normalised !== null && (normalised === own || trusted.has(normalised) || trusted.has(origin));
  };
  const origin = req.headers.origin;
  if (origin && origin !== 'null') return !allowed(origin);
  const hasCookie = Boolean(req.cookies[SESSION.cookieName]);
  if (!hasCookie) return false;
  if (origin === 'null') return true;
  const referer = req.headers.referer;
  if (!referer) return true;
  return !allowed(referer);
}
