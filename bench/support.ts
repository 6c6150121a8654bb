import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the bench parts share: where the repository is, the manager they sign in as, and probes. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-pass' };

/** A TCP port free on loopback now. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** A process's resident memory in MB (unrounded: peaks are compared before rounding). */
export const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Signs the bench manager in at `base`; answers the session cookie (`user_sessionid=…`). */
export async function signInAsAdmin(base: string): Promise<string> {
  const login = await fetch(`${base}/email/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: ADMIN.email, pass: ADMIN.password }),
  });
  const cookie = /user_sessionid=[^;]+/.exec(login.headers.get('set-cookie') ?? '')?.[0];
  if (!cookie) throw new Error(`the bench manager could not sign in: ${await login.text()}`);
  return cookie;
}
