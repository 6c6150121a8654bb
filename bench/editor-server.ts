/** The editor bench's server: the built web app and the API on PGlite, with a 10,000-segment task done. */
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

/** What the task's file is like besides its 10,000 sentences. */
export interface TaskShape {
  /** every n-th cue runs 1 s into the next (an overlap fix timing removes); none by default */
  overlapEvery?: number;
}

/**
 * 10,000 cues, 3 s apart, 2.8 s each (with `overlapEvery`, every n-th 4 s), ordinary English
 * sentences of 40–80 characters.
 */
function longSrt(shape: TaskShape): string {
  return Array.from({ length: CUES }, (_, k) => {
    const start = k * 3000;
    const text = SENTENCES[k % SENTENCES.length]!;
    const end = start + (shape.overlapEvery && k % shape.overlapEvery === 0 ? 4000 : 2800);
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

interface Api {
  post<T>(url: string, body: unknown): Promise<T>;
}

function api(base: string, cookie: string): Api {
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

/** Signs in as the manager, grants it points and runs a 10,000-segment task to completion. */
export async function completedTask(
  base: string,
  shape: TaskShape = {},
): Promise<{ cookie: string; taskId: string }> {
  const login = await fetch(`${base}/email/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: MANAGER.email, pass: MANAGER.password }),
  });
  const cookie = /user_sessionid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error(`manager login failed: ${await login.text()}`);
  const call = api(base, cookie);
  const me = await call.post<{ id: number }>('/user/profile', {});
  // 10 points per started minute: 10,000 cues × 3 s = 500 min = 5,000 points
  await call.post('/user/grant_points', { userId: me.id, points: 10_000, note: 'editor bench' });

  const form = new FormData();
  form.set('targetLanguage', 'fr');
  form.set('originalLanguage', 'en');
  form.set('file', new Blob([longSrt(shape)], { type: 'application/x-subrip' }), 'ten-thousand.srt');
  const created = await fetch(`${base}/task/create`, {
    method: 'POST',
    headers: { cookie: `user_sessionid=${cookie}`, origin: base },
    body: form,
  });
  const createdJson = (await created.json()) as { code: number; msg: string; data: { id: string } };
  if (createdJson.code !== 20000) throw new Error(`/task/create: ${createdJson.msg}`);
  const taskId = createdJson.data.id;
  await call.post('/task/start', { id: taskId });
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    // the list carries no segments (a light look at the status)
    const page = await call.post<{ list: { id: string; status: string; error: string | null }[] }>(
      '/task/list',
      { page: 1, size: 10 },
    );
    const task = page.list.find((t) => t.id === taskId);
    if (task?.status === 'completed') return { cookie, taskId };
    if (task?.status === 'failed') throw new Error(`task failed: ${task.error}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the 10,000-segment task did not complete in 10 minutes');
}

/**
 * The product's server in a child process on a free port, on PGlite in `dataDir`, translating with
 * the engine at `engineUrl` (key ENGINE_KEY), its log in `logFile`; answers once it is ready.
 */
export async function startEditorServer(
  dataDir: string,
  engineUrl: string,
  logFile: string,
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
