/** Hosts that a browser on this machine reaches as `localhost`. */
const THIS_MACHINE = new Set(['127.0.0.1', '::1', 'localhost', '0.0.0.0', '::']);

/**
 * PUBLIC_URL when it is not set: where a browser on this machine reaches the server listening on
 * HOST and PORT. It is also the address `npm start` prints, so the page a new user opens, the
 * session cookie, OAuth callbacks and payment return addresses all use the same host.
 */
export function defaultPublicUrl(host: string, port: number): string {
  if (THIS_MACHINE.has(host)) return `http://localhost:${port}`;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** HOST=0.0.0.0 or :: : other machines may connect, at an address the server cannot know. */
export function listensOnAllInterfaces(host: string): boolean {
  return host === '0.0.0.0' || host === '::';
}
