import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_DB, type TestApp } from '../../test/harness.js';
import { until } from '../../test/support/until.js';
import { ConfigError } from '../config/env.js';
import { GONE_AFTER_SECONDS } from './agreement.js';
import { joinSiblings, type Membership } from './siblings.js';

/**
 * The start-up agreement in the process itself (the processes as separate programs are in
 * siblings.pg.int.test.ts): each join is a process start with the test app's database and the
 * settings given; a context with another secret or storage is another process's configuration.
 */
describe(`processes on one database agree at start (${TEST_DB})`, () => {
  let t: TestApp;
  const joined: Membership[] = [];
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    for (const m of joined) await m.leave();
    await t.close();
  });

  const join = async (
    over: { secret?: string; env?: Record<string, unknown> } = {},
    heartbeatMs?: number,
  ) => {
    const ctx = { ...t.ctx, secret: over.secret ?? t.ctx.secret, env: { ...t.ctx.env, ...over.env } };
    const m = await joinSiblings(ctx, 'server', heartbeatMs ? { heartbeatMs } : {});
    joined.push(m);
    return m;
  };
  const records = () =>
    t.ctx.db.query<{ id: string; seen_ago: number }>(
      'SELECT id::text, extract(epoch FROM now() - seen_at)::float AS seen_ago FROM processes ORDER BY started_at',
    );
  const clear = () => t.ctx.db.query('DELETE FROM processes');
  const S3 = {
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_BUCKET: 'media',
    S3_ACCESS_KEY_ID: 'key',
    S3_SECRET_ACCESS_KEY: 'secret-key',
  };

  it('records a process at start and removes its record when it leaves', async () => {
    await clear();
    const m = await join();
    expect((await records()).map((r) => r.id)).toEqual([m.record.id]);
    await m.leave();
    expect(await records()).toEqual([]);
  });

  if (TEST_DB === 'pglite') {
    it('on PGlite, takes every other record for a gone process: nothing to compare with', async () => {
      await clear();
      await join({ secret: 'another-secret-'.repeat(3), env: S3 });
      const m = await join();
      expect((await records()).map((r) => r.id)).toEqual([m.record.id]);
    });
    return;
  }

  it('refuses a process whose secret or storage differs from a live one, and records nothing', async () => {
    await clear();
    const first = await join();
    const refused = await join({ secret: 'another-secret-'.repeat(3), env: S3 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ConfigError);
    const message = (refused as Error).message;
    expect(message).toMatch(/^Refusing to start: this server disagrees/);
    expect(message).toContain('storage differs. Here: S3 http://127.0.0.1:9000, bucket media.');
    expect(message).toContain('the secret differs.');
    expect(message).not.toContain('another-secret-');
    expect(message).not.toContain(t.ctx.secret);
    expect((await records()).map((r) => r.id)).toEqual([first.record.id]);
  });

  it('accepts a new configuration once the record of the process that had the old one is gone', async () => {
    await clear();
    const old = await join();
    // killed: its record stays, and counts as running until its heartbeat is older than the window
    await t.ctx.db.query(`UPDATE processes SET seen_at = now() - make_interval(secs => $2) WHERE id = $1`, [
      old.record.id,
      GONE_AFTER_SECONDS - 5,
    ]);
    await expect(join({ env: S3 })).rejects.toThrow(/storage differs/);
    await t.ctx.db.query(`UPDATE processes SET seen_at = now() - make_interval(secs => $2) WHERE id = $1`, [
      old.record.id,
      GONE_AFTER_SECONDS + 1,
    ]);
    const next = await join({ env: S3 });
    // the gone process's record is cleared away
    expect((await records()).map((r) => r.id)).toEqual([next.record.id]);
  });

  it('keeps its record fresh with a heartbeat, and a beat does not bring it back after leaving', async () => {
    await clear();
    const m = await join({}, 100);
    await t.ctx.db.query(`UPDATE processes SET seen_at = now() - interval '1 hour' WHERE id = $1`, [
      m.record.id,
    ]);
    await until(async () => (await records())[0]!.seen_ago < 5);
    await m.leave();
    expect(await records()).toEqual([]);
    // several beats' time: none runs any more
    await new Promise((r) => setTimeout(r, 500));
    expect(await records()).toEqual([]);
  });

  it('of two processes that disagree and start together, accepts one and refuses the other', async () => {
    await clear();
    const results = await Promise.allSettled([join(), join({ secret: 'another-secret-'.repeat(3) })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [rejected] = results.filter((r) => r.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toBeInstanceOf(ConfigError);
    expect(await records()).toHaveLength(1);
  });
});
