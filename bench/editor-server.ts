/**
 * The editor bench's server: the built web app and the API on PGlite, with a 10,000-segment task
 * done (or a task of another shape: the timeline bench's 2,000 lines over two hours).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, cpSync, openSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { formatSrtTime } from '@subtrans/subtitles';
import { freePort, ROOT } from './support.js';

export const CUES = 10_000;
export const ENGINE_KEY = 'bench-editor-key';
const MANAGER = { email: 'bench-editor-admin@example.com', password: 'bench-editor-pass' };

const SENTENCES = [
  'I never thought we would make it back home before the storm.',
  'Could you hand me the keys on the kitchen table, please?',
  'She said the train leaves at seven, so we should hurry up.',
  'There is nothing in this old house that I want to keep.',
  'We walked along the river until the sun went down behind the hills.',
  'Tell me the truth, or I will find out from someone else.',
  'The meeting has been moved to Thursday afternoon at three.',
  'He kept the letter in his pocket for almost twenty years.',
  'If you listen carefully, you can hear the ocean from here.',
  'My brother always wanted to open a small bakery in the village.',
  'Nobody knows where the money went after the bank closed its doors.',
  'Please wait here while I talk to the doctor about your results.',
];

/** What the task's file is like besides its sentences. */
export interface TaskShape {
  /** every n-th cue runs 1 s into the next (an overlap fix timing removes); none by default */
  overlapEvery?: number;
  /** cues in the file (CUES by default) */
  cues?: number;
  /** from one cue's start to the next's (3,000 ms by default; each cue lasts this less 200 ms) */
  spacingMs?: number;
}

/**
 * 10,000 cues (or `cues`), 3 s apart (or `spacingMs`), each 200 ms shorter than that (with
 * `overlapEvery`, every n-th 1 s longer), ordinary English sentences of 40–80 characters.
 */
function longSrt(shape: TaskShape): string {
  const spacing = shape.spacingMs ?? 3000;
  return Array.from({ length: shape.cues ?? CUES }, (_, k) => {
    const start = k * spacing;
    const text = SENTENCES[k % SENTENCES.length]!;
    const end = start + spacing + (shape.overlapEvery && k % shape.overlapEvery === 0 ? 1000 : -200);
    return `${k + 1}\r\n${formatSrtTime(start)} --> ${formatSrtTime(end)}\r\n${text}\r\n`;
  }).join('\r\n');
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(p));
    else newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the web app when it is missing or older than its sources (a stale build would not measure the current editor). */
export function ensureWebBuild() {
  const index = path.join(ROOT, 'apps/web/dist/index.html');
  let builtAt = 0;
  try {
    builtAt = statSync(index).mtimeMs;
  } catch {
    // not built
  }
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'apps/web/src')),
    newestMtime(path.join(ROOT, 'packages/contract/src')),
    newestMtime(path.join(ROOT, 'packages/subtitles/src')),
  );
  if (builtAt > sources) return;
  console.error(
    builtAt ? 'editor bench: the web build is stale, rebuilding' : 'editor bench: building the web app',
  );
  const r = spawnSync('npm', ['run', 'build'], { cwd: ROOT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}\n${r.stderr}`);
}

async function waitForReady(url: string, server: ChildProcess, log: string) {
  // a first start on a new data dir: over a minute on a two-core machine busy with other work
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited:\n${readFileSync(log, 'utf8')}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not ready at ${url}:\n${readFileSync(log, 'utf8')}`);
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export interface Api {
  post<T>(url: string, body: unknown): Promise<T>;
}

/** The API called as the session `cookie` (user_sessionid's value): each answer's data, its code checked. */
export function api(base: string, cookie: string): Api {
  return {
    async post<T>(url: string, body: unknown): Promise<T> {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { cookie: `user_sessionid=${cookie}`, origin: base, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; msg: string; data: T };
      if (json.code !== 20000) throw new Error(`${url}: ${json.code} ${json.msg}`);
      return json.data;
    },
  };
}

