import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@subtrans/contract';
import { startTestApp, TEST_DB, uniqueEmail, type TestApp } from '../../../test/harness.js';
import { ageCodes, codeIn, mailAfter, mailsTo, otherThan } from '../../../test/support/account-mail.js';
import { envelope, expectFailure, expectSuccess } from '../../../test/support/http.js';
import { createSession } from './sessions.js';

describe(`an email added to a WeChat account (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: { sendCodePerIp: { limit: 1000, windowSeconds: 3600 } } });
  });
  afterAll(() => t.close());

  /** An account as WeChat sign-in makes it: a placeholder address, no password, and a session. */
  const wechatAccount = async () => {
    const openid = randomBytes(8).toString('hex');
    const [row] = await t.ctx.db.query<{ id: number }>(
      `INSERT INTO users (email, name, wechat_openid, language) VALUES ($1, '微信用户', $2, 'en') RETURNING id`,
      [`wechat_${openid}@users.invalid`, openid],
    );
    return { id: row!.id, token: await createSession(t.ctx.db, row!.id, {}) };
  };
  const profile = async (token: string) =>
    expectSuccess<User>(await t.post('/user/profile', {}, { as: token }));
  const sendEmailCode = (token: string, email: string) =>
    t.post('/user/send_email_code', { email }, { as: token });
  /** asks for a code to `email` and answers the one mailed */
  const emailCode = async (token: string, email: string) =>
    codeIn(await mailAfter(t, email, async () => expectSuccess(await sendEmailCode(token, email))));
  const setEmail = (token: string, email: string, code: string) =>
    t.post('/user/set_email', { email, code }, { as: token });

  it('verifies the address by code and sets it; then forgot password gives a password to sign in with', async () => {
    const wechat = await wechatAccount();
    expect(await profile(wechat.token)).toMatchObject({
      email: '',
      emailVerified: false,
      hasPassword: false,
    });

    const email = uniqueEmail('wechat-adds');
    const sent = await sendEmailCode(wechat.token, email);
    expect(envelope(sent)).toMatchObject({ code: 20000, data: { resendAfterSeconds: 60 } });
    const mail = await t.smtp.waitForMail(email);
    expect(mail.text).toMatch(/add this address/);
    const code = codeIn(mail);

    const user = expectSuccess<User>(await setEmail(wechat.token, email, code));
    expect(user).toMatchObject({ id: wechat.id, email, emailVerified: true, hasPassword: false });
    expect(await profile(wechat.token)).toMatchObject({ email, emailVerified: true });
    // the code was used up
    expectFailure(await setEmail(wechat.token, email, code), 40931, 409);

    // forgot password, then a sign-in by email and password
    const resetCode = codeIn(
      await mailAfter(t, email, async () => expectSuccess(await t.post('/user/send_reset_code', { email }))),
    );
    expectSuccess(await t.post('/user/reset_password', { email, code: resetCode, pass: 'wechat-pass-1' }));
    expectFailure(await t.post('/user/profile', {}, { as: wechat.token }), 40100, 401);
    const token = await t.login(email, 'wechat-pass-1');
    expect(await profile(token)).toMatchObject({
      id: wechat.id,
      email,
      hasPassword: true,
      emailVerified: true,
    });
  });

  it('refuses an account that already has an email', async () => {
    const { token } = await t.signUp();
    const other = uniqueEmail('second-address');
    expectFailure(await sendEmailCode(token, other), 40931, 409);
    expectFailure(await setEmail(token, other, '123456'), 40931, 409);
    expect(mailsTo(t, other)).toEqual([]);
  });

  it('mails a code to an address another account holds, and refuses it only once the code proves the mailbox', async () => {
    const { email: taken } = await t.signUp();
    await ageCodes(t, taken);
    const wechat = await wechatAccount();
    const free = uniqueEmail('free');
    const forTaken = await sendEmailCode(wechat.token, taken);
    const forFree = await sendEmailCode(wechat.token, free);
    expect(forTaken.json()).toEqual(forFree.json());
    const code = await t.smtp.codeFor(taken);
    expectFailure(await setEmail(wechat.token, taken, code), 40900, 409);
    expect(await profile(wechat.token)).toMatchObject({ email: '', emailVerified: false });
  });

  it('keeps each account’s code to itself: another account can neither use nor use up its tries', async () => {
    const owner = await wechatAccount();
    const intruder = await wechatAccount();
    const email = uniqueEmail('contested');
    const code = await emailCode(owner.token, email);
    for (let i = 0; i < 6; i += 1) {
      const guess = i === 5 ? code : otherThan(String((Number(code) + i) % 1_000_000));
      expectFailure(await setEmail(intruder.token, email, guess), 42200, 400);
    }
    expect(expectSuccess<User>(await setEmail(owner.token, email, code)).email).toBe(email);
  });

  it('kills the code after 5 wrong guesses, and refuses an expired one', async () => {
    const wechat = await wechatAccount();
    const email = uniqueEmail('guessed');
    const code = await emailCode(wechat.token, email);
    for (let i = 1; i <= 4; i += 1)
      expectFailure(await setEmail(wechat.token, email, otherThan(code)), 42200, 400);
    expectFailure(await setEmail(wechat.token, email, otherThan(code)), 42201, 400);
    expectFailure(await setEmail(wechat.token, email, code), 42201, 400);

    await ageCodes(t, email);
    const fresh = await emailCode(wechat.token, email);
    await t.ctx.db.query(
      `UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE purpose = 'email' AND starts_with(email, $1)`,
      [email],
    );
    expectFailure(await setEmail(wechat.token, email, fresh), 42200, 400);
    expect(await profile(wechat.token)).toMatchObject({ email: '' });
  });

  it('refuses a resend within 60 seconds, and a code for another address', async () => {
    const wechat = await wechatAccount();
    const email = uniqueEmail('resend');
    const code = await emailCode(wechat.token, email);
    expectFailure(await sendEmailCode(wechat.token, email), 42901, 429);
    expect(mailsTo(t, email)).toHaveLength(1);
    expectFailure(await setEmail(wechat.token, uniqueEmail('elsewhere'), code), 42200, 400);
  });

  it('needs a session', async () => {
    expectFailure(await t.post('/user/send_email_code', { email: uniqueEmail() }), 40100, 401);
    expectFailure(await t.post('/user/set_email', { email: uniqueEmail(), code: '123456' }), 40100, 401);
  });
});

describe(`limits on codes to added addresses (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: { sendCodePerEmail: { limit: 2, windowSeconds: 3600 } } });
  });
  afterAll(() => t.close());

  it('limits the codes one account asks for, whatever the addresses', async () => {
    const openid = randomBytes(8).toString('hex');
    const [row] = await t.ctx.db.query<{ id: number }>(
      `INSERT INTO users (email, name, wechat_openid) VALUES ($1, '微信用户', $2) RETURNING id`,
      [`wechat_${openid}@users.invalid`, openid],
    );
    const token = await createSession(t.ctx.db, row!.id, {});
    const ask = (email: string) => t.post('/user/send_email_code', { email }, { as: token });
    expectSuccess(await ask(uniqueEmail('one')));
    expectSuccess(await ask(uniqueEmail('two')));
    const third = uniqueEmail('three');
    expectFailure(await ask(third), 42900, 429);
    expect(mailsTo(t, third)).toEqual([]);
  });
});
