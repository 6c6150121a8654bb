import { isIP, isIPv4 } from 'node:net';

/**
 * TRUST_PROXY: which peers may tell us the client's address, host and scheme (X-Forwarded-*).
 * `false`: none; a hop count: the server is reachable only through that many proxies; a list:
 * the proxies' addresses or CIDR ranges (or proxy-addr's names loopback, linklocal, uniquelocal).
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

const NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range or a dotted IPv4 netmask range, as proxy-addr accepts them. */
function isProxyAddress(entry: string): boolean {
  if (NAMES.has(entry)) return true;
  const slash = entry.indexOf('/');
  if (slash === -1) return isIP(entry) !== 0;
  const ip = entry.slice(0, slash);
  const range = entry.slice(slash + 1);
  const kind = isIP(ip);
  if (kind === 0) return false;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (kind === 4 ? 32 : 128);
  return kind === 4 && isIPv4(range);
}

/** The setting, or the sentence that says what to write instead. */
export function parseTrustProxy(raw: string): { ok: true; value: TrustProxy } | { ok: false; error: string } {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === 'no' || value === '0') return { ok: true, value: false };
  if (value === 'true' || value === 'yes') {
    return {
      ok: false,
      error:
        'true would believe X-Forwarded-For from any client (which then chooses its own rate-limit address) and X-Forwarded-Host from anyone. Write the number of proxies in front of the server (e.g. 1), or their addresses (e.g. 127.0.0.1,10.0.0.0/8 or loopback)',
    };
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 100
      ? { ok: true, value: { hops } }
      : { ok: false, error: 'a hop count must be between 1 and 100' };
  }
  const proxies = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = proxies.filter((e) => !isProxyAddress(e));
  if (!proxies.length || bad.length) {
    return {
      ok: false,
      error: `not an address or CIDR range: ${bad.join(', ') || raw}. Write false, a hop count (e.g. 1) or the proxies' addresses (e.g. 127.0.0.1,10.0.0.0/8 or loopback)`,
    };
  }
  return { ok: true, value: { proxies } };
}

/**
 * Fastify's trustProxy option. A hop count is given as proxy-addr's (address, hop) function:
 * the Fastify we use (5.12) reads its own number form as "trust nothing", since a direct client
 * could forge the headers; with a hop count the deployment promises no client reaches us directly.
 */
export function fastifyTrustProxy(
  tp: TrustProxy,
): false | string[] | ((addr: string, hop: number) => boolean) {
  if (tp === false) return false;
  if ('hops' in tp) {
    const { hops } = tp;
    return (_addr, hop) => hop < hops;
  }
  return tp.proxies;
}
