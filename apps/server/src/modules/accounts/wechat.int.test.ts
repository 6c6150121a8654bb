import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, sessionCookieOf, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { captureLog } from '../../../test/support/log-capture.js';
import { startWechatServer, type WechatPerson } from '../../../test/support/wechat-server.js';
import { wechatProvider } from '../../providers/oauth/wechat.js';

const APP_ID = 'wx-test-app';
const APP_SECRET = 'wx-test-secret-4d1f';
/** a host whose site profile does not offer WeChat */
const NO_WECHAT_HOST = 'global.example';

interface Profile {
  id: number;
  email: string;
  name: string;
  picture: string;
}

const person = (over: Partial<WechatPerson> = {}): WechatPerson => ({
  openid: `o_${randomBytes(6).toString('hex')}`,
  nickname: '微信用户小明',
  headimgurl: 'https://thirdwx.qlogo.cn/mmopen/test/132',
  ...over,
});

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe(`WeChat QR sign-in against a local server following WeChat's contract (${TEST_DB})`, () => {
  let wx: Awaited<ReturnType<typeof startWechatServer>>;
  let t: TestApp;
  const logs = captureLog();

  beforeAll(async () => {
    wx = await startWechatServer(APP_ID, APP_SECRET);
    t = await startTestApp({
      log: logs.log,
      env: {
        WECHAT_APP_ID: APP_ID,
        WECHAT_APP_SECRET: APP_SECRET,
        WECHAT_API_BASE: wx.url,
        SITE_PROFILES: JSON.stringify([
          { hosts: ['*'], wechatLogin: true },
          { hosts: [NO_WECHAT_HOST], wechatLogin: false, googleLogin: true },
        ]),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await wx?.close();
  });

  const newState = async () =>
    expectSuccess<{ appId: string; state: string; redirectUri: string }>(await t.post('/user/wechat_state'));
  const login = async (p: WechatPerson) =>
    t.post('/user/wechat_login', { code: wx.codeFor(p), state: (await newState()).state });

  it('issues a state for the QR widget and the site config turns the panel on', async () => {
    const s = await newState();
    expect(s.appId).toBe(APP_ID);
    expect(s.state.length).toBeGreaterThan(20);
    expect(s.redirectUri).toBe('http://localhost/login');
    expect((await newState()).state).not.toBe(s.state);
    const config = expectSuccess<{ wechatLogin: boolean; wechatAppId: string }>(await t.post('/site/config'));
    expect(config).toMatchObject({ wechatLogin: true, wechatAppId: APP_ID });
  });

  it('exchanges the code, creates the user, sets the session; the same openid signs in again', async () => {
    const p = person();
    const res = await login(p);
    const user = expectSuccess<Profile>(res);
    expect(user).toMatchObject({ name: '微信用户小明', picture: p.headimgurl, manager: false });
    // no made-up address reaches the user: none is set
    expect(user).toMatchObject({ email: '', emailVerified: false, hasPassword: false });
    expect(res.cookies.find((c) => c.name === 'user_sessionid')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
    });
    const token = sessionCookieOf(res)!;
    expect(expectSuccess<Profile>(await t.post('/user/profile', {}, { as: token })).id).toBe(user.id);

    expect(expectSuccess<Profile>(await login(p)).id).toBe(user.id);

    // the placeholder address can never be used to sign in with a password
    const placeholder = `wechat_${p.openid}@users.invalid`;
    expectFailure(await t.post('/email/auth', { email: placeholder, pass: 'anything-at-all' }), 40101, 401);
  });

  it('recognises a person by unionid, also from another openid, and fills in a missing unionid', async () => {
    const unionid = `u_${randomBytes(6).toString('hex')}`;
    const first = expectSuccess<Profile>(await login(person({ unionid })));
    expect(expectSuccess<Profile>(await login(person({ unionid }))).id).toBe(first.id);

    // known by openid alone first; WeChat later sends the unionid too, then another app's openid
    const p = person();
    const byOpenid = expectSuccess<Profile>(await login(p));
    const laterUnion = `u_${randomBytes(6).toString('hex')}`;
    expect(expectSuccess<Profile>(await login({ ...p, unionid: laterUnion })).id).toBe(byOpenid.id);
    expect(expectSuccess<Profile>(await login(person({ unionid: laterUnion }))).id).toBe(byOpenid.id);
  });

  it('keeps a name within 2–20 characters and an https avatar, whatever WeChat sends', async () => {
    const long = expectSuccess<Profile>(
      await login(person({ nickname: '一二三四五六七八九十一二三四五六七八九十二十一' })),
    );
    expect(long.name).toBe('一二三四五六七八九十一二三四五六七八九十');
    const emoji = expectSuccess<Profile>(await login(person({ nickname: '😀'.repeat(15) })));
    expect(emoji.name).toBe('😀'.repeat(10));
    expect(emoji.name).not.toMatch(LONE_SURROGATE);
    const short = expectSuccess<Profile>(await login(person({ nickname: ' x ' })));
    expect(short.name).toBe('微信用户');
    // bidi overrides and isolates (text shown backwards) and control characters are not kept
    const bidi = expectSuccess<Profile>(
      await login(person({ nickname: '\u202Egpj.exe\u202C\u0000小明\u2066' })),
    );
    expect(bidi.name).toBe('gpj.exe 小明');
    const http = expectSuccess<Profile>(
      await login(person({ headimgurl: 'http://thirdwx.qlogo.cn/mmopen/old/132' })),
    );
    expect(http.picture).toBe('https://thirdwx.qlogo.cn/mmopen/old/132');
    expect(expectSuccess<Profile>(await login(person({ headimgurl: 'ftp://x/y' }))).picture).toBe('');
    // only WeChat's own image hosts: not a look-alike, not another site
    for (const headimgurl of ['https://qlogo.cn.evil.example/x', 'https://evil.example/x.png'])
      expect(expectSuccess<Profile>(await login(person({ headimgurl }))).picture).toBe('');
  });

  it('refuses an unknown, replayed or expired state without calling WeChat', async () => {
    const before = wx.requests.length;
    const forged = await t.post('/user/wechat_login', { code: wx.codeFor(person()), state: 'forged' });
    expect(expectFailure(forged, 50202, 502).data).toEqual({ reason: 'state' });
    const { state } = await newState();
    expectSuccess(await t.post('/user/wechat_login', { code: wx.codeFor(person()), state }));
    const replay = await t.post('/user/wechat_login', { code: wx.codeFor(person()), state });
    expectFailure(replay, 50202, 502);
    expect(sessionCookieOf(replay)).toBeUndefined();

    const old = await newState();
    await t.ctx.db.query(
      `UPDATE oauth_states SET created_at = now() - interval '11 minutes' WHERE state = $1`,
      [old.state],
    );
    expectFailure(
      await t.post('/user/wechat_login', { code: wx.codeFor(person()), state: old.state }),
      50202,
      502,
    );
    // a state issued for Google is no WeChat state
    await t.ctx.db.query(`INSERT INTO oauth_states (state, provider) VALUES ('google-state-1', 'google')`);
    expectFailure(
      await t.post('/user/wechat_login', { code: wx.codeFor(person()), state: 'google-state-1' }),
      50202,
      502,
    );
    expect(wx.requests.length).toBe(before + 2); // only the one good sign-in reached WeChat
  });

  it('refuses an invalid code (errcode) with the WeChat login failure, and logs why without secrets', async () => {
    const res = await t.post('/user/wechat_login', { code: 'not-a-code', state: (await newState()).state });
    const body = expectFailure(res, 50202, 502);
    expect(body.msg).toBe('微信登录失败');
    expect(body.data).toEqual({ reason: 'provider' });
    expect(res.body).not.toContain(APP_SECRET);
    const en = await t.post(
      '/user/wechat_login',
      { code: 'not-a-code', state: (await newState()).state },
      { headers: { 'accept-language': 'en' } },
    );
    expect(expectFailure(en, 50202, 502).msg).toBe('WeChat login failed');

    const text = logs.text();
    expect(logs.find('WeChat sign-in refused').map((e) => e.reason)).toContain(
      '/sns/oauth2/access_token: errcode 40029 invalid code',
    );
    expect(text).not.toContain(APP_SECRET);
    for (const token of wx.issuedTokens()) expect(text).not.toContain(token);
  });

  it('refuses when WeChat answers HTTP 500 or garbage', async () => {
    try {
      for (const mode of ['http500', 'garbage'] as const) {
        wx.setMode(mode);
        const res = await login(person());
        expectFailure(res, 50202, 502);
        expect(sessionCookieOf(res)).toBeUndefined();
      }
    } finally {
      wx.setMode('normal');
    }
    const reasons = logs.find('WeChat sign-in refused').map((e) => e.reason);
    expect(reasons).toContain('/sns/oauth2/access_token: HTTP 500');
    expect(reasons).toContain('/sns/oauth2/access_token: answer is not JSON');
  });

  it('gives up when WeChat does not answer in time', async () => {
    const real = t.ctx.oauth.wechat;
    t.ctx.oauth.wechat = wechatProvider({
      appId: APP_ID,
      appSecret: APP_SECRET,
      apiBase: wx.url,
      timeoutMs: 300,
    });
    wx.setMode('hang');
    try {
      const startedAt = Date.now();
      expectFailure(await login(person()), 50202, 502);
      expect(Date.now() - startedAt).toBeLessThan(5000);
    } finally {
      wx.setMode('normal');
      t.ctx.oauth.wechat = real;
    }
    expect(logs.find('WeChat sign-in refused').map((e) => e.reason)).toContain(
      '/sns/oauth2/access_token: no answer in 300 ms',
    );
  });

  it('is off on a host whose site profile does not offer WeChat', async () => {
    const headers = { host: NO_WECHAT_HOST, 'content-type': 'application/json' };
    const post = (url: string, payload: unknown) =>
      t.app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload) });
    expectFailure(await post('/user/wechat_state', {}), 50300, 503);
    const { state } = await newState();
    expectFailure(await post('/user/wechat_login', { code: wx.codeFor(person()), state }), 50300, 503);
    const config = expectSuccess<{ wechatLogin: boolean; wechatAppId: string | null }>(
      await post('/site/config', {}),
    );
    expect(config).toMatchObject({ wechatLogin: false, wechatAppId: null });
  });

  it('validates the body', async () => {
    expectFailure(await t.post('/user/wechat_login', { code: '' }), 40000, 400);
    expectFailure(await t.post('/user/wechat_login', { code: 'c', state: 'x'.repeat(513) }), 40000, 400);
  });
});

describe(`WeChat sign-in when not configured (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('answers FEATURE_DISABLED for both calls', async () => {
    expectFailure(await t.post('/user/wechat_state'), 50300, 503);
    expectFailure(await t.post('/user/wechat_login', { code: 'c', state: 's' }), 50300, 503);
    const config = expectSuccess<{ wechatLogin: boolean; wechatAppId: string | null }>(
      await t.post('/site/config'),
    );
    expect(config).toMatchObject({ wechatLogin: false, wechatAppId: null });
  });
});
