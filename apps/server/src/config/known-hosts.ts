import type { SiteProfile } from '@subtrans/contract';

/**
 * The hosts this deployment answers as themselves: PUBLIC_URL's host, the hosts of
 * TRUSTED_ORIGINS, and those a site profile names (an exact name or `*.example.com`; the bare `*`
 * names none). Any other Host (or X-Forwarded-Host) is taken for PUBLIC_URL's host in every
 * per-host decision, so a forged header can only choose among the sites configured here.
 */
export interface HostPolicy {
  /** PUBLIC_URL's host name (localhost when PUBLIC_URL is unset) */
  readonly publicHost: string;
  isKnown(host: string): boolean;
  /** the host itself when known, else PUBLIC_URL's host */
  effective(host: string): string;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).hostname.toLowerCase();
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
  const suffixes: string[] = [];
  for (const pattern of profiles.flatMap((p) => p.hosts)) {
    const lower = pattern.toLowerCase();
    if (lower === '*') continue;
    if (lower.startsWith('*.')) suffixes.push(lower.slice(1));
    else exact.add(lower);
  }
  const isKnown = (host: string) =>
    host !== '' && (exact.has(host) || suffixes.some((suffix) => host.endsWith(suffix)));
  return { publicHost, isKnown, effective: (host) => (isKnown(host) ? host : publicHost) };
}
