import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { ensureFirstManager } from './accounts.service.js';

/**
 * ADMIN_PASSWORD across restarts on one database: each restart is another server started with its
 * environment (a context of its own, then ensureFirstManager, as main.ts starts), while the first
 * server keeps running and must follow what the start did.
 */
describe(`ADMIN_PASSWORD across restarts (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const restart = async (password: string) => {
    const server = await t.secondServer({ env: { ADMIN_PASSWORD: password } });
    try {
      await ensureFirstManager(server.ctx);
    } finally {
      await server.close();
    }
    // the first server has been told of whatever the start changed
    await t.ctx.sessionCache.sync(t.ctx.db);
  };
  const stored = async () => {
    const [row] = await t.ctx.db.query<{ password_hash: string; updated_at: Date; is_manager: boolean }>(
      'SELECT password_hash, updated_at, is_manager FROM users WHERE email = $1 AND deleted_at IS NULL',
      [ADMIN.email],
    );
    return row!;
  };
  const sessionCount = async () => {
    const [row] = await t.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
      [ADMIN.email],
    );
    return row!.n;
  };
  const profile = (token: string) => t.post('/user/profile', {}, { as: token });

  it('changes nothing when the password still verifies, and ends the sessions when it does not', async () => {
    const first = await t.login(ADMIN.email, ADMIN.password);
    expectSuccess(await profile(first)); // remembered by the running server
    const before = await stored();

    // restart 1, the same password: no new hash, no session ended, no write at all
    await restart(ADMIN.password);
    expect(await stored()).toEqual(before);
    expect(await sessionCount()).toBe(1);
    expectSuccess(await profile(first));

    // restart 2, another password: it becomes the password, and every manager session ends
    const changed = 'another-admin-pass-2';
    await restart(changed);
    const after = await stored();
    expect(after.password_hash).not.toBe(before.password_hash);
    expect(after.is_manager).toBe(true);
    expect(await sessionCount()).toBe(0);
    expectFailure(await profile(first), 40100, 401);
    expectFailure(await t.post('/email/auth', { email: ADMIN.email, pass: ADMIN.password }), 40101, 401);
    const second = await t.login(ADMIN.email, changed);

    // restart 3, that password again: the session started after restart 2 lives on
    await restart(changed);
    expect(await stored()).toEqual(after);
    expectSuccess(await profile(second));

    // a start without ADMIN_PASSWORD keeps the password it finds
    await restart('');
    expect(await stored()).toEqual(after);
    expectSuccess(await profile(second));
  });

  it('makes the account a manager again if it is no longer one, without touching its password', async () => {
    await t.ctx.db.query('UPDATE users SET is_manager = false WHERE email = $1', [ADMIN.email]);
    const before = await stored();
    await restart('another-admin-pass-2');
    const after = await stored();
    expect(after.is_manager).toBe(true);
    expect(after.password_hash).toBe(before.password_hash);
  });
});
