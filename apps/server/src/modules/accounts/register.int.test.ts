import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, sessionCookieOf, startTestApp, uniqueEmail, type TestApp } from '../../../test/harness.js';
import {
  countUsersByEmail,
  envelope,
  expectFailure,
  expectSuccess,
  managerToken,
  sha256Hex,
} from '../../../test/support/http.js';

describe('registration with an emailed code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** Moves the last code's creation back, as if the 60 s resend interval had passed. */
  const ageCode = (email: string) =>
    t.ctx.db.query(
      `UPDATE verification_codes SET created_at = now() - interval '61 seconds' WHERE email = $1`,
      [email.toLowerCase()],
    );

  const sendCode = async (email: string) => {
    expectSuccess(await t.post('/user/send_code', { email }));
    return t.smtp.codeFor(email);
  };

  const register = (email: string, code: string, extra: Record<string, unknown> = {}) =>
    t.post('/user/register', { email, name: 'New User', pass: 'secret-pass-1', code, ...extra });

  /** A 6-digit code that is not `code`. */
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('mails a 6-digit code that registers the account and starts a session', async () => {
    const email = uniqueEmail('reg');
    const sent = await t.post('/user/send_code', { email });
    expect(envelope(sent)).toMatchObject({ code: 20000, data: { resendAfterSeconds: 60 } });
    const mail = await t.smtp.waitForMail(email);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toContain(code);

    const res = await register(email, code!, { name: 'Bob' });
    const user = expectSuccess<{ id: number; email: string; name: string; admin: boolean }>(res);
    expect(user).toMatchObject({ email, name: 'Bob', admin: false });

    const cookie = res.cookies.find((c) => c.name === 'user_sessionid');
    expect(cookie).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 7 * 24 * 3600 });
    expect(cookie!.secure).toBeFalsy(); // plain http here; Secure is set on https
    const token = cookie!.value;
    expect(token.length).toBeGreaterThanOrEqual(32);

    // only the sha256 of the token is stored; the token itself appears nowhere in the session row
    const rows = await t.ctx.db.query<Record<string, unknown>>('SELECT * FROM sessions WHERE user_id = $1', [
      user.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);

    // the password is not stored in clear either
    const [stored] = await t.ctx.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      [user.id],
    );
    expect(stored!.password_hash).toMatch(/^\$argon2id\$/);

    const profile = await t.post('/user/profile', {}, { as: token });
    expect(expectSuccess(profile)).toMatchObject({ id: user.id, email, name: 'Bob' });
  });

  it('stores the code hashed, not in clear', async () => {
    const email = uniqueEmail('hashed');
    const code = await sendCode(email);
    const rows = await t.ctx.db.query<Record<string, unknown>>(
      'SELECT * FROM verification_codes WHERE email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('accepts a code once only', async () => {
    const email = uniqueEmail('once');
    const code = await sendCode(email);
    expectSuccess(await register(email, code));
    const again = await register(email, code, { name: 'Second Try' });
    expect(envelope(again).code).not.toBe(20000);
    expect(sessionCookieOf(again)).toBeUndefined();
    expect(await countUsersByEmail(t, email)).toBe(1);
  });

  it('kills the code after 5 wrong guesses, even for the right code', async () => {
    const email = uniqueEmail('guess');
    const code = await sendCode(email);
    const wrong = otherThan(code);
    for (let i = 1; i <= 4; i += 1) expectFailure(await register(email, wrong), 42200, 400);
    expectFailure(await register(email, wrong), 42201, 400);
    const right = await register(email, code);
    expectFailure(right, 42201, 400);
    expect(sessionCookieOf(right)).toBeUndefined();
    expect(await countUsersByEmail(t, email)).toBe(0);
  });

  it('counts concurrent wrong guesses one by one: a burst cannot beat the limit', async () => {
    const email = uniqueEmail('burst');
    const code = await sendCode(email);
    const wrong = Array.from({ length: 12 }, (_, i) => otherThan(String((Number(code) + i) % 1_000_000)));
    const answers = await Promise.all(wrong.map((c) => register(email, c)));
    const codes = answers.map((r) => envelope(r).code);
    expect(codes.filter((c) => c === 42200)).toHaveLength(4);
    expect(codes.filter((c) => c === 42201)).toHaveLength(8);
    expectFailure(await register(email, code), 42201, 400);
    expect(await countUsersByEmail(t, email)).toBe(0);
  });

  it('lets only one of two concurrent registrations with the same code through', async () => {
    const email = uniqueEmail('twice');
    const code = await sendCode(email);
    const [a, b] = await Promise.all([
      register(email, code, { name: 'First' }),
      register(email, code, { name: 'Second' }),
    ]);
    const successes = [a, b].filter((r) => envelope(r).code === 20000);
    expect(successes).toHaveLength(1);
    expect(await countUsersByEmail(t, email)).toBe(1);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail('expired');
    const code = await sendCode(email);
    await t.ctx.db.query(
      `UPDATE verification_codes SET expires_at = now() - interval '1 second' WHERE email = $1`,
      [email],
    );
    expectFailure(await register(email, code), 42200, 400);
    expect(await countUsersByEmail(t, email)).toBe(0);
  });

  it('sets codes to expire after 10 minutes', async () => {
    const email = uniqueEmail('ttl');
    await sendCode(email);
    const [row] = await t.ctx.db.query<{ minutes: number }>(
      `SELECT extract(epoch FROM expires_at - created_at)::float / 60 AS minutes FROM verification_codes WHERE email = $1`,
      [email],
    );
    expect(row!.minutes).toBeCloseTo(10, 1);
  });

  it('replaces the old code with a new one', async () => {
    const email = uniqueEmail('replace');
    const first = await sendCode(email);
    let second = first;
    // a fresh random code may, once in a million, repeat the old one: ask again then
    while (second === first) {
      await ageCode(email);
      second = await sendCode(email);
    }
    expectFailure(await register(email, first), 42200, 400);
    expectSuccess(await register(email, second));
  });

  it('refuses a resend within 60 seconds and mails nothing', async () => {
    const email = uniqueEmail('resend');
    await sendCode(email);
    const mailsBefore = t.smtp.mails.filter((m) => m.to.includes(email)).length;
    const again = await t.post('/user/send_code', { email }, { headers: { 'accept-language': 'en' } });
    const body = expectFailure(again, 42901, 429);
    expect(body.msg).toMatch(/wait/i);
    expect(t.smtp.mails.filter((m) => m.to.includes(email)).length).toBe(mailsBefore);
  });

  it('answers send_code for a registered address like any other, but mails no code', async () => {
    const { email } = await t.signUp();
    await ageCode(email); // the sign-up itself asked for a code just now
    const en = { 'accept-language': 'en' };
    const forNew = await t.post('/user/send_code', { email: uniqueEmail('fresh') }, { headers: en });
    const mailsBefore = t.smtp.mails.length;
    const forTaken = await t.post('/user/send_code', { email }, { headers: en });
    expect(forTaken.statusCode).toBe(forNew.statusCode);
    expect(forTaken.json()).toEqual(forNew.json());

    const mails = t.smtp.mails.slice(mailsBefore).filter((m) => m.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/already have/i);
    expect(mails[0]!.subject + mails[0]!.text).not.toMatch(/\d{6}/);

    // whatever code is tried, it registers nothing
    for (const code of ['000000', '123456']) {
      const res = await register(email, code);
      expect(envelope(res).code).not.toBe(20000);
    }
    expect(await countUsersByEmail(t, email)).toBe(1);
  });

  it('refuses to register an address that already has an account', async () => {
    // the admin has never asked for a code: no code can match
    const admin = await register(ADMIN.email, '123456');
    expect(envelope(admin).code).not.toBe(20000);
    expect(await countUsersByEmail(t, ADMIN.email)).toBe(1);

    // a code sent while the address was free, then a manager creates the account first
    const email = uniqueEmail('race');
    const code = await sendCode(email);
    const manager = await managerToken(t);
    expectSuccess(
      await t.post('/user/create_user', { email, name: 'Made First', pass: 'secret-1' }, { as: manager }),
    );
    const res = await register(email, code);
    expectFailure(res, 40900, 409);
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(await countUsersByEmail(t, email)).toBe(1);
  });

  it('treats the address case-insensitively', async () => {
    const email = uniqueEmail('MixedCase');
    const code = await sendCode(email.toLowerCase());
    const user = expectSuccess<{ email: string }>(await register(email.toUpperCase(), code));
    expect(user.email).toBe(email.toLowerCase());
    expect(await countUsersByEmail(t, email)).toBe(1);
  });

  it('ignores unknown fields: a registration cannot make itself a manager', async () => {
    const email = uniqueEmail('sneaky');
    const code = await sendCode(email);
    const user = expectSuccess<{ id: number; admin: boolean; manager: boolean }>(
      await register(email, code, { admin: true, manager: true, is_manager: true, id: 1 }),
    );
    expect(user).toMatchObject({ admin: false, manager: false });
    expect(user.id).not.toBe(1);
    const [row] = await t.ctx.db.query<{ is_manager: boolean }>(
      'SELECT is_manager FROM users WHERE id = $1',
      [user.id],
    );
    expect(row!.is_manager).toBe(false);
  });

  it('writes the mail in the caller’s language', async () => {
    const en = uniqueEmail('mail-en');
    const ja = uniqueEmail('mail-ja');
    const zh = uniqueEmail('mail-zh');
    await t.post('/user/send_code', { email: en }, { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    await t.post('/user/send_code', { email: ja }, { headers: { 'accept-language': 'ja' } });
    await t.post('/user/send_code', { email: zh });
    expect((await t.smtp.waitForMail(en)).text).toMatch(/verification code/);
    expect((await t.smtp.waitForMail(ja)).text).toMatch(/認証コード/);
    expect((await t.smtp.waitForMail(zh)).text).toMatch(/验证码/);
  });
});
