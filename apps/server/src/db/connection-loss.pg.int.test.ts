import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.js';
import { envelope } from '../../test/support/http.js';
import { until } from '../../test/support/until.js';

/**
 * The server's PostgreSQL connections are terminated while requests run (as a failover or a
 * pooler restart does): reads are retried on a fresh connection and succeed; writes succeed or
 * answer the retryable TRY_AGAIN (50305, HTTP 503, Retry-After); nothing answers 50000.
 * PostgreSQL only: PGlite has no connections to lose.
 */
const READS = ['/user/profile', '/task/list', '/user/get_point'];

describe('requests while the database connections are terminated', () => {
  let t: TestApp;
  let killer: pg.Client;

  // every connection the app opens carries this name (the URL's application_name wins)
  const tag = `conn-loss-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    const url = process.env.DATABASE_URL!;
    process.env.DATABASE_URL = `${url}${url.includes('?') ? '&' : '?'}application_name=${tag}`;
    try {
      t = await startTestApp();
    } finally {
      process.env.DATABASE_URL = url;
    }
    killer = new pg.Client({ connectionString: process.env.DATABASE_URL, application_name: 'test killer' });
    await killer.connect();
  });
  afterAll(async () => {
    await killer.end();
    await t.close();
  });

  it('retries reads, answers writes TRY_AGAIN at worst, and never 50000', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => t.signUp()));
    const answers: { url: string; code: number; status: number; retryAfter: unknown }[] = [];
    let terminated = 0;
    let bursts = 0;
    let running = true;

    // every backend of this app (its pool, its LISTEN connection, a retry's own) at once, as a
    // failover does, every half second
    const kill = async () => {
      while (running) {
        const rows = await killer.query<{ done: boolean }>(
          `SELECT pg_terminate_backend(pid) AS done FROM pg_stat_activity
            WHERE application_name = $1 AND pid <> pg_backend_pid()`,
          [tag],
        );
        terminated += rows.rows.filter((r) => r.done).length;
        bursts += 1;
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    const load = async (token: string, n: number) => {
      for (let i = 0; running; i += 1) {
        const write = i % 4 === 3;
        const url = write ? '/user/update_profile' : READS[i % READS.length]!;
        const body = write ? { name: `Name ${n}-${i % 100}` } : {};
        const res = await t.post(url, body, { as: token });
        answers.push({
          url,
          code: envelope(res).code,
          status: res.statusCode,
          retryAfter: res.headers['retry-after'],
        });
      }
    };
    const killing = kill();
    const loads = users.flatMap((u, n) => [load(u.token, n), load(u.token, n + 10)]);
    // at least 8 bursts and 200 answers (a busy machine answers fewer a second), 30 s at most
    const started = Date.now();
    await until(() => (bursts >= 8 && answers.length >= 200) || Date.now() - started > 30_000, 40_000);
    running = false;
    await Promise.all([killing, ...loads]);

    expect(terminated).toBeGreaterThan(10);
    expect(answers.length).toBeGreaterThanOrEqual(200);
    const reads = answers.filter((a) => a.url !== '/user/update_profile');
    const writes = answers.filter((a) => a.url === '/user/update_profile');
    expect(answers.filter((a) => a.code === 50000)).toEqual([]);
    expect(reads.filter((a) => a.code !== 20000)).toEqual([]);
    expect(writes.filter((a) => a.code !== 20000 && a.code !== 50305)).toEqual([]);
    for (const w of writes.filter((a) => a.code === 50305))
      expect(w).toMatchObject({ status: 503, retryAfter: '1' });
    expect(writes.some((a) => a.code === 20000)).toBe(true);
  }, 90_000);
});
