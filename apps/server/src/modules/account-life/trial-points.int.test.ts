import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PointHistoryEntry, PagedList, User } from '@subtrans/contract';
import { POINTS } from '@subtrans/contract';
import { startTestApp, sessionCookieOf, TEST_DB, uniqueEmail, type TestApp } from '../../../test/harness.js';
import { expectSuccess, OWN_ORIGIN } from '../../../test/support/http.js';
import { followToCallback, startOidcServer, type OidcServer } from '../../../test/support/oidc-server.js';
import { startWechatServer, type WechatPerson } from '../../../test/support/wechat-server.js';
import { getBalance, hold, release } from '../billing/ledger.service.js';
import { insertUser } from '../accounts/users.repository.js';
import { grantTrialPoints } from './trial-points.js';

const ORIGIN = new URL(OWN_ORIGIN).origin;
const CALLBACK = `${ORIGIN}/google/callback`;
const APP_ID = 'wx-trial-app';
const APP_SECRET = 'wx-trial-secret-9c2e';
const TRIAL = 30;

describe(`trial points at sign-up, once per identity (${TEST_DB})`, () => {
  let oidc: OidcServer;
  let wx: Awaited<ReturnType<typeof startWechatServer>>;
  let t: TestApp;

  beforeAll(async () => {
    oidc = await startOidcServer([CALLBACK]);
    wx = await startWechatServer(APP_ID, APP_SECRET);
    t = await startTestApp({
      env: {
        SIGNUP_POINTS: String(TRIAL),
        GOOGLE_CLIENT_ID: oidc.clientId,
        GOOGLE_CLIENT_SECRET: oidc.clientSecret,
        GOOGLE_ISSUER: oidc.issuer,
        WECHAT_APP_ID: APP_ID,
        WECHAT_APP_SECRET: APP_SECRET,
        WECHAT_API_BASE: wx.url,
        SITE_PROFILES: JSON.stringify([{ hosts: ['*'], googleLogin: true, wechatLogin: true }]),
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await oidc?.close();
    await wx?.close();
  });
  afterEach(() => {
    t.ctx.env.SIGNUP_POINTS = TRIAL;
  });

  const profile = async (token: string) =>
    expectSuccess<User>(await t.post('/user/profile', {}, { as: token }));
  const close = async (token: string, pass?: string) =>
    expectSuccess(await t.post('/user/close_account', pass ? { pass } : {}, { as: token }));
  const identities = async () =>
    (await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM trial_identities`))[0]!.n;

  async function google(account: { sub: string; email?: string; email_verified?: boolean }): Promise<string> {
    oidc.signInAs({ name: 'Trial Person', ...account });
    const begin = await t.app.inject({
      method: 'GET',
      url: `/google/auth?redirect_uri=${encodeURIComponent(`${ORIGIN}/auth/callback`)}`,
    });
    const back = await followToCallback(begin.headers.location as string, CALLBACK);
    const done = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    return sessionCookieOf(done)!;
  }

  async function wechat(p: WechatPerson): Promise<string> {
    const { state } = expectSuccess<{ state: string }>(await t.post('/user/wechat_state'));
    const res = await t.post('/user/wechat_login', { code: wx.codeFor(p), state });
    expectSuccess(res);
    return sessionCookieOf(res)!;
  }

  it('grants SIGNUP_POINTS at registration as a lot valid a year, a trial in the history and the profile', async () => {
    const u = await t.signUp();
    expect(await getBalance(t.ctx.db, u.id)).toBe(TRIAL);
    expect((await profile(u.token)).trialPoints).toBe(TRIAL);
    const [lot] = await t.ctx.db.query<{ source: string; expires_at: Date; created_at: Date }>(
      `SELECT source, expires_at, created_at FROM point_lots WHERE user_id = $1`,
      [u.id],
    );
    expect(lot!.source).toBe('grant');
    const days = (lot!.expires_at.getTime() - lot!.created_at.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(POINTS.validityDays);
    const history = expectSuccess<PagedList<PointHistoryEntry>>(
      await t.post('/user/point_history', { page: 1, size: 10 }, { as: u.token }),
    );
    expect(history.list).toMatchObject([
      { kind: 'grant', amount: TRIAL, byManager: false, balanceAfter: TRIAL },
    ]);
    // what is spent of the trial is no longer shown as left
    expectSuccess(await t.post('/user/decr_point', { points: 12 }, { as: u.token }));
    expect((await profile(u.token)).trialPoints).toBe(TRIAL - 12);
  });

  it('answers the registration, a sign-in and a WeChat sign-up with the trial points the account holds', async () => {
    // issue 41: the answer to /user/register said 0 though the grant commits with the account, and
    // a page that signed in from it showed no trial notice
    const email = uniqueEmail('trial-answer');
    expectSuccess(await t.post('/user/send_code', { email }));
    const registered = expectSuccess<User>(
      await t.post('/user/register', {
        email,
        name: 'Trial Answer',
        pass: 'secret-pass-1',
        code: await t.smtp.codeFor(email),
      }),
    );
    expect(registered.trialPoints).toBe(TRIAL);
    const signedIn = expectSuccess<User>(await t.post('/email/auth', { email, pass: 'secret-pass-1' }));
    expect(signedIn.trialPoints).toBe(TRIAL);
    const { state } = expectSuccess<{ state: string }>(await t.post('/user/wechat_state'));
    const wechatUser = expectSuccess<User>(
      await t.post('/user/wechat_login', {
        code: wx.codeFor({ openid: `o_${randomBytes(6).toString('hex')}`, nickname: '答' }),
        state,
      }),
    );
    expect(wechatUser.trialPoints).toBe(TRIAL);
    // without a trial the answers say so
    t.ctx.env.SIGNUP_POINTS = 0;
    const plain = uniqueEmail('no-trial-answer');
    expectSuccess(await t.post('/user/send_code', { email: plain }));
    const none = expectSuccess<User>(
      await t.post('/user/register', {
        email: plain,
        name: 'No Trial',
        pass: 'secret-pass-1',
        code: await t.smtp.codeFor(plain),
      }),
    );
    expect(none.trialPoints).toBe(0);
  });

  it('shows every change to the trial lot at the next call, reading it once between changes on PGlite', async () => {
    const spy = vi.spyOn(t.ctx.db, 'query');
    const trialReads = () => spy.mock.calls.filter(([sql]) => /FROM point_lots/.test(sql)).length;
    try {
      // the registration's answer reads the figure first
      const u = await t.signUp();
      for (let i = 0; i < 3; i += 1) expect((await profile(u.token)).trialPoints).toBe(TRIAL);
      // PGlite keeps the figure beside the session; PostgreSQL reads it on every call
      expect(trialReads()).toBe(TEST_DB === 'pglite' ? 1 : 4);
      // a task's hold takes from the trial, its release gives it back
      await hold(t.ctx.db, u.id, `trial-${u.id}`, 5);
      expect((await profile(u.token)).trialPoints).toBe(TRIAL - 5);
      await release(t.ctx.db, `trial-${u.id}`);
      expect((await profile(u.token)).trialPoints).toBe(TRIAL);
      // a change by hand (a manager in psql): the lot has expired
      await t.ctx.db.query(
        `UPDATE point_lots SET expires_at = now() - interval '1 second' WHERE user_id = $1`,
        [u.id],
      );
      expect((await profile(u.token)).trialPoints).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('grants nothing to the same mailbox registering again after closing', async () => {
    const email = uniqueEmail('again');
    const first = await t.signUp({ email });
    expect(await getBalance(t.ctx.db, first.id)).toBe(TRIAL);
    await close(first.token, first.pass);
    const kept = await identities();
    // the 60 s between codes for one address is another rule's: this test does not wait for it
    await t.ctx.db.query(`DELETE FROM verification_codes WHERE email = $1`, [email]);

    const second = await t.signUp({ email });
    expect(second.id).not.toBe(first.id);
    expect(await getBalance(t.ctx.db, second.id)).toBe(0);
    expect((await profile(second.token)).trialPoints).toBe(0);
    await close(second.token, second.pass);
    // another spelling of the same mailbox: case and a +tag
    const [local, domain] = email.split('@');
    const third = await t.signUp({ email: `${local!.toUpperCase()}+more@${domain}` });
    expect(await getBalance(t.ctx.db, third.id)).toBe(0);
    expect(await identities()).toBe(kept);
  });

  it('grants on a first Google sign-in, once per Google account and per email', async () => {
    const email = uniqueEmail('google-trial');
    const sub = `sub-${email}`;
    const token = await google({ sub, email, email_verified: true });
    const me = await profile(token);
    expect(me.trialPoints).toBe(TRIAL);
    await close(token);

    // the same Google account after closing: a new account, no trial
    const again = await profile(await google({ sub, email, email_verified: true }));
    expect(again.id).not.toBe(me.id);
    expect(again.trialPoints).toBe(0);
    expect(await getBalance(t.ctx.db, again.id)).toBe(0);

    // another Google account showing an email that had its trial: none either
    const registered = await t.signUp();
    await close(registered.token, registered.pass);
    const other = await profile(
      await google({ sub: `other-${registered.email}`, email: registered.email, email_verified: true }),
    );
    expect(other.trialPoints).toBe(0);
    // an unverified email is no identity: a new Google account alone gets its trial
    const fresh = await profile(
      await google({ sub: `fresh-${registered.email}`, email: registered.email, email_verified: false }),
    );
    expect(fresh.trialPoints).toBe(TRIAL);
  });

  it('grants on a first WeChat sign-in, once per openid and per unionid', async () => {
    const p: WechatPerson = { openid: `o_${randomBytes(6).toString('hex')}`, nickname: '试用者' };
    const token = await wechat(p);
    const me = await profile(token);
    expect(me.trialPoints).toBe(TRIAL);
    await close(token);
    const again = await profile(await wechat(p));
    expect(again.id).not.toBe(me.id);
    expect(again.trialPoints).toBe(0);

    // the same person through another app of ours: another openid, the same unionid
    const unionid = `u_${randomBytes(6).toString('hex')}`;
    const first = await wechat({ openid: `o_${randomBytes(6).toString('hex')}`, unionid, nickname: '甲' });
    expect((await profile(first)).trialPoints).toBe(TRIAL);
    await close(first);
    const second = await wechat({ openid: `o_${randomBytes(6).toString('hex')}`, unionid, nickname: '甲' });
    expect((await profile(second)).trialPoints).toBe(0);
  });

  it('grants nothing, and remembers nothing, when SIGNUP_POINTS is 0', async () => {
    t.ctx.env.SIGNUP_POINTS = 0;
    const before = await identities();
    const u = await t.signUp();
    expect(await getBalance(t.ctx.db, u.id)).toBe(0);
    expect((await profile(u.token)).trialPoints).toBe(0);
    expect(await identities()).toBe(before);
  });

  it('grants once when sign-ups of one identity race (the identity hash is unique)', async () => {
    const email = uniqueEmail('race');
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      // accounts made side by side (a closed one freeing the email each time, as in real life)
      const row = await insertUser(t.ctx.db, { email: `r${i}-${email}`, name: 'Racer', passwordHash: null });
      ids.push(row!.id);
    }
    await Promise.all(
      ids.map((id, i) =>
        t.ctx.db.tx((q) =>
          grantTrialPoints(t.ctx, q, id, {
            email: i % 2 ? email.toUpperCase() : email,
            googleSub: null,
            wechatOpenid: null,
            wechatUnionid: null,
          }),
        ),
      ),
    );
    const balances = await Promise.all(ids.map((id) => getBalance(t.ctx.db, id)));
    expect(balances.filter((b) => b === TRIAL)).toHaveLength(1);
    expect(balances.reduce((a, b) => a + b, 0)).toBe(TRIAL);

    // and through HTTP: one code, two registrations at once, one account and one trial
    const racer = uniqueEmail('race-http');
    expectSuccess(await t.post('/user/send_code', { email: racer }));
    const code = await t.smtp.codeFor(racer);
    const body = { email: racer, name: 'Racer', pass: 'secret-pass-1', code };
    const answers = await Promise.all([t.post('/user/register', body), t.post('/user/register', body)]);
    const won = answers.filter((a) => a.json<{ code: number }>().code === 20000);
    expect(won).toHaveLength(1);
    const lots = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM point_lots l JOIN users u ON u.id = l.user_id WHERE lower(u.email) = $1`,
      [racer],
    );
    expect(lots[0]!.n).toBe(1);
  });
});
