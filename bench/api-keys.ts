/**
 * Issue 39: what a call made with an API key costs against the same call made with a session
 * (/task/list of a user with 20 tasks, autocannon, 50 connections), on the real server process, on
 * PGlite and on PostgreSQL. Rounds alternate (session, key, session, key, …) so drift of the
 * machine falls on both; each figure is the median of its rounds. The key's limit is set out of
 * the way (the leases of its shared counter are what is measured, not refusals).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import type { Figure } from './ledger.js';
import { ADMIN, freePort, signInAsAdmin, startProcess, stop, waitFor } from './support.js';

const ROUNDS = 3;
const SECONDS = Number(process.env.BENCH_DURATION ?? 10) / 2;
const CONNECTIONS = 50;
const TASKS = 20;
const BODY = JSON.stringify({ page: 1, size: 20 });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function rps(url: string, headers: Record<string, string>, seconds: number): Promise<number> {
  const result = await autocannon({
    url,
    method: 'POST',
    connections: CONNECTIONS,
    duration: seconds,
    headers: { 'content-type': 'application/json', ...headers },
    body: BODY,
  });
  const failed = result.non2xx + result.errors;
  if (failed > 0) throw new Error(`${url}: ${failed} failed requests`);
  return result.requests.average;
}

/** The bench manager's tasks (uploaded, not started) and a key of theirs. */
async function prepare(base: string, cookie: string): Promise<string> {
  for (let i = 1; i <= TASKS; i++) {
    const form = new FormData();
    form.set('targetLanguage', 'ja');
    const srt = `1\r\n00:00:01,000 --> 00:00:03,000\r\nEpisode ${i}, line one.\r\n`;
    form.set('file', new Blob([srt], { type: 'application/x-subrip' }), `episode-${i}.srt`);
    const res = await fetch(`${base}/task/create`, {
      method: 'POST',
      headers: { cookie, origin: base },
      body: form,
    });
    const body = (await res.json()) as { code: number; msg: string };
    if (body.code !== 20000) throw new Error(`upload failed: ${body.msg}`);
  }
  const res = await fetch(`${base}/key/create`, {
    method: 'POST',
    headers: { cookie, origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench', scope: 'read' }),
  });
  const body = (await res.json()) as { code: number; msg: string; data: { secret: string } };
  if (body.code !== 20000) throw new Error(`key not made: ${body.msg}`);
  return body.data.secret;
}

async function measure(label: string, env: Record<string, string>): Promise<Figure[]> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startProcess(['apps/server/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: base,
    API_KEY_CALLS_PER_MINUTE: '1000000',
    ...env,
  });
  try {
    await waitFor(`${base}/readyz`);
    const cookie = await signInAsAdmin(base);
    const key = await prepare(base, cookie);
    const url = `${base}/task/list`;
    const asSession = { cookie, origin: base };
    const asKey = { authorization: `Bearer ${key}` };
    // warm both paths (JIT, pool, caches)
    await rps(url, asSession, 2);
    await rps(url, asKey, 2);
    const session: number[] = [];
    const withKey: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      session.push(await rps(url, asSession, SECONDS));
      withKey.push(await rps(url, asKey, SECONDS));
    }
    const s = median(session);
    const k = median(withKey);
    console.error(
      `api keys (${label}): session ${session.map(Math.round).join('/')}, key ${withKey.map(Math.round).join('/')} req/s`,
    );
    return [
      {
        name: `/task/list with an API key, cost per call (${label})`,
        value: Math.round(k),
        unit: 'req/s',
        baseline: 'the same call with a session',
        baselineValue: Math.round(s),
        // what a call costs, as time: the session's rate over the key's
        ratio: Number((s / k).toFixed(3)),
        goal: '<= 1.1x',
      },
    ];
  } finally {
    await stop(server);
  }
}

export async function benchApiKeys(pgUrl: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-keys-'));
  try {
    figures.push(...(await measure('PGlite', { DATA_DIR: dir, DATABASE_URL: '' })));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const admin = new pg.Client({ connectionString: pgUrl });
  try {
    await admin.connect();
  } catch (e) {
    console.error(`API key figures on PostgreSQL not measured: cannot connect (${String(e)})`);
    return figures;
  }
  const pgDir = mkdtempSync(path.join(tmpdir(), 'bench-keys-pg-'));
  try {
    await admin.query('DROP DATABASE IF EXISTS subtrans_bench_keys');
    await admin.query('CREATE DATABASE subtrans_bench_keys');
    const url = new URL(pgUrl);
    url.pathname = '/subtrans_bench_keys';
    figures.push(
      ...(await measure('PostgreSQL', {
        DATABASE_URL: url.toString(),
        DATA_DIR: pgDir,
        DATABASE_POOL_SIZE: '10',
      })),
    );
  } finally {
    rmSync(pgDir, { recursive: true, force: true });
    await admin.query('DROP DATABASE IF EXISTS subtrans_bench_keys WITH (FORCE)');
    await admin.end();
  }
  return figures;
}
