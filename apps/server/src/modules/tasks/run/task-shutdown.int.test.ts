import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task, TaskWithSegments } from '@subtrans/contract';
import { parseSrt } from '@subtrans/subtitles';
import { ADMIN, TEST_DB } from '../../../../test/harness.js';
import { multipart } from '../../../../test/support/http.js';
import { makeSrt } from '../../../../test/support/tasks.js';
import { fakeTranslatedLine, startOpenAiServer } from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';
import { startServerChild, terminate } from '../../../../test/support/worker-child.js';

/**
 * SIGTERM to a server translating a task (a deployment, `docker stop`, Ctrl-C): it exits within
 * about 3 s instead of waiting for the task, the lines already translated stay saved, the job is
 * put back without using up a retry, and the next start finishes the task; the Apertium pipelines
 * it started are stopped. The server runs as `npm start` runs it (HTTP and in-process workers) in a
 * child process, on each database.
 */
const KEY = 'ds-key';

describe(`a server stopped by SIGTERM mid-task (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let dataDir: string;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const children: ChildProcess[] = [];
  let env: Record<string, string>;
  let pool: pg.Pool | null = null;

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    dataDir = await mkdtemp(path.join(tmpdir(), 'subtrans-shutdown-'));
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: TEST_DB === 'postgres' ? process.env.DATABASE_URL! : '',
      APP_SCHEMA: TEST_DB === 'postgres' ? schema : '',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: '',
      PUBLIC_URL: 'http://localhost:8080',
      DEEPSEEK_API_KEY: KEY,
      DEEPSEEK_BASE_URL: engine.url,
      TRANSLATE_BATCH_SIZE: '2',
      TRANSLATE_CONCURRENCY: '1',
    };
    if (TEST_DB === 'postgres') {
      pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    }
  });
  afterAll(async () => {
    for (const c of children) c.kill('SIGKILL');
    if (pool) {
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.query(`DROP SCHEMA IF EXISTS "pgboss_${schema}" CASCADE`);
      await pool.end();
    }
    await engine.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** A query on the server's database (PGlite: only while no server has it open). */
  async function inspect<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    if (pool) {
      const client = await pool.connect();
      try {
        await client.query(`SET search_path TO "${schema}"`);
        return (await client.query(sql, params)).rows as T[];
      } finally {
        client.release();
      }
    }
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    try {
      return (await db.query<T>(sql, params)).rows;
    } finally {
      await db.close();
    }
  }
  const jobTable = () => (TEST_DB === 'postgres' ? `"pgboss_${schema}".job` : 'pgboss.job');

  async function call<T>(base: string, url: string, body: unknown, token?: string): Promise<T> {
    const res = await fetch(base + url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const envelope = (await res.json()) as { code: number; msg: string; data: T };
    if (envelope.code !== 20000) throw new Error(`${url}: ${envelope.code} ${envelope.msg}`);
    return envelope.data;
  }

  it('exits within 3 s, keeps the lines done, puts the job back unspent, and the next start finishes', async () => {
    let { child, url } = await startServerChild(env, children);
    // the first manager, as a new installation has it: points granted to itself
    const login = await fetch(`${url}/email/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, pass: ADMIN.password }),
    });
    const token = /user_sessionid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
    const me = await call<{ id: number }>(url, '/user/profile', {}, token);
    await call(url, '/user/grant_points', { userId: me.id, points: 100 }, token);
    const srt = makeSrt(30);
    const form = multipart([
      { name: 'targetLanguage', data: 'ja' },
      { name: 'file', filename: 'long.srt', contentType: 'application/x-subrip', data: srt },
    ]);
    const created = (await (
      await fetch(`${url}/task/create`, {
        method: 'POST',
        headers: { 'content-type': form.contentType, authorization: `Bearer ${token}` },
        body: form.payload,
      })
    ).json()) as { data: Task };
    const id = created.data.id;
    engine.setDelay(300);
    await call(url, '/task/start', { id }, token);
    await until(
      async () => (await call<TaskWithSegments>(url, '/task/get', { id }, token)).translationProgress >= 20,
    );

    const stopped = await terminate(child);
    expect(stopped.code).toBe(0);
    // SHUTDOWN_DEADLINE_MS is 2.8 s; loosely, as a behaviour check on a busy machine
    expect(stopped.ms).toBeLessThan(5000);

    const [task] = await inspect<{ status: string; job_id: string }>(
      `SELECT status, job_id FROM tasks WHERE id = $1`,
      [id],
    );
    expect(task!.status).toBe('translating');
    const saved = await inspect<{ original_text: string }>(
      `SELECT original_text FROM task_segments WHERE task_id = $1 AND translated_text IS NOT NULL`,
      [id],
    );
    expect(saved.length).toBeGreaterThan(0);
    expect(saved.length).toBeLessThan(30);
    const [job] = await inspect<{ state: string; retry_count: number }>(
      `SELECT state, retry_count FROM ${jobTable()} WHERE id = $1`,
      [task!.job_id],
    );
    // put back as it was claimed: not failed, no retry spent
    expect(job).toEqual({ state: 'created', retry_count: 0 });
    const sentBefore = engine.requests.length;

    ({ child, url } = await startServerChild(env, children));
    const done = await until(async () => {
      const x = await call<TaskWithSegments>(url, '/task/get', { id }, token);
      return x.status === 'completed' && x;
    }, 60_000);
    expect(done.segments.map((s) => s.translatedText)).toEqual(
      parseSrt(srt).map((c) => fakeTranslatedLine(c.text, 'ja')),
    );
    expect(done.keptOriginal).toBe(0);
    // the lines saved before the stop were not sent again
    const resent = engine.requests.slice(sentBefore).flatMap((r) => Object.values(r.lines));
    for (const line of saved) expect(resent).not.toContain(line.original_text);
    // charged once: 30 cues 6 s apart end at 2:56, 3 started minutes
    expect(await call<{ point: number }>(url, '/user/get_point', {}, token)).toMatchObject({ point: 70 });

    expect((await terminate(child)).code).toBe(0);
    const [finished] = await inspect<{ state: string; retry_count: number }>(
      `SELECT state, retry_count FROM ${jobTable()} WHERE id = $1`,
      [task!.job_id],
    );
    expect(finished).toEqual({ state: 'completed', retry_count: 0 });
    // two runs: the stopped one and the one that finished the task
    const [runs] = await inspect<{ attempts: number }>(`SELECT attempts FROM tasks WHERE id = $1`, [id]);
    expect(runs).toEqual({ attempts: 2 });
  }, 120_000);

  it('leaves none of the Apertium pipeline it ran behind', async () => {
    const { child, url } = await startServerChild(env, children);
    const login = await fetch(`${url}/email/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email, pass: ADMIN.password }),
    });
    const token = /user_sessionid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
    const me = await call<{ id: number }>(url, '/user/profile', {}, token);
    await call(url, '/user/grant_points', { userId: me.id, points: 100 }, token);
    const form = multipart([
      { name: 'originalLanguage', data: 'en' },
      { name: 'targetLanguage', data: 'es' },
      { name: 'translationService', data: 'apertium' },
      { name: 'file', filename: 'cat.srt', contentType: 'application/x-subrip', data: makeSrt(3) },
    ]);
    const id = (
      (await (
        await fetch(`${url}/task/create`, {
          method: 'POST',
          headers: { 'content-type': form.contentType, authorization: `Bearer ${token}` },
          body: form.payload,
        })
      ).json()) as { data: Task }
    ).data.id;
    await call(url, '/task/start', { id }, token);
    await until(
      async () => (await call<TaskWithSegments>(url, '/task/get', { id }, token)).status === 'completed',
    );
    // the pipeline: a child of the server leading a process group of its own
    const groups = processes().filter((p) => p.ppid === child.pid && p.pgrp === p.pid);
    expect(groups.length).toBe(1);
    expect(processes().filter((p) => p.pgrp === groups[0]!.pid).length).toBeGreaterThan(10);

    expect((await terminate(child)).code).toBe(0);
    expect(processes().filter((p) => p.pgrp === groups[0]!.pid)).toEqual([]);
  }, 60_000);
});

/** The live processes (zombies left out) with their parent and process group. */
function processes(): { pid: number; ppid: number; pgrp: number }[] {
  return readdirSync('/proc').flatMap((d) => {
    if (!/^\d+$/.test(d)) return [];
    try {
      const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
      const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return state === 'Z' ? [] : [{ pid: Number(d), ppid: Number(ppid), pgrp: Number(pgrp) }];
    } catch {
      return [];
    }
  });
}
