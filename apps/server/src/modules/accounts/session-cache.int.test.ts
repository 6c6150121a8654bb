import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess, managerToken } from '../../../test/support/http.js';

/** calls that read a session from the database (resolveSession's query) */
function sessionReads(t: { ctx: TestApp['ctx'] }) {
  const spy = vi.spyOn(t.ctx.db, 'query');
  return {
    count: () => spy.mock.calls.filter(([sql]) => /FROM sessions s JOIN users u/.test(sql)).length,
    restore: () => spy.mockRestore(),
  };
}

describe(`sessions answered from memory, and forgotten on every change (${TEST_DB})`, () => {
  let t: TestApp;
  let other: Awaited<ReturnType<TestApp['secondServer']>>;
  beforeAll(async () => {
    t = await startTestApp();
    other = await t.secondServer();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const profileOn = (app: TestApp['app'], token: string) =>
    app.inject({
      method: 'POST',
      url: '/user/profile',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: '{}',
    });
  /** waits until the other server has been told of every change committed so far */
  const otherCaughtUp = () => other.ctx.sessionCache.sync(other.ctx.db);

  it('reads a session once, then answers the next calls without the database', async () => {
    const { token, email } = await t.signUp();
    const reads = sessionReads(t);
    try {
      for (let i = 0; i < 5; i += 1) {
        expect(expectSuccess<{ email: string }>(await t.post('/user/profile', {}, { as: token })).email).toBe(
          email,
        );
      }
      expect(reads.count()).toBe(1);
    } finally {
      reads.restore();
    }
  });

  it('a logout on one server ends the session on the other', async () => {
    const { token } = await t.signUp();
    expectSuccess(await profileOn(other.app, token));
    expectSuccess(await profileOn(other.app, token)); // now from the other server's memory
    expectSuccess(await t.post('/user/logout', {}, { as: token }));
    await otherCaughtUp();
    expectFailure(await profileOn(other.app, token), 40100, 401);
    // and on the server that logged out, at once
    expectFailure(await t.post('/user/profile', {}, { as: token }), 40100, 401);
  });

  it('a profile change on one server is what the other answers next', async () => {
    const { token } = await t.signUp({ name: 'Before Change' });
    expect(expectSuccess<{ name: string }>(await profileOn(other.app, token)).name).toBe('Before Change');
    expectSuccess(await t.post('/user/update_profile', { name: 'After Change' }, { as: token }));
    // the server that made the change answers it at once, without waiting for the notification
    expect(expectSuccess<{ name: string }>(await t.post('/user/profile', {}, { as: token })).name).toBe(
      'After Change',
    );
    await otherCaughtUp();
    expect(expectSuccess<{ name: string }>(await profileOn(other.app, token)).name).toBe('After Change');
  });

  it('a user deleted by a manager on one server is signed out on the other', async () => {
    const manager = await managerToken(t);
    const { token, id } = await t.signUp();
    expectSuccess(await profileOn(other.app, token));
    expectSuccess(await t.post('/user/delete_user', { id }, { as: manager }));
    await otherCaughtUp();
    expectFailure(await profileOn(other.app, token), 40100, 401);
  });

  it('a change made in the database by hand (a manager in psql) is followed', async () => {
    const { token, id } = await t.signUp();
    const allUsers = () =>
      other.app.inject({
        method: 'POST',
        url: '/user/all_users',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: JSON.stringify({ page: 1, size: 10 }),
      });
    expectFailure(await allUsers(), 40300, 403);
    await t.ctx.db.query('UPDATE users SET is_manager = true WHERE id = $1', [id]);
    await otherCaughtUp();
    expectSuccess(await allUsers());
    await t.ctx.db.query('DELETE FROM sessions WHERE user_id = $1', [id]);
    await otherCaughtUp();
    expectFailure(await allUsers(), 40100, 401);
  });

  it('reads a remembered session again once its time to live, or the session itself, has run out', async () => {
    const { token } = await t.signUp();
    expectSuccess(await profileOn(other.app, token));
    const readsAfter = async (ms: number) => {
      vi.useFakeTimers({ now: Date.now() + ms, toFake: ['Date'] });
      const reads = sessionReads(other);
      try {
        await profileOn(other.app, token);
        return reads.count();
      } finally {
        reads.restore();
        vi.useRealTimers();
      }
    };
    expect(await readsAfter(1000)).toBe(0);
    expect(await readsAfter(31_000)).toBe(1); // SESSION_CACHE_SECONDS is 30 by default
    expect(await readsAfter(1000)).toBe(0);
    // past the 7-day sliding expiry by this server's clock: the database decides (PGlite's clock
    // is this process's, so there it refuses; PostgreSQL's has not moved)
    expect(await readsAfter(8 * 24 * 3600 * 1000)).toBe(1);
  });
});

describe(`SESSION_CACHE_SECONDS=0 (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SESSION_CACHE_SECONDS: '0' } });
  });
  afterAll(() => t.close());

  it('reads the session on every call', async () => {
    const { token } = await t.signUp();
    const reads = sessionReads(t);
    try {
      for (let i = 0; i < 3; i += 1) expectSuccess(await t.post('/user/profile', {}, { as: token }));
      expect(reads.count()).toBe(3);
    } finally {
      reads.restore();
    }
  });
});
