import { fork, spawn, type ChildProcess } from 'node:child_process';
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

/** A 32-bit hash of a string (FNV-1a, then murmur3's finaliser to spread the bits). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A seeded generator of numbers in [0, 1) (mulberry32): the same seed, the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number in [0, 1) that depends only on the keys: a seeded decision per line and purpose. */
export const chance = (...keys: (string | number)[]) => hash32(keys.join('\u0000')) / 4294967296;

/**
 * A bench server in a process of its own (its timers do not queue behind the measured work):
 * `file` under bench/, run with tsx, prints its URL on its first line of output. `ask` sends an
 * IPC message and answers the child's reply.
 */
export async function forkServer(file: string, env: Record<string, string>) {
  const child = fork(path.join(ROOT, 'bench', file), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
  return {
    url,
    child,
    ask: <T>(message: string) =>
      new Promise<T>((resolve) => {
        child.once('message', (m) => resolve(m as T));
        child.send(message);
      }),
  };
}

/** A process running `args` with tsx from the repository's root (a server, a bench helper). */
export function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Resolves once `url` answers below 500 (a server up); fails after a minute. */
export async function waitFor(url: string, init?: RequestInit) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, init);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timeout waiting for ${url}`);
}

export async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (child.exitCode === null) child.kill('SIGKILL');
}
