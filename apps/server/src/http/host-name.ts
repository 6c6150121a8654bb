/**
 * Host names compare as DNS names: case does not count, and the absolute form (`example.com.`, with
 * the root's trailing dot) names the same host as `example.com`. Every comparison of hosts (site
 * profiles, known hosts, CSRF origins, sign-in returns) goes through here, so a Host header cannot
 * reach another site's rules by a spelling of the same name.
 */

/** `Subs.Example.COM.:8443` → `subs.example.com`: lower case, without the port and the root's dot. */
export function normalHost(raw: string): string {
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) {
    // an IPv6 literal, perhaps with a port after the bracket
    const end = host.indexOf(']');
    return end === -1 ? host : host.slice(0, end + 1);
  }
  const colon = host.indexOf(':');
  if (colon !== -1) host = host.slice(0, colon);
  // the root's one dot; `example.com..` is no DNS name and is left as it is (unknown), so that
  // normalising twice gives what normalising once gave
  return host.endsWith('.') && !host.endsWith('..') ? host.slice(0, -1) : host;
}

/** A URL's origin with its host normalised (`https://Example.com.:443/x` → `https://example.com`); null when it has none. */
export function normalOrigin(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin === 'null') return null;
  const host = normalHost(parsed.hostname);
  if (!host) return null;
  return `${parsed.protocol}//${host}${parsed.port ? `:${parsed.port}` : ''}`;
}

/**
 * Whether a normalised host is named by a site profile's pattern: `*` (every host), `*.example.com`
 * (any host under example.com, not example.com itself) or an exact name; the pattern is normalised
 * the same way, so `Subs.Example.com.` in SITE_PROFILES names subs.example.com.
 */
export function hostMatches(pattern: string, host: string): boolean {
  const p = pattern.trim().toLowerCase();
  if (p === '*') return true;
  if (p.startsWith('*.')) return host.endsWith(`.${normalHost(p.slice(2))}`);
  return normalHost(p) === host;
}
