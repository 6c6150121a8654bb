import type { SiteProfile } from '@subtrans/contract';
import { hostMatches, normalHost } from '../http/host-name.js';

/**
 * The hosts this deployment answers as themselves: PUBLIC_URL's host, the hosts of
 * TRUSTED_ORIGINS, and those a site profile names (an exact name or `*.example.com`; the bare `*`
 * names none). Any other Host (or X-Forwarded-Host) is taken for PUBLIC_URL's host in every
 * per-host decision, so a forged header can only choose among the sites configured here. Hosts
 * are compared as DNS names (http/host-name.ts): `Shop.Example.cn.` is shop.example.cn.
 */
export interface HostPolicy {
  /** PUBLIC_URL's host name (localhost when PUBLIC_URL is unset) */
  readonly publicHost: string;
  isKnown(host: string): boolean;
  /** the host itself (normalised) when known, else PUBLIC_URL's host */
  effective(host: string): string;
}

function hostOf(origin: string): string | null {
  try {
    return normalHost(new URL(origin).hostname) || null;
  } catch {
    return null;
  }
}

export function hostPolicy(
  publicOrigin: string,
  trustedOrigins: Iterable<string>,
  profiles: SiteProfile[],
): HostPolicy {
  const publicHost = hostOf(publicOrigin) ?? 'localhost';
  const exact = new Set([publicHost]);
  for (const origin of trustedOrigins) {
    const host = hostOf(origin);
    if (host) exact.add(host);
  }
  // `*` names no host of its own: it is the profile of hosts no other pattern names
  const patterns = profiles.flatMap((p) => p.hosts).filter((p) => p.trim() !== '*');
  const isKnown = (raw: string) => {
    const host = normalHost(raw);
    return host !== '' && (exact.has(host) || patterns.some((p) => hostMatches(p, host)));
  };
  return {
    publicHost,
    isKnown,
    effective: (host) => (isKnown(host) ? normalHost(host) : publicHost),
  };
}
