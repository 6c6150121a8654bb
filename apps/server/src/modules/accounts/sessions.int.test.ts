import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess, managerToken, sha256Hex } from '../../../test/support/http.js';

const DAY_MS = 24 * 3600 * 1000;

describe('sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  interface SessionRow {
    touched_at: Date;
    expires_at: Date;
    absolute_expires_at: Date;
  }
  const sessionOf = async (token: string) => {
    const rows = await t.ctx.db.query<SessionRow>(
      'SELECT touched_at, expires_at, absolute_expires_at FROM sessions WHERE token_hash = $1',
      [sha256Hex(token)],
    );
    return rows[0];
  };
  // a change made behind the app's back: the next call waits until the server has been told of it
  const setSession = async (token: string, assignments: string) => {
    await t.ctx.db.query(`UPDATE sessions SET ${assignments} WHERE token_hash = $1`, [sha256Hex(token)]);
    await t.ctx.sessionCache.sync(t.ctx.db);
  };

  const profileWithHeaders = (headers: Record<string, string>, body: unknown = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/user/profile',
      headers: { 'content-type': 'application/json', ...headers },
      payload: JSON.stringify(body),
    });

  it('authenticates by cookie, Bearer header and x-session-id header', async () => {
    const { token, email } = await t.signUp();
    const byCookie = await t.post('/user/profile', {}, { as: token });
    const byBearer = await profileWithHeaders({ authorization: `Bearer ${token}` });
    const byHeader = await profileWithHeaders({ 'x-session-id': token });
    for (const res of [byCookie, byBearer, byHeader]) {
      expect(expectSuccess<{ email: string }>(res).email).toBe(email);
    }
    // a wrong token in any of the three places is refused
    expectFailure(await profileWithHeaders({ authorization: `Bearer ${token}x` }), 40100, 401);
    expectFailure(await profileWithHeaders({ 'x-session-id': `${token}x` }), 40100, 401);
    expectFailure(await t.post('/user/profile', {}, { as: `${token}x` }), 40100, 401);
  });

  it('reads the profile from a POST with no body at all', async () => {
    const { token, email } = await t.signUp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(expectSuccess<{ email: string }>(res).email).toBe(email);
    const asJson = await t.app.inject({
      method: 'POST',
      url: '/user/profile',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: 'null',
    });
    expect(expectSuccess<{ email: string }>(asJson).email).toBe(email);
  });

  it('refuses a call without a session with 40100, in the caller’s language (zh by default)', async () => {
    const none = expectFailure(await profileWithHeaders({}), 40100, 401);
    const en = expectFailure(await profileWithHeaders({ 'accept-language': 'en-GB,en;q=0.8' }), 40100, 401);
    const ja = expectFailure(await profileWithHeaders({ 'accept-language': 'ja-JP' }), 40100, 401);
    const zh = expectFailure(await profileWithHeaders({ 'accept-language': 'zh-CN' }), 40100, 401);
    const other = expectFailure(await profileWithHeaders({ 'accept-language': 'fr' }), 40100, 401);
    expect(en.msg).toMatch(/session not found/i);
    expect(ja.msg).toMatch(/セッション/);
    expect(zh.msg).toMatch(/会话/);
    expect(none.msg).toBe(zh.msg);
    expect(other.msg).toBe(zh.msg);
    expect(new Set([en.msg, ja.msg, zh.msg]).size).toBe(3);
  });

  it('answers an authenticated user in their stored language over Accept-Language', async () => {
    const { token } = await t.signUp();
    expectSuccess(await t.post('/user/update_profile', { language: 'ja' }, { as: token }));
    const en = { 'accept-language': 'en' };
    const refused = expectFailure(
      await t.post('/user/all_users', {}, { as: token, headers: en }),
      40300,
      403,
    );
    expect(refused.msg).toMatch(/管理者/);
    // validation messages too, although they are checked before the handler runs
    const invalid = expectFailure(
      await t.post('/user/update_profile', { name: 'x' }, { as: token, headers: en }),
      40000,
      400,
    );
    expect(invalid.msg).toMatch(/名前/);
    expect(invalid.msg).not.toMatch(/name/i);
    // without a session the header decides again
    const anonymous = expectFailure(await profileWithHeaders(en), 40100, 401);
    expect(anonymous.msg).toMatch(/session not found/i);
  });

  it('slides the expiry on use, at most once per interval', async () => {
    const { token } = await t.signUp();
    await setSession(
      token,
      `touched_at = now() - interval '10 minutes', expires_at = now() + interval '1 minute'`,
    );
    const before = await sessionOf(token);

    const res = await t.post('/user/profile', {}, { as: token });
    expectSuccess(res);
    const after = (await sessionOf(token))!;
    const now = Date.now();
    expect(new Date(after.expires_at).getTime()).toBeGreaterThan(now + 7 * DAY_MS - 60_000);
    expect(new Date(after.expires_at).getTime()).toBeLessThan(now + 7 * DAY_MS + 60_000);
    expect(new Date(after.touched_at).getTime()).toBeGreaterThan(new Date(before!.touched_at).getTime());
    // the cookie slides with it
    const cookie = res.cookies.find((c) => c.name === 'user_sessionid');
    expect(cookie).toMatchObject({ value: token, maxAge: 7 * 24 * 3600, httpOnly: true, path: '/' });

    // right after, the call reads but does not write again
    const again = await t.post('/user/profile', {}, { as: token });
    expectSuccess(again);
    const third = (await sessionOf(token))!;
    expect(new Date(third.touched_at).getTime()).toBe(new Date(after.touched_at).getTime());
    expect(new Date(third.expires_at).getTime()).toBe(new Date(after.expires_at).getTime());
    expect(again.cookies.find((c) => c.name === 'user_sessionid')).toBeUndefined();
  });

  it('never slides past the absolute cap', async () => {
    const { token } = await t.signUp();
    await setSession(
      token,
      `touched_at = now() - interval '10 minutes', expires_at = now() + interval '1 minute',
       absolute_expires_at = now() + interval '2 days'`,
    );
    expectSuccess(await t.post('/user/profile', {}, { as: token }));
    const row = (await sessionOf(token))!;
    expect(new Date(row.expires_at).getTime()).toBeLessThanOrEqual(
      new Date(row.absolute_expires_at).getTime(),
    );
    expect(new Date(row.expires_at).getTime()).toBeLessThan(Date.now() + 3 * DAY_MS);
  });

  it('gives new sessions a 7-day sliding and a longer absolute expiry', async () => {
    const { token } = await t.signUp();
    const row = (await sessionOf(token))!;
    const now = Date.now();
    expect(new Date(row.expires_at).getTime()).toBeGreaterThan(now + 7 * DAY_MS - 60_000);
    expect(new Date(row.expires_at).getTime()).toBeLessThan(now + 7 * DAY_MS + 60_000);
    expect(new Date(row.absolute_expires_at).getTime()).toBeGreaterThan(new Date(row.expires_at).getTime());
  });

  it('refuses a session whose sliding expiry has passed, and clears the cookie', async () => {
    const { token } = await t.signUp();
    await setSession(token, `expires_at = now() - interval '1 second'`);
    const res = await t.post('/user/profile', {}, { as: token });
    expectFailure(res, 40100, 401);
    const cleared = res.cookies.find((c) => c.name === 'user_sessionid');
    expect(cleared?.value ?? '').toBe('');
    expectFailure(await profileWithHeaders({ authorization: `Bearer ${token}` }), 40100, 401);
  });

  it('refuses a session past its absolute cap even when the sliding expiry is ahead', async () => {
    const { token } = await t.signUp();
    await setSession(
      token,
      `expires_at = now() + interval '6 days', absolute_expires_at = now() - interval '1 second',
       touched_at = now() - interval '10 minutes'`,
    );
    expectFailure(await t.post('/user/profile', {}, { as: token }), 40100, 401);
    // and the refused call did not revive it
    const row = (await sessionOf(token))!;
    expect(new Date(row.absolute_expires_at).getTime()).toBeLessThan(Date.now());
  });

  it('logout ends only that session and clears the cookie', async () => {
    const { email, pass, token: first } = await t.signUp();
    const second = await t.login(email, pass);
    const res = await t.post('/user/logout', {}, { as: first });
    expectSuccess(res);
    const cleared = res.cookies.find((c) => c.name === 'user_sessionid');
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    expect(await sessionOf(first)).toBeUndefined();
    expectFailure(await t.post('/user/profile', {}, { as: first }), 40100, 401);
    expectSuccess(await t.post('/user/profile', {}, { as: second }));
  });

  it('logout by Bearer header ends that session', async () => {
    const { token } = await t.signUp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/user/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expectSuccess(res);
    expectFailure(await profileWithHeaders({ authorization: `Bearer ${token}` }), 40100, 401);
  });

  it('logout without a session still answers success', async () => {
    expectSuccess(await t.post('/user/logout', {}));
  });

  it('deleting a user ends all of their sessions', async () => {
    const { email, pass, token: first, id } = await t.signUp();
    const second = await t.login(email, pass);
    const manager = await managerToken(t);
    expectSuccess(await t.post('/user/delete_user', { id }, { as: manager }));
    expectFailure(await t.post('/user/profile', {}, { as: first }), 40100, 401);
    expectFailure(await profileWithHeaders({ authorization: `Bearer ${second}` }), 40100, 401);
    const rows = await t.ctx.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [id]);
    expect(rows).toHaveLength(0);
  });

  it('accepts and ignores SPEC’s user_sessionid body field', async () => {
    const { token, email } = await t.signUp();
    // a body token alone authenticates nothing
    expectFailure(await profileWithHeaders({}, { user_sessionid: token }), 40100, 401);
    // with the cookie, the field is harmless, even when it names another session
    const other = await t.signUp();
    const res = await t.post('/user/profile', { user_sessionid: other.token }, { as: token });
    expect(expectSuccess<{ email: string }>(res).email).toBe(email);
  });
});
