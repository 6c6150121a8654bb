import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieOf, startTestApp, uniqueEmail, type TestApp } from '../../test/harness.js';
import {
  OWN_ORIGIN,
  expectFailure,
  expectSuccess,
  makePng,
  managerToken,
  multipart,
  rawPost,
  userRowByEmail,
} from '../../test/support/http.js';

const EVIL = 'https://evil.example';

describe('CSRF: cookie-authenticated calls must come from our origin', () => {
  let t: TestApp;
  beforeAll(async () => {
    // PUBLIC_URL (http://localhost:8080 in the harness) is trusted besides the request's own origin
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** update_profile carried by the cookie, with exactly the given Origin/Referer headers. */
  const renameByCookie = (token: string, name: string, headers: Record<string, string>) =>
    rawPost(t, '/user/update_profile', {
      payload: JSON.stringify({ name }),
      headers: { cookie: `user_sessionid=${token}`, ...headers },
    });

  it('refuses a foreign Origin with 40301 and changes nothing', async () => {
    const { token, email } = await t.signUp({ name: 'Victim' });
    const res = await renameByCookie(token, 'Hacked', { origin: EVIL, 'accept-language': 'en' });
    const body = expectFailure(res, 40301, 403);
    expect(body.msg).toMatch(/origin/i);
    expect((await userRowByEmail(t, email))!.name).toBe('Victim');
  });

  it('accepts the request’s own origin and the configured public origin', async () => {
    const { token, email } = await t.signUp({ name: 'Victim' });
    expectSuccess(await renameByCookie(token, 'Own Origin', { origin: OWN_ORIGIN }));
    expect((await userRowByEmail(t, email))!.name).toBe('Own Origin');
    expectSuccess(await renameByCookie(token, 'Public Origin', { origin: 'http://localhost:8080' }));
    expect((await userRowByEmail(t, email))!.name).toBe('Public Origin');
    // a browser leaves out the default port that the Host header (localhost:80) spells out
    expectSuccess(await renameByCookie(token, 'Default Port', { origin: 'http://localhost' }));
    expect((await userRowByEmail(t, email))!.name).toBe('Default Port');
  });

  it.each([
    ['another port', 'http://localhost:3000'],
    ['another scheme', 'https://localhost:80'],
    ['a look-alike host', 'http://localhost.evil.example'],
    ['the opaque null origin', 'null'],
  ])('refuses %s', async (_label, origin) => {
    const { token, email } = await t.signUp({ name: 'Victim' });
    expectFailure(await renameByCookie(token, 'Hacked', { origin }), 40301, 403);
    expect((await userRowByEmail(t, email))!.name).toBe('Victim');
  });

  it('refuses a cookie call with neither Origin nor Referer', async () => {
    const { token, email } = await t.signUp({ name: 'Victim' });
    expectFailure(await renameByCookie(token, 'Hacked', {}), 40301, 403);
    expect((await userRowByEmail(t, email))!.name).toBe('Victim');
  });

  it('without Origin, judges by the Referer', async () => {
    const { token, email } = await t.signUp({ name: 'Victim' });
    expectFailure(await renameByCookie(token, 'Hacked', { referer: `${EVIL}/page` }), 40301, 403);
    expectFailure(await renameByCookie(token, 'Hacked', { referer: 'not a url' }), 40301, 403);
    expect((await userRowByEmail(t, email))!.name).toBe('Victim');
    expectSuccess(await renameByCookie(token, 'By Referer', { referer: `${OWN_ORIGIN}/dashboard?x=1` }));
    expect((await userRowByEmail(t, email))!.name).toBe('By Referer');
  });

  it('accepts a Bearer-token call without Origin (not exposed to CSRF)', async () => {
    const { token, email } = await t.signUp({ name: 'Api Client' });
    const res = await rawPost(t, '/user/update_profile', {
      payload: JSON.stringify({ name: 'Via Bearer' }),
      headers: { authorization: `Bearer ${token}` },
    });
    expectSuccess(res);
    expect((await userRowByEmail(t, email))!.name).toBe('Via Bearer');
    const viaHeader = await rawPost(t, '/user/update_profile', {
      payload: JSON.stringify({ name: 'Via Header' }),
      headers: { 'x-session-id': token },
    });
    expectSuccess(viaHeader);
    expect((await userRowByEmail(t, email))!.name).toBe('Via Header');
  });

  it('refuses a login, a code request and a registration posted from a foreign origin', async () => {
    const { email, pass } = await t.signUp();
    const login = await rawPost(t, '/email/auth', {
      payload: JSON.stringify({ email, pass }),
      headers: { origin: EVIL },
    });
    expectFailure(login, 40301, 403);
    expect(sessionCookieOf(login)).toBeUndefined();

    const fresh = uniqueEmail('csrf-code');
    expectFailure(
      await rawPost(t, '/user/send_code', {
        payload: JSON.stringify({ email: fresh }),
        headers: { origin: EVIL },
      }),
      40301,
      403,
    );
    expect(t.smtp.mails.some((m) => m.to.includes(fresh))).toBe(false);

    const register = await rawPost(t, '/user/register', {
      payload: JSON.stringify({ email: fresh, name: 'Forged', pass: 'secret-pass', code: '123456' }),
      headers: { origin: EVIL },
    });
    expectFailure(register, 40301, 403);
  });

  it('refuses forged manager calls: no user is deleted or created', async () => {
    const manager = await managerToken(t);
    const victim = await t.signUp();
    const forged = { cookie: `user_sessionid=${manager}`, origin: EVIL };
    expectFailure(
      await rawPost(t, '/user/delete_user', { payload: JSON.stringify({ id: victim.id }), headers: forged }),
      40301,
      403,
    );
    expectSuccess(await t.post('/user/profile', {}, { as: victim.token }));

    const email = uniqueEmail('forged-create');
    expectFailure(
      await rawPost(t, '/user/create_user', {
        payload: JSON.stringify({ email, name: 'Forged', pass: 'secret-pass', manager: true }),
        headers: forged,
      }),
      40301,
      403,
    );
    expect(await userRowByEmail(t, email)).toBeUndefined();
  });

  it('refuses a forged logout, close_account and avatar upload', async () => {
    const { token, pass } = await t.signUp();
    const forged = { cookie: `user_sessionid=${token}`, origin: EVIL };
    expectFailure(await rawPost(t, '/user/logout', { payload: '{}', headers: forged }), 40301, 403);
    expectFailure(
      await rawPost(t, '/user/close_account', { payload: JSON.stringify({ pass }), headers: forged }),
      40301,
      403,
    );
    const { payload, contentType } = multipart([
      { name: 'avatar', filename: 'a.png', contentType: 'image/png', data: makePng() },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...forged, 'content-type': contentType },
      payload,
    });
    expectFailure(upload, 40301, 403);
    // the session survived all of it
    expectSuccess(await t.post('/user/profile', {}, { as: token }));
  });

  it('refuses a forged password change, sign-out everywhere and reset', async () => {
    const { token, email, pass } = await t.signUp();
    const forged = { cookie: `user_sessionid=${token}`, origin: EVIL };
    const calls: [string, unknown][] = [
      ['/user/change_password', { pass, newPass: 'hijacked-1' }],
      ['/user/logout_all', {}],
      ['/user/send_email_code', { email: uniqueEmail('forged-add') }],
      ['/user/set_email', { email: uniqueEmail('forged-add'), code: '123456' }],
      ['/user/send_reset_code', { email }],
      ['/user/reset_password', { email, code: '123456', pass: 'hijacked-1' }],
    ];
    for (const [url, body] of calls) {
      expectFailure(await rawPost(t, url, { payload: JSON.stringify(body), headers: forged }), 40301, 403);
    }
    // the session and the password survived all of it
    expectSuccess(await t.post('/user/profile', {}, { as: token }));
    expect(await t.login(email, pass)).toBeTruthy();
  });

  it('does not check reads: GET health checks answer any origin', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz', headers: { origin: EVIL } });
    expect(res.statusCode).toBe(200);
  });
});
