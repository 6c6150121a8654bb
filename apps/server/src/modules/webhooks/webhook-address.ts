import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { lookup as lookupAll } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Issue 39's host rules (docs/security.md): a webhook goes to a public address only, never to the
 * server's own network (loopback, private, link-local such as a cloud's metadata service, CGNAT,
 * unique-local, multicast, reserved). Checked when the endpoint is set, and again for every address
 * each connection resolves to, so a name that resolves elsewhere later (DNS rebinding) is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
}

export type UrlProblem = 'invalid' | 'private' | 'unresolved';

/** The endpoint's URL as it is kept, or why it cannot receive webhooks. */
export async function checkWebhookUrl(
  raw: string,
  allowPrivate: boolean,
): Promise<{ url: string } | { problem: UrlProblem }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: 'invalid' };
  }
  const schemes = allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol) || url.username || url.password) return { problem: 'invalid' };
  if (allowPrivate) return { url: url.href };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return { problem: 'private' };
  if (isIP(host)) return isPublicAddress(host) ? { url: url.href } : { problem: 'private' };
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(host, { all: true });
  } catch {
    return { problem: 'unresolved' };
  }
  return addresses.every((a) => isPublicAddress(a.address)) ? { url: url.href } : { problem: 'private' };
}

/** A connection's address lookup that refuses every address but public ones (node's `lookup`). */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true } as LookupAllOptions, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || !addresses.length) {
      const e = Object.assign(new Error(`${hostname} resolves to a private address`), { code: 'EPRIVATE' });
      return callback(e, '', 4);
    }
    if ((options as { all?: boolean }).all)
      return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};
