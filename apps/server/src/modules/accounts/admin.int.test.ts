import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, sessionCookieOf, startTestApp, uniqueEmail, type TestApp } from '../../../test/harness.js';
import {
  countUsersByEmail,
  expectFailure,
  expectSuccess,
  failedFields,
  managerToken,
} from '../../../test/support/http.js';

interface AdminUser {
  id: number;
  name: string;
  email: string;
  picture: string;
  manager: boolean;
}
interface Paged<T> {
  list: T[];
  pageNum: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
  hasNextPage: boolean;
  hasPrevPage: boolean;
}

describe('user management (managers only)', () => {
  let t: TestApp;
  let manager: string;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await managerToken(t);
  });
  afterAll(() => t.close());

  const createUser = (body: Record<string, unknown>, as = manager) =>
    t.post('/user/create_user', body, { as });
  const liveUserCount = async () =>
    (await t.ctx.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE deleted_at IS NULL'))[0]!
      .n;

  const managerCalls: [string, Record<string, unknown>][] = [
    ['/user/all_users', { page: 1, size: 10 }],
    ['/user/create_user', { email: 'x@example.com', name: 'Someone', pass: 'secret-1' }],
    ['/user/delete_user', { id: 1 }],
  ];

  it.each(managerCalls)('%s refuses a normal user with 40300 and a clear message', async (url, body) => {
    const { token } = await t.signUp();
    const usersBefore = await liveUserCount();
    const zh = expectFailure(await t.post(url, body, { as: token }), 40300, 403);
    expect(zh.msg).toMatch(/管理员/);
    const { token: enToken } = await t.signUp();
    expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: enToken }));
    const en = expectFailure(await t.post(url, body, { as: enToken }), 40300, 403);
    expect(en.msg).toMatch(/only administrator/i);
    expect(await liveUserCount()).toBe(usersBefore + 1); // only the second sign-up
  });

  it.each(managerCalls)('%s refuses a caller without a session with 40100', async (url, body) => {
    expectFailure(await t.post(url, body), 40100, 401);
    // even with a body that would not validate, the missing session is what is reported
    expectFailure(await t.post(url, { page: 'x', size: 'y', email: 1, id: 'z' }), 40100, 401);
  });

  it('pages the user list on the server', async () => {
    const created: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const user = expectSuccess<AdminUser>(
        await createUser({ email: uniqueEmail('paged'), name: `Paged ${i}`, pass: 'secret-1' }),
      );
      created.push(user.id);
    }
    const total = await liveUserCount();
    const page1 = expectSuccess<Paged<AdminUser>>(await t.post('/user/all_users', {}, { as: manager }));
    expect(page1).toMatchObject({
      pageNum: 1,
      pageSize: 10,
      totalCount: total,
      totalPages: Math.ceil(total / 10),
      hasPrevPage: false,
      hasNextPage: true,
    });
    expect(page1.list).toHaveLength(10);
    // newest first: the ten users made last
    expect(page1.list.map((u) => u.id)).toEqual(created.slice(2).reverse());
    expect(Object.keys(page1.list[0]!)).toEqual(
      expect.arrayContaining(['id', 'name', 'email', 'picture', 'manager']),
    );
    expect(JSON.stringify(page1)).not.toMatch(/password|argon2/);

    const page2 = expectSuccess<Paged<AdminUser>>(
      await t.post('/user/all_users', { page: 2, size: 10 }, { as: manager }),
    );
    expect(page2).toMatchObject({
      pageNum: 2,
      pageSize: 10,
      totalCount: total,
      totalPages: Math.ceil(total / 10),
      hasPrevPage: true,
      hasNextPage: total > 20,
    });
    expect(page2.list).toHaveLength(Math.min(10, total - 10));
    expect(page2.list.slice(0, 2).map((u) => u.id)).toEqual(created.slice(0, 2).reverse());
    // no user on both pages
    const ids1 = new Set(page1.list.map((u) => u.id));
    expect(page2.list.some((u) => ids1.has(u.id))).toBe(false);

    // a page past the end is empty, not an error
    const beyond = expectSuccess<Paged<AdminUser>>(
      await t.post('/user/all_users', { page: 1000, size: 10 }, { as: manager }),
    );
    expect(beyond).toMatchObject({ list: [], pageNum: 1000, totalCount: total, hasNextPage: false });

    // the last page knows it is the last
    const last = Math.ceil(total / 5);
    const lastPage = expectSuccess<Paged<AdminUser>>(
      await t.post('/user/all_users', { page: last, size: 5 }, { as: manager }),
    );
    expect(lastPage).toMatchObject({ pageNum: last, pageSize: 5, totalPages: last, hasNextPage: false });
    expect(lastPage.list).toHaveLength(total - (last - 1) * 5);
  });

  it('uses page 1 and size 10 with an empty body or no body at all', async () => {
    const empty = expectSuccess<Paged<AdminUser>>(await t.post('/user/all_users', {}, { as: manager }));
    expect(empty).toMatchObject({ pageNum: 1, pageSize: 10 });
    const noBody = await t.app.inject({
      method: 'POST',
      url: '/user/all_users',
      headers: { cookie: `user_sessionid=${manager}`, origin: 'http://localhost:80' },
    });
    expect(expectSuccess<Paged<AdminUser>>(noBody)).toMatchObject({ pageNum: 1, pageSize: 10 });
  });

  it('refuses page sizes over 100 and pages below 1, naming the field', async () => {
    const big = await t.post('/user/all_users', { page: 1, size: 101 }, { as: manager });
    expectFailure(big, 40000, 400);
    expect(failedFields(big)).toEqual(['size']);
    const zero = await t.post('/user/all_users', { page: 0, size: 10 }, { as: manager });
    expectFailure(zero, 40000, 400);
    expect(failedFields(zero)).toEqual(['page']);
    for (const bad of [{ size: 0 }, { size: -1 }, { page: 1.5 }, { page: 'abc' }]) {
      expectFailure(await t.post('/user/all_users', bad, { as: manager }), 40000, 400);
    }
    expectSuccess(await t.post('/user/all_users', { page: 1, size: 100 }, { as: manager }));
  });

  it('creates a user who can then log in', async () => {
    const email = uniqueEmail('created');
    const res = await createUser({ email, name: 'Created', pass: 'created-1' });
    const user = expectSuccess<AdminUser>(res);
    expect(user).toMatchObject({ email, name: 'Created', manager: false });
    // the manager's own session is not replaced by the new user's
    expect(sessionCookieOf(res)).toBeUndefined();
    const token = await t.login(email, 'created-1');
    expect(expectSuccess<{ id: number }>(await t.post('/user/profile', {}, { as: token })).id).toBe(user.id);
  });

  it('creates a manager when asked to', async () => {
    const email = uniqueEmail('second-manager');
    expectSuccess(await createUser({ email, name: 'Second Manager', pass: 'manager-1', manager: true }));
    const token = await t.login(email, 'manager-1');
    expectSuccess(await t.post('/user/all_users', {}, { as: token }));
  });

  it.each([
    ['name of 1 character', { name: 'A' }, 'name'],
    ['name of 21 characters', { name: 'N'.repeat(21) }, 'name'],
    ['blank name', { name: '   ' }, 'name'],
    ['password of 5 characters', { pass: '12345' }, 'pass'],
    ['password of 21 characters', { pass: 'p'.repeat(21) }, 'pass'],
    ['invalid email', { email: 'not-an-email' }, 'email'],
    ['missing email', { email: undefined }, 'email'],
    ['avatar that is not a URL', { pic: 'javascript:alert(1)' }, 'pic'],
  ])('refuses a %s (SPEC §5) and creates nothing', async (_label, override, field) => {
    const email = uniqueEmail('invalid');
    const body = { email, name: 'Valid Name', pass: 'valid-pass', ...override };
    const res = await createUser(body);
    expectFailure(res, 40000, 400);
    expect(failedFields(res)).toContain(field);
    expect(await countUsersByEmail(t, email)).toBe(0);
  });

  it('accepts the SPEC §5 boundaries: name 2 and 20, password 6 and 20', async () => {
    expectSuccess(await createUser({ email: uniqueEmail('edge'), name: 'Ab', pass: '123456' }));
    expectSuccess(
      await createUser({ email: uniqueEmail('edge'), name: 'N'.repeat(20), pass: 'p'.repeat(20) }),
    );
  });

  it('refuses a taken email with EMAIL_TAKEN', async () => {
    const { email } = await t.signUp();
    const res = await createUser({ email: email.toUpperCase(), name: 'Duplicate', pass: 'secret-1' });
    expectFailure(res, 40900, 409);
    expect(await countUsersByEmail(t, email)).toBe(1);
    expectFailure(await createUser({ email: ADMIN.email, name: 'Admin Two', pass: 'secret-1' }), 40900, 409);
  });

  it('does not let a manager delete themselves', async () => {
    const [me] = await t.ctx.db.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [ADMIN.email]);
    expectFailure(await t.post('/user/delete_user', { id: me!.id }, { as: manager }), 40302, 403);
    expectSuccess(await t.post('/user/profile', {}, { as: manager }));
    expect(await countUsersByEmail(t, ADMIN.email)).toBe(1);
  });

  it('answers 40401 for an unknown or already deleted id', async () => {
    expectFailure(await t.post('/user/delete_user', { id: 99_999_999 }, { as: manager }), 40401, 404);
    const { id } = await t.signUp();
    expectSuccess(await t.post('/user/delete_user', { id }, { as: manager }));
    expectFailure(await t.post('/user/delete_user', { id }, { as: manager }), 40401, 404);
  });

  it('refuses a malformed id', async () => {
    for (const id of ['abc', -1, 0, 1.5, null]) {
      const res = await t.post('/user/delete_user', { id }, { as: manager });
      expectFailure(res, 40000, 400);
      expect(failedFields(res)).toEqual(['id']);
    }
    expectFailure(await t.post('/user/delete_user', {}, { as: manager }), 40000, 400);
  });

  it('anonymises a deleted user, keeps the row, and frees the email for a new account', async () => {
    const { email, pass, id, token } = await t.signUp({ name: 'Doomed User' });
    expectSuccess(
      await t.post(
        '/user/update_profile',
        { pic: `/files/avatars/${id}/1764100000000_0123456789ab.png` },
        { as: token },
      ),
    );
    expectSuccess(await t.post('/user/delete_user', { id }, { as: manager }));

    const [row] = await t.ctx.db.query<Record<string, unknown>>('SELECT * FROM users WHERE id = $1', [id]);
    expect(row).toBeDefined();
    expect(row!.deleted_at).not.toBeNull();
    expect(row!.email).not.toContain(email.split('@')[0]);
    expect(row!.name).not.toBe('Doomed User');
    expect(row!.pic).toBe('');
    expect(row!.password_hash).toBeNull();
    expect(JSON.stringify(row)).not.toContain(email);

    // gone from the list
    const list = expectSuccess<Paged<AdminUser>>(
      await t.post('/user/all_users', { page: 1, size: 100 }, { as: manager }),
    );
    expect(list.list.some((u) => u.id === id)).toBe(false);

    // cannot sign in any more, with the same answer as a wrong password
    const login = await t.post('/email/auth', { email, pass });
    expectFailure(login, 40101, 401);

    // the address registers again, as a new account (once the resend interval has passed)
    await t.ctx.db.query(
      `UPDATE verification_codes SET created_at = now() - interval '61 seconds' WHERE email = $1`,
      [email],
    );
    const again = await t.signUp({ email, name: 'Reborn User' });
    expect(again.id).not.toBe(id);
    const profile = expectSuccess<{ id: number; name: string; pic: string }>(
      await t.post('/user/profile', {}, { as: again.token }),
    );
    expect(profile).toMatchObject({ id: again.id, name: 'Reborn User', pic: '' });
    expect(await countUsersByEmail(t, email)).toBe(1);
  });
});
