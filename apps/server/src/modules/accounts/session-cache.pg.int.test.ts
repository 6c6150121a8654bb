import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { until } from '../../../test/support/until.js';

/** PostgreSQL only: the listening connection is a connection of its own, and can be lost. */
describe('the session cache when its database notifications are lost (postgres)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('keeps nothing while the listener is gone, then follows changes and serves again once it is back', async () => {
    const cache = t.ctx.sessionCache;
    const { token, id, email, pass } = await t.signUp({ name: 'Listener Test' });
    expectSuccess(await t.post('/user/profile', {}, { as: token }));
    expect(cache.size).toBeGreaterThan(0);

    // the database drops the listening connection (a restart, a network cut, an admin's kill);
    // only this app's (its schema names it): other test files' servers listen on this database too
    const [killed] = await t.ctx.db.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE application_name = $1 AND datname = current_database()`,
      [`subtrans listen auth_change ${t.ctx.dbSchema}`],
    );
    expect(killed?.n).toBe(1);
    await until(() => !cache.enabled, 5000);
    expect(cache.size).toBe(0);
    // meanwhile every call reads the session, and nothing is kept
    expectSuccess(await t.post('/user/profile', {}, { as: token }));
    expect(cache.size).toBe(0);

    await until(() => cache.enabled, 10_000);
    await t.ctx.db.query('DELETE FROM sessions WHERE user_id = $1', [id]);
    await cache.sync(t.ctx.db);
    expectFailure(await t.post('/user/profile', {}, { as: token }), 40100, 401);
    // and it remembers sessions again
    const again = await t.login(email, pass);
    expectSuccess(await t.post('/user/profile', {}, { as: again }));
    expect(cache.size).toBeGreaterThan(0);
  });
});
