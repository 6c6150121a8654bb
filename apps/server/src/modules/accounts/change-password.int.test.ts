import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieOf, startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { envelope, expectFailure, expectSuccess } from '../../../test/support/http.js';
import { createSession } from './sessions.js';

const NEW_PASS = 'changed-pass-1';

describe(`change password and sign out everywhere (${TEST_DB})`, () => {
  let t: TestApp;
  let other: Awaited<ReturnType<TestApp['secondServer']>>;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: { passwordChecksPerUser: { limit: 3, windowSeconds: 900 } } });
    other = await t.secondServer();
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const profile = (token: string) => t.post('/user/profile', {}, { as: token });
  const profileOnOther = (token: string) =>
    other.app.inject({
      method: 'POST',
      url: '/user/profile',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: '{}',
    });
  const change = (token: string, pass: string, newPass = NEW_PASS, headers: Record<string, string> = {}) =>
    t.post('/user/change_password', { pass, newPass }, { as: token, headers });
  const otherCaughtUp = () => other.ctx.sessionCache.sync(other.ctx.db);

  it('sets the new password, ends every other session and keeps this one', async () => {
    const { email, pass, token: current } = await t.signUp();
    const second = await t.login(email, pass);
    const third = await t.login(email, pass);
    expectSuccess(await profile(second)); // remembered here
    expectSuccess(await profileOnOther(third)); // and on the other server

    const res = await change(current, pass);
    expect(envelope(res)).toMatchObject({ code: 20000, data: null });
    expectSuccess(await profile(current));
    expectFailure(await profile(second), 40100, 401);
    await otherCaughtUp();
    expectFailure(await profileOnOther(third), 40100, 401);
    expectSuccess(await profileOnOther(current));

    expectFailure(await t.post('/email/auth', { email, pass }), 40101, 401);
    expect(await t.login(email, NEW_PASS)).toBeTruthy();
  });

  it('refuses a wrong current password, changes nothing, and stops guessing after the limit', async () => {
    const { email, pass, token } = await t.signUp();
    const second = await t.login(email, pass);
    // in the user's own language (Chinese, the language they registered in)
    const wrong = expectFailure(await change(token, 'not-my-password'), 40130, 400);
    expect(wrong.msg).toBe('当前密码不正确');
    expectSuccess(await profile(second));
    expect(await t.login(email, pass)).toBeTruthy();

    // the limit is 3 wrong answers here: the first was above
    expectFailure(await change(token, 'not-my-password-2'), 40130, 400);
    expectFailure(await change(token, 'not-my-password-3'), 40130, 400);
    // from now on even the right password is refused: the session cannot be used to guess
    expectFailure(await change(token, pass), 42900, 429);
    expect(await t.login(email, pass)).toBeTruthy();
    expectSuccess(await profile(second));

    // another user is not held back by it
    const someone = await t.signUp();
    expectSuccess(await change(someone.token, someone.pass));
  });

  it('lets a right answer give its count back', async () => {
    const { pass, token } = await t.signUp();
    let current = pass;
    for (let i = 0; i < 5; i += 1) {
      const next = `${NEW_PASS}-${i}`;
      expectSuccess(await change(token, current, next));
      current = next;
    }
    expectFailure(await change(token, 'wrong-one'), 40130, 400);
    expectSuccess(await change(token, current));
  });

  it('tells an account without a password to use forgot password', async () => {
    const [row] = await t.ctx.db.query<{ id: number }>(
      `INSERT INTO users (email, name, wechat_openid) VALUES ($1, 'WeChat User', $2) RETURNING id`,
      [`wechat_${randomBytes(6).toString('hex')}@users.invalid`, randomBytes(6).toString('hex')],
    );
    const token = await createSession(t.ctx.db, row!.id, {});
    const res = await change(token, 'anything-at-all', NEW_PASS, { 'accept-language': 'en' });
    expect(expectFailure(res, 40930, 409).msg).toMatch(/forgot password/i);
    const [stored] = await t.ctx.db.query<{ password_hash: string | null }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [row!.id],
    );
    expect(stored!.password_hash).toBeNull();
  });

  it('needs a session', async () => {
    expectFailure(
      await t.post('/user/change_password', { pass: 'secret-pass-1', newPass: NEW_PASS }),
      40100,
      401,
    );
    expectFailure(await t.post('/user/logout_all', {}), 40100, 401);
  });

  it('signs out everywhere: every session of the user ends, this one too, here and on other servers', async () => {
    const { email, pass, token } = await t.signUp();
    const second = await t.login(email, pass);
    const someone = await t.signUp();
    expectSuccess(await profile(second));
    expectSuccess(await profileOnOther(token));

    const res = await t.post('/user/logout_all', {}, { as: token });
    expect(envelope(res)).toMatchObject({ code: 20000, data: null });
    const cleared = res.cookies.find((c) => c.name === 'user_sessionid');
    expect(cleared?.value).toBe('');
    expect(sessionCookieOf(res)).toBeUndefined();
    expectFailure(await profile(token), 40100, 401);
    expectFailure(await profile(second), 40100, 401);
    await otherCaughtUp();
    expectFailure(await profileOnOther(token), 40100, 401);
    // another user's session is untouched, and the password still signs in
    expectSuccess(await profile(someone.token));
    expectSuccess(await profile(await t.login(email, pass)));
  });
});
