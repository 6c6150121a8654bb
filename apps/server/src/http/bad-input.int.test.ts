import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, uniqueEmail, type TestApp } from '../../test/harness.js';
import {
  OWN_ORIGIN,
  countUsersByEmail,
  expectFailure,
  expectSuccess,
  failedFields,
  managerToken,
  rawPost,
  userRowByEmail,
} from '../../test/support/http.js';

type Auth = 'none' | 'user' | 'manager';

/** Every POST call of the accounts part, with the session it needs. */
const CALLS: [string, Auth][] = [
  ['/email/auth', 'none'],
  ['/user/send_code', 'none'],
  ['/user/register', 'none'],
  ['/user/profile', 'user'],
  ['/user/update_profile', 'user'],
  ['/user/close_account', 'user'],
  ['/user/logout', 'user'],
  ['/user/send_reset_code', 'none'],
  ['/user/reset_password', 'none'],
  ['/user/change_password', 'user'],
  ['/user/logout_all', 'user'],
  ['/user/send_email_code', 'user'],
  ['/user/set_email', 'user'],
  ['/user/all_users', 'manager'],
  ['/user/create_user', 'manager'],
  ['/user/delete_user', 'manager'],
  ['/api/upload', 'user'],
  ['/site/config', 'none'],
];

describe('bad input on every call', () => {
  let t: TestApp;
  let manager: string;
  beforeAll(async () => {
    // a user of their own for each call signs up from one client address: more codes than its limit
    t = await startTestApp({ rateLimits: { sendCodePerIp: { limit: 1000, windowSeconds: 3600 } } });
    manager = await managerToken(t);
  });
  afterAll(() => t.close());

  /** A user whose stored language is English, so messages can be read. */
  const englishUser = async () => {
    const user = await t.signUp({ name: 'Original Name' });
    expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: user.token }));
    return user;
  };

  const headersFor = async (auth: Auth): Promise<Record<string, string>> => {
    const en = { 'accept-language': 'en' };
    if (auth === 'none') return en;
    const token = auth === 'manager' ? manager : (await englishUser()).token;
    return { ...en, cookie: `user_sessionid=${token}`, origin: OWN_ORIGIN };
  };

  it.each(CALLS)('%s answers malformed JSON with 40001', async (url, auth) => {
    const headers = await headersFor(auth);
    for (const payload of ['{"email": "a@b.c",', '{email: 1}', "{'a': 1}", 'not json at all', '{"a":1}}']) {
      const res = await rawPost(t, url, { payload, headers });
      const body = expectFailure(res, 40001, 400);
      expect(body.msg).toMatch(/JSON/);
    }
  });

  it.each(CALLS)('%s answers a body over 1 MiB with 41300', async (url, auth) => {
    const headers = await headersFor(auth);
    const payload = JSON.stringify({ email: `${'a'.repeat(1024 * 1024 + 10)}@example.com`, name: 'x' });
    expectFailure(await rawPost(t, url, { payload, headers }), 41300, 413);
  });

  it('answers an empty JSON body and a non-JSON content type with an envelope', async () => {
    expectFailure(await rawPost(t, '/user/register', { payload: '' }), 40001, 400);
    const text = await rawPost(t, '/user/register', {
      payload: 'email=a@b.c',
      headers: { 'content-type': 'text/plain' },
    });
    expectFailure(text, 40000, 400);
  });

  it('refuses a prototype-poisoning body without crashing', async () => {
    const payload = '{"__proto__": {"admin": true}, "email": "a@example.com", "pass": "secret-pass"}';
    expectFailure(await rawPost(t, '/email/auth', { payload }), 40001, 400);
    const viaConstructor = '{"constructor": {"prototype": {"admin": true}}, "email": "a@example.com"}';
    expectFailure(await rawPost(t, '/user/send_code', { payload: viaConstructor }), 40001, 400);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it.each([
    ['/email/auth', { email: 123, pass: 'secret-pass' }, 'email', 'email'],
    ['/email/auth', { email: 'a@example.com' }, 'pass', 'password'],
    ['/email/auth', { email: 'a@example.com', pass: ['secret-pass'] }, 'pass', 'password'],
    ['/email/auth', { email: `${'e'.repeat(290)}@example.com`, pass: 'secret-pass' }, 'email', 'email'],
    ['/email/auth', { email: 'a@example.com', pass: 'p'.repeat(5000) }, 'pass', 'password'],
    ['/user/send_code', { email: 123 }, 'email', 'email'],
    ['/user/send_code', {}, 'email', 'email'],
    ['/user/send_code', { email: 'not an email' }, 'email', 'email'],
    ['/user/send_code', { email: `${'e'.repeat(290)}@example.com` }, 'email', 'email'],
  ])('%s refuses %j naming the field', async (url, body, field, label) => {
    const res = await t.post(url, body, { headers: { 'accept-language': 'en' } });
    const answer = expectFailure(res, 40000, 400);
    expect(failedFields(res)).toContain(field);
    expect(answer.msg).toContain(label);
    const fields = (answer.data as { fields: { field: string; message: string }[] }).fields;
    expect(fields.find((f) => f.field === field)?.message).toBeTruthy();
  });

  it('sends no mail for a refused send_code', async () => {
    const before = t.smtp.mails.length;
    expectFailure(await t.post('/user/send_code', { email: 'a@b' }), 40000, 400);
    expectFailure(await t.post('/user/send_code', { email: ['x@example.com'] }), 40000, 400);
    expect(t.smtp.mails.length).toBe(before);
  });

  it.each([
    ['an email that is a number', { email: 123 }, 'email', 'email'],
    ['an email of 300 characters', { email: `${'e'.repeat(288)}@example.com` }, 'email', 'email'],
    ['a missing name', { name: undefined }, 'name', 'name'],
    ['a name of 5000 characters', { name: 'n'.repeat(5000) }, 'name', 'name'],
    ['a name that is an object', { name: { first: 'A' } }, 'name', 'name'],
    ['a password of 5 characters', { pass: '12345' }, 'pass', 'password'],
    ['a password of 5000 characters', { pass: 'p'.repeat(5000) }, 'pass', 'password'],
    ['a code of letters', { code: 'abcdef' }, 'code', 'verification code'],
    ['a code of 7 digits', { code: '1234567' }, 'code', 'verification code'],
    ['a code that is a number', { code: 123456 }, 'code', 'verification code'],
    ['a missing code', { code: undefined }, 'code', 'verification code'],
  ])('register refuses %s, names the field and writes nothing', async (_label, override, field, label) => {
    const email = uniqueEmail('bad-register');
    expectSuccess(await t.post('/user/send_code', { email }));
    const code = await t.smtp.codeFor(email);
    const body = { email, name: 'Valid Name', pass: 'secret-pass', code, ...override };
    const res = await t.post('/user/register', body, { headers: { 'accept-language': 'en' } });
    const answer = expectFailure(res, 40000, 400);
    expect(failedFields(res)).toContain(field);
    expect(answer.msg).toContain(label);
    expect(res.cookies.find((c) => c.name === 'user_sessionid')).toBeUndefined();
    expect(await countUsersByEmail(t, email)).toBe(0);
    // the refused call did not spend the code nor count a wrong guess: it still registers
    expectSuccess(await t.post('/user/register', { email, name: 'Valid Name', pass: 'secret-pass', code }));
  });

  it('register refuses bodies that are not objects', async () => {
    for (const payload of ['null', '[]', '"email"', '42', 'true']) {
      const res = await rawPost(t, '/user/register', { payload });
      expectFailure(res, 40000, 400);
    }
  });

  it('lists every failing field in data.fields', async () => {
    const res = await t.post('/user/register', { email: 1, name: 2, pass: 3, code: 4 });
    expectFailure(res, 40000, 400);
    expect(failedFields(res).sort()).toEqual(['code', 'email', 'name', 'pass']);
  });

  it('update_profile refuses bad values and changes nothing', async () => {
    const { token, email } = await englishUser();
    const cases: [unknown, string, string][] = [
      [{ name: 'n'.repeat(5000) }, 'name', 'name'],
      [{ name: 42 }, 'name', 'name'],
      [{ language: 'klingon' }, 'language', 'language'],
      [{ pic: 'p'.repeat(5000) }, 'pic', 'avatar'],
      [{ name: 'Good Name', language: 'xx' }, 'language', 'language'],
    ];
    for (const [body, field, label] of cases) {
      const res = await t.post('/user/update_profile', body, { as: token });
      const answer = expectFailure(res, 40000, 400);
      expect(failedFields(res)).toContain(field);
      expect(answer.msg).toContain(label);
    }
    const row = await userRowByEmail(t, email);
    expect(row).toMatchObject({ name: 'Original Name', pic: '' });
  });

  it('manager calls refuse bad values and write nothing', async () => {
    const headers = { 'accept-language': 'en' };
    const email = uniqueEmail('bad-create');
    const create = await t.post(
      '/user/create_user',
      { email, name: 'n'.repeat(5000), pass: 'secret-pass' },
      { as: manager, headers },
    );
    expect(expectFailure(create, 40000, 400).msg).toContain('name');
    expect(await countUsersByEmail(t, email)).toBe(0);

    const del = await t.post('/user/delete_user', { id: 'everyone' }, { as: manager, headers });
    expect(expectFailure(del, 40000, 400).msg).toContain('user id');

    const page = await t.post('/user/all_users', { page: 1, size: 'all' }, { as: manager, headers });
    expect(expectFailure(page, 40000, 400).msg).toContain('page size');
  });

  it('close_account and profile refuse oversized values and keep the account', async () => {
    const { token } = await englishUser();
    expectFailure(await t.post('/user/close_account', { pass: 'p'.repeat(5000) }, { as: token }), 40000, 400);
    expectFailure(await t.post('/user/close_account', { pass: 123456 }, { as: token }), 40000, 400);
    const profile = await t.post('/user/profile', { user_sessionid: 'x'.repeat(5000) }, { as: token });
    expectFailure(profile, 40000, 400);
    expectSuccess(await t.post('/user/profile', {}, { as: token }));
  });

  it('reset_password, change_password and set_email refuse bad values and change nothing', async () => {
    const { token, email, pass } = await englishUser();
    const reset = await t.post(
      '/user/reset_password',
      { email, code: '123456', pass: '12345' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(expectFailure(reset, 40000, 400).msg).toContain('new password');
    const change = await t.post('/user/change_password', { pass, newPass: 'p'.repeat(21) }, { as: token });
    expect(expectFailure(change, 40000, 400).msg).toContain('new password');
    expect(failedFields(change)).toEqual(['newPass']);
    const setEmail = await t.post('/user/set_email', { email: 'not an email', code: '12345' }, { as: token });
    expect(failedFields(setEmail).sort()).toEqual(['code', 'email']);
    // the session and the password are as they were
    expectSuccess(await t.post('/user/profile', {}, { as: token }));
    expect(await t.login(email, pass)).toBeTruthy();
  });

  it.each(['/user/nope', '/nope', '/email/auth/extra', '/api/upload/x'])(
    'answers an unknown path %s with 40400',
    async (url) => {
      const res = await t.post(url, {}, { headers: { 'accept-language': 'en' } });
      expect(expectFailure(res, 40400, 404).msg).toMatch(/no such call/i);
    },
  );

  it('answers with the request id, and never with internals', async () => {
    const res = await rawPost(t, '/email/auth', {
      payload: '{',
      headers: { 'x-request-id': 'trace-me-123' },
    });
    expect(res.headers['x-request-id']).toBe('trace-me-123');
    expect(res.body).not.toMatch(/SyntaxError|Unexpected|position|fastify/i);
  });
});