/** Signs in as the manager; answers its session cookie's value. */
export async function signInAsManager(base: string): Promise<string> {
  const login = await fetch(`${base}/email/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: MANAGER.email, pass: MANAGER.password }),
  });
  const cookie = /user_sessionid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error(`manager login failed: ${await login.text()}`);
  return cookie;
}

/** Resolves once the task is completed (it is looked at every 500 ms); throws when it fails or takes `ms`. */
export async function untilCompleted(call: Api, taskId: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    // the list carries no segments (a light look at the status)
    const page = await call.post<{ list: { id: string; status: string; error: string | null }[] }>(
      '/task/list',
      { page: 1, size: 10 },
    );
    const task = page.list.find((t) => t.id === taskId);
    if (task?.status === 'completed') return;
    if (task?.status === 'failed') throw new Error(`task failed: ${task.error}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`task ${taskId} did not complete in ${Math.round(ms / 60_000)} minutes`);
}

/** Signs in as the manager, grants it points and runs a 10,000-segment task (or `shape`'s) to completion. */
export async function completedTask(
  base: string,
  shape: TaskShape = {},
): Promise<{ cookie: string; taskId: string }> {
  const cookie = await signInAsManager(base);
  const call = api(base, cookie);
  const me = await call.post<{ id: number }>('/user/profile', {});
  // 10 points per started minute: 10,000 cues × 3 s = 500 min = 5,000 points (the timeline bench's
  // 2-hour file and 2-hour audio: 2 × 1,200)
  await call.post('/user/grant_points', { userId: me.id, points: 10_000, note: 'editor bench' });

  const form = new FormData();
  form.set('targetLanguage', 'fr');
  form.set('originalLanguage', 'en');
  form.set(
    'file',
    new Blob([longSrt(shape)], { type: 'application/x-subrip' }),
    `${shape.cues ?? CUES}-lines.srt`,
  );
  const created = await fetch(`${base}/task/create`, {
    method: 'POST',
    headers: { cookie: `user_sessionid=${cookie}`, origin: base },
    body: form,
  });
  const createdJson = (await created.json()) as { code: number; msg: string; data: { id: string } };
  if (createdJson.code !== 20000) throw new Error(`/task/create: ${createdJson.msg}`);
  const taskId = createdJson.data.id;
  await call.post('/task/start', { id: taskId });
  await untilCompleted(call, taskId, 600_000);
  return { cookie, taskId };
}

/**
 * The product's server in a child process on a free port, on PGlite in `dataDir`, translating with
 * the engine at `engineUrl` (key ENGINE_KEY), its log in `logFile`, with `env` besides (a speech
 * engine, say); answers once it is ready.
 */
export async function startEditorServer(
  dataDir: string,
  engineUrl: string,
  logFile: string,
  env: Record<string, string> = {},
): Promise<{ server: ChildProcess; base: string }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // a copy of the built web app of its own: a rebuild meanwhile (e2e runs one) changes the asset names
  const web = path.join(dataDir, 'web');
  cpSync(path.join(ROOT, 'apps/web/dist'), web, { recursive: true });
  const log = openSync(logFile, 'a');
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'apps/server/src/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: path.join(dataDir, 'data'),
      WEB_DIST_DIR: web,
      DATABASE_URL: '',
      SMTP_URL: '',
      ADMIN_EMAIL: MANAGER.email,
      ADMIN_PASSWORD: MANAGER.password,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      DEEPSEEK_API_KEY: ENGINE_KEY,
      DEEPSEEK_BASE_URL: engineUrl,
      TRANSLATE_BATCH_SIZE: '50',
      TRANSLATE_CONCURRENCY: '20',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  try {
    await waitForReady(`${base}/readyz`, server, logFile);
  } catch (err) {
    await stopServer(server);
    throw err;
  }
  return { server, base };
}
