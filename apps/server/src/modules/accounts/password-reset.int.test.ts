import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, TEST_DB, uniqueEmail, type TestApp } from '../../../test/harness.js';
import { ageCodes, codeIn, mailAfter, mailsTo, otherThan } from '../../../test/support/account-mail.js';
import {
  envelope,
  expectFailure,
  expectSuccess,
  managerToken,
  postFrom,
  uniqueIp,
} from '../../../test/support/http.js';
import { until } from '../../../test/support/until.js';
import { createSession } from './sessions.js';

const NEW_PASS = 'brand-new-pass-1';

describe(`forgot password: a mailed code, then a new password (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // many sign-ups from the one client address of the tests
    t = await startTestApp({ rateLimits: { sendCodePerIp: { limit: 1000, windowSeconds: 3600 } } });
  });
  afterAll(() => t.close());

  const sendResetCode = (email: string, headers: Record<string, string> = {}) =>
    t.post('/user/send_reset_code', { email }, { headers });
  /** asks for a code and answers the one mailed */
  const resetCode = async (email: string) => {
    await ageCodes(t, email); // a sign-up or an earlier test asked for one just now
    return codeIn(await mailAfter(t, email, async () => expectSuccess(await sendResetCode(email))));
  };
  const reset = (email: string, code: string, pass = NEW_PASS) =>
    t.post('/user/reset_password', { email, code, pass });
  const profile = (token: string) => t.post('/user/profile', {}, { as: token });
  const loginAnswer = (email: string, pass: string) => t.post('/email/auth', { email, pass });

  /** An account as Google sign-in makes it for a verified address: no password. */
  const googleAccount = async () => {
    const email = uniqueEmail('google');
    const [row] = await t.ctx.db.query<{ id: number }>(
      `INSERT INTO users (email, name, password_hash, google_sub) VALUES ($1, 'Google User', NULL, $2) RETURNING id`,
      [email, `sub-${randomBytes(6).toString('hex')}`],
    );
    return { email, id: row!.id, token: await createSession(t.ctx.db, row!.id, {}) };
  };

  it('sets the new password with the mailed code, and ends every session of the user', async () => {
    const { email, pass, token: first } = await t.signUp();
    const second = await t.login(email, pass);
    expectSuccess(await profile(first)); // both sessions remembered by this server
    expectSuccess(await profile(second));

    await ageCodes(t, email);
    const mail = await mailAfter(t, email, async () => {
      const sent = await sendResetCode(email);
      expect(envelope(sent)).toMatchObject({ code: 20000, data: { resendAfterSeconds: 60 } });
    });
    const code = codeIn(mail);
    expect(mail.subject).toContain(code);

    // the code is stored hashed, under its own purpose
    const rows = await t.ctx.db.query<Record<string, unknown>>(
      `SELECT * FROM verification_codes WHERE email = $1 AND purpose = 'reset'`,
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);

    const done = await reset(email, code);
    expect(envelope(done)).toMatchObject({ code: 20000, data: null });
    expect(done.cookies.find((c) => c.name === 'user_sessionid')).toBeUndefined();
    expectFailure(await profile(first), 40100, 401);
    expectFailure(await profile(second), 40100, 401);
    const left = await t.ctx.db.query(
      'SELECT s.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE u.email = $1',
      [email],
    );
    expect(left).toEqual([]);

    expectFailure(await loginAnswer(email, pass), 40101, 401);
    const fresh = await t.login(email, NEW_PASS);
    expect(expectSuccess<{ email: string; hasPassword: boolean }>(await profile(fresh))).toMatchObject({
      email,
      hasPassword: true,
    });
    // the code was used up
    expectFailure(await reset(email, code, 'another-pass-2'), 42200, 400);
  });

  it('answers a known and an unknown address alike, and mails only the known one', async () => {
    const { email: known } = await t.signUp();
    await ageCodes(t, known);
    const mailsBefore = mailsTo(t, known).length;
    const unknown = uniqueEmail('nobody');
    const en = { 'accept-language': 'en' };
    const forUnknown = await sendResetCode(unknown, en);
    const forKnown = await sendResetCode(known, en);
    expect(forKnown.statusCode).toBe(forUnknown.statusCode);
    expect(forKnown.json()).toEqual(forUnknown.json());
    expect(forKnown.json()).toMatchObject({ code: 20000 });
    // a second request within the minute: refused alike
    const againUnknown = await sendResetCode(unknown, en);
    const againKnown = await sendResetCode(known, en);
    expectFailure(againKnown, 42901, 429);
    expect([againKnown.statusCode, againKnown.json()]).toEqual([
      againUnknown.statusCode,
      againUnknown.json(),
    ]);

    await until(() => mailsTo(t, known).length > mailsBefore, 5000);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(t, known)).toHaveLength(mailsBefore + 1);
    expect(mailsTo(t, unknown)).toEqual([]);
    // whatever code is tried for the unknown address, nothing is set, and it says so like a wrong code
    for (const code of ['000000', '123456']) expectFailure(await reset(unknown, code), 42200, 400);
    expect(await t.ctx.db.query('SELECT id FROM users WHERE email = $1', [unknown])).toEqual([]);
  });

  it('answers before the mail is sent, so the time taken tells nothing', async () => {
    const { email: known } = await t.signUp();
    await ageCodes(t, known);
    const mailsBefore = mailsTo(t, known).length;
    // the mail is held until the test lets it go: no answer may wait for it
    let letGo = () => {};
    const held = new Promise<void>((resolve) => (letGo = resolve));
    const send = t.ctx.mailer.send.bind(t.ctx.mailer);
    const holding = vi.spyOn(t.ctx.mailer, 'send').mockImplementation(async (m) => {
      await held;
      await send(m);
    });
    try {
      expectSuccess(await sendResetCode(uniqueEmail('nobody')));
      expectSuccess(await sendResetCode(known));
      expect(holding).toHaveBeenCalledTimes(1); // the known address only
      expect(mailsTo(t, known)).toHaveLength(mailsBefore);
      letGo();
      // and the mail arrives, later
      const mail = await until(() => mailsTo(t, known)[mailsBefore], 5000);
      expect(codeIn(mail)).toMatch(/^\d{6}$/);
    } finally {
      letGo();
      holding.mockRestore();
    }
  });

  it('treats a placeholder address (WeChat) and a closed account as unknown', async () => {
    const placeholder = `wechat_${randomBytes(6).toString('hex')}@users.invalid`;
    await t.ctx.db.query(`INSERT INTO users (email, name, wechat_openid) VALUES ($1, 'WeChat User', $2)`, [
      placeholder,
      randomBytes(6).toString('hex'),
    ]);
    expectSuccess(await sendResetCode(placeholder));
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(t, placeholder)).toEqual([]);

    // a code mailed before the account was closed opens nothing afterwards
    const { email, id } = await t.signUp();
    const code = await resetCode(email);
    expectSuccess(await t.post('/user/delete_user', { id }, { as: await managerToken(t) }));
    expectFailure(await reset(email, code), 42200, 400);
  });

  it('gives an account made by Google its first password', async () => {
    const google = await googleAccount();
    expect(expectSuccess<{ hasPassword: boolean }>(await profile(google.token)).hasPassword).toBe(false);
    expectSuccess(await reset(google.email, await resetCode(google.email)));
    expectFailure(await profile(google.token), 40100, 401);
    const token = await t.login(google.email, NEW_PASS);
    expect(expectSuccess<{ id: number; hasPassword: boolean }>(await profile(token))).toMatchObject({
      id: google.id,
      hasPassword: true,
    });
  });

  it('kills the code after 5 wrong guesses, even for the right code', async () => {
    const { email, pass } = await t.signUp();
    const code = await resetCode(email);
    for (let i = 1; i <= 4; i += 1) expectFailure(await reset(email, otherThan(code)), 42200, 400);
    expectFailure(await reset(email, otherThan(code)), 42201, 400);
    expectFailure(await reset(email, code), 42201, 400);
    expect(await t.login(email, pass)).toBeTruthy(); // the password is unchanged
  });

  it('refuses an expired code, and sets codes to expire after 10 minutes', async () => {
    const { email, pass } = await t.signUp();
    const code = await resetCode(email);
    const [row] = await t.ctx.db.query<{ minutes: number }>(
      `SELECT extract(epoch FROM expires_at - created_at)::float / 60 AS minutes
         FROM verification_codes WHERE email = $1 AND purpose = 'reset'`,
      [email],
    );
    expect(row!.minutes).toBeCloseTo(10, 1);
    await t.ctx.db.query(
      `UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE email = $1 AND purpose = 'reset'`,
      [email],
    );
    expectFailure(await reset(email, code), 42200, 400);
    expect(await t.login(email, pass)).toBeTruthy();
  });

  it('replaces the old code with a new one', async () => {
    const { email } = await t.signUp();
    const first = await resetCode(email);
    let second = first;
    while (second === first) second = await resetCode(email); // once in a million they repeat
    expectFailure(await reset(email, first), 42200, 400);
    expectSuccess(await reset(email, second));
  });

  it('takes no register code: each code is for its own purpose', async () => {
    const email = uniqueEmail('purpose');
    expectSuccess(await t.post('/user/send_code', { email }));
    const registerCode = await t.smtp.codeFor(email);
    // the account is made another way meanwhile: the register code does not reset its password
    const manager = await managerToken(t);
    const made = { email, name: 'Made By Manager', pass: 'secret-pass-1' };
    expectSuccess(await t.post('/user/create_user', made, { as: manager }));
    expectFailure(await reset(email, registerCode), 42200, 400);
    expect(await t.login(email, made.pass)).toBeTruthy();
  });

  it('writes the mail in the caller’s language', async () => {
    for (const [lang, words] of [
      ['en', /new password/],
      ['ja', /新しいパスワード/],
      ['zh', /新密码/],
    ] as const) {
      const { email } = await t.signUp();
      await ageCodes(t, email);
      const mail = await mailAfter(t, email, () => sendResetCode(email, { 'accept-language': lang }));
      expect(mail.text).toMatch(words);
    }
  });

  it('ends the sessions on the other servers too', async () => {
    const other = await t.secondServer();
    try {
      const { email, token } = await t.signUp();
      const onOther = () =>
        other.app.inject({
          method: 'POST',
          url: '/user/profile',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          payload: '{}',
        });
      expectSuccess(await onOther());
      expectSuccess(await onOther()); // now from the other server's memory
      expectSuccess(await reset(email, await resetCode(email)));
      await other.ctx.sessionCache.sync(other.ctx.db);
      expectFailure(await onOther(), 40100, 401);
    } finally {
      await other.close();
    }
  });
});

describe(`limits on reset codes (${TEST_DB})`, () => {
  let t: TestApp;
  const limits = {
    sendCodePerEmail: { limit: 2, windowSeconds: 3600 },
    sendCodePerIp: { limit: 3, windowSeconds: 3600 },
  };
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: limits });
  });
  afterAll(() => t.close());

  it('limits the codes to one address, known or not, with the register codes counted too', async () => {
    const known = uniqueEmail('limited');
    const pass = 'secret-pass-1';
    const ip = uniqueIp();
    expectSuccess(await postFrom(t, ip, '/user/send_code', { email: known }));
    const code = await t.smtp.codeFor(known);
    expectSuccess(await postFrom(t, ip, '/user/register', { email: known, name: 'Limited', pass, code }));
    const unknown = uniqueEmail('nobody');
    expectSuccess(await postFrom(t, uniqueIp(), '/user/send_reset_code', { email: unknown }));

    // one more each (from other clients): the known address has used its two with the register code
    await ageCodes(t, known);
    await ageCodes(t, unknown);
    expectSuccess(await postFrom(t, uniqueIp(), '/user/send_reset_code', { email: known }));
    expectSuccess(await postFrom(t, uniqueIp(), '/user/send_reset_code', { email: unknown }));
    await ageCodes(t, known);
    await ageCodes(t, unknown);
    const refusedKnown = await postFrom(t, uniqueIp(), '/user/send_reset_code', { email: known });
    const refusedUnknown = await postFrom(t, uniqueIp(), '/user/send_reset_code', { email: unknown });
    expectFailure(refusedKnown, 42900, 429);
    expect(refusedKnown.json()).toEqual(refusedUnknown.json());
  });

  it('limits the codes one client asks for', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < limits.sendCodePerIp.limit; i += 1) {
      expectSuccess(await postFrom(t, ip, '/user/send_reset_code', { email: uniqueEmail('many') }));
    }
    expectFailure(await postFrom(t, ip, '/user/send_reset_code', { email: uniqueEmail('many') }), 42900, 429);
  });
});
