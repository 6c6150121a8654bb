import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, uniqueEmail, type TestApp } from '../../../test/harness.js';
import {
  countUsersByEmail,
  expectFailure,
  expectSuccess,
  failedFields,
  userRowByEmail,
} from '../../../test/support/http.js';
import { createSession } from './sessions.js';

describe('profile and closing an account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const update = (token: string, body: unknown) => t.post('/user/update_profile', body, { as: token });

  it('renames the user, answering the new name and picture', async () => {
    const { token, email } = await t.signUp({ name: 'Before' });
    const res = await update(token, { name: '  After Name  ' });
    expect(expectSuccess(res)).toMatchObject({ name: 'After Name', picture: '' });
    expect((await userRowByEmail(t, email))!.name).toBe('After Name');
    const profile = expectSuccess<{ name: string }>(await t.post('/user/profile', {}, { as: token }));
    expect(profile.name).toBe('After Name');
  });

  it('accepts names of 2 and 20 characters, in any script', async () => {
    const { token, email } = await t.signUp();
    for (const name of ['张三', 'N'.repeat(20), 'やまだ たろう']) {
      expectSuccess(await update(token, { name }));
      expect((await userRowByEmail(t, email))!.name).toBe(name);
    }
  });

  it.each([
    ['1 character', 'A'],
    ['21 characters', 'N'.repeat(21)],
    ['only spaces', '    '],
    ['a number', 12345],
  ])('refuses a name of %s, naming the field, and changes nothing', async (_label, name) => {
    const { token, email } = await t.signUp({ name: 'Unchanged' });
    const res = await update(token, { name });
    const body = expectFailure(res, 40000, 400);
    expect(failedFields(res)).toEqual(['name']);
    // zh: no Accept-Language at sign-up nor here
    expect(body.msg).toMatch(/名称/);
    expect((await userRowByEmail(t, email))!.name).toBe('Unchanged');
  });

  it('stores the interface language, only zh, en or ja', async () => {
    const { token, email } = await t.signUp();
    for (const language of ['en', 'ja', 'zh']) {
      expect(expectSuccess(await update(token, { language }))).toMatchObject({ language });
      const profile = expectSuccess<{ language: string }>(await t.post('/user/profile', {}, { as: token }));
      expect(profile.language).toBe(language);
    }
    for (const language of ['fr', 'EN', '', 'zh-CN', 1]) {
      const res = await update(token, { language });
      expectFailure(res, 40000, 400);
      expect(failedFields(res)).toEqual(['language']);
    }
    const [row] = await t.ctx.db.query<{ language: string }>('SELECT language FROM users WHERE email = $1', [
      email,
    ]);
    expect(row!.language).toBe('zh');
  });

  it('refuses an update with nothing to update', async () => {
    const { token } = await t.signUp();
    for (const body of [{}, { unknown: 'field' }, null, [], 'name']) {
      expectFailure(await update(token, body), 40000, 400);
    }
  });

  it('cannot change the email, the manager flag or another user', async () => {
    const { token, email, id } = await t.signUp({ name: 'Plain User' });
    const other = await t.signUp({ name: 'Other User' });
    expectSuccess(
      await update(token, {
        name: 'Renamed',
        email: ADMIN.email,
        admin: true,
        manager: true,
        is_manager: true,
        id: other.id,
      }),
    );
    const profile = expectSuccess<{ id: number; email: string; name: string; admin: boolean }>(
      await t.post('/user/profile', {}, { as: token }),
    );
    expect(profile).toMatchObject({ id, email, name: 'Renamed', admin: false });
    expect((await userRowByEmail(t, other.email))!.name).toBe('Other User');
    expectFailure(await t.post('/user/all_users', {}, { as: token }), 40300, 403);
  });

  it('only takes one of our own uploads or a sign-in provider’s image as the picture', async () => {
    const { token, id } = await t.signUp();
    for (const pic of [
      'javascript:alert(1)',
      'http://tracker.example/p.png',
      'data:image/png;base64,AAAA',
      // a tracking pixel on any https host, and look-alikes of the providers' hosts
      'https://cdn.example/a.png',
      'https://googleusercontent.com.evil.example/a.png',
      'https://evilqlogo.cn/a.png',
      'https://user:pw@lh3.googleusercontent.com/a.png',
      // protocol-relative and path tricks: the browser reads these as another host
      '//evil.example/x',
      '/\\evil.example/x',
      '/files/avatars/../../api/x',
      `/files/avatars/${id}/x.svg`,
    ]) {
      const res = await update(token, { pic });
      expectFailure(res, 40000, 400);
      expect(failedFields(res)).toEqual(['pic']);
    }
    for (const pic of [
      'https://lh3.googleusercontent.com/a/ACg8ocK=s96-c',
      'https://thirdwx.qlogo.cn/mmopen/vi_32/abc/132',
      `/files/avatars/${id}/1764100000000_0123456789ab.png`,
      '',
    ]) {
      expect(expectSuccess(await update(token, { pic }))).toMatchObject({ picture: pic });
    }
  });

  it('clears pictures saved before the rule that point anywhere else (migration 0018)', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => t.signUp()));
    const pics = [
      'https://tracker.example/pixel.gif',
      '//evil.example/x',
      'https://lh3.googleusercontent.com/a/kept',
      `/files/avatars/${users[3]!.id}/1764100000000_0123456789ab.webp`,
    ];
    for (const [i, u] of users.entries())
      await t.ctx.db.query('UPDATE users SET pic = $2 WHERE id = $1', [u.id, pics[i]]);
    const sql = readFileSync(
      fileURLToPath(new URL('../../db/migrations/0018_pictures_own_or_provider.sql', import.meta.url)),
      'utf8',
    );
    await t.ctx.db.query(sql);
    const after = await Promise.all(users.map(async (u) => (await userRowByEmail(t, u.email))!.pic));
    expect(after).toEqual(['', '', pics[2], pics[3]]);
  });

  it('needs a session', async () => {
    expectFailure(await t.post('/user/update_profile', { name: 'Nobody' }), 40100, 401);
    expectFailure(await t.post('/user/close_account', { pass: 'whatever' }), 40100, 401);
  });

  it('closes a password account only with the right password', async () => {
    const { token, email, pass, id } = await t.signUp({ name: 'Leaving User' });
    const second = await t.login(email, pass);

    expectFailure(await t.post('/user/close_account', { pass: 'wrong-password' }, { as: token }), 40130, 400);
    expectFailure(await t.post('/user/close_account', {}, { as: token }), 40130, 400);
    expectSuccess(await t.post('/user/profile', {}, { as: token }));

    const res = await t.post('/user/close_account', { pass }, { as: token });
    expectSuccess(res);
    expect(res.cookies.find((c) => c.name === 'user_sessionid')?.value).toBe('');

    // every session ended, the row kept but anonymised, the password no longer works
    expectFailure(await t.post('/user/profile', {}, { as: token }), 40100, 401);
    expectFailure(await t.post('/user/profile', {}, { as: second }), 40100, 401);
    const [row] = await t.ctx.db.query<Record<string, unknown>>('SELECT * FROM users WHERE id = $1', [id]);
    expect(row!.deleted_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(email);
    expect(JSON.stringify(row)).not.toContain('Leaving User');
    expectFailure(await t.post('/email/auth', { email, pass }), 40101, 401);
    expect(await countUsersByEmail(t, email)).toBe(0);
  });

  it('closes an account without a password (external sign-in) without asking for one', async () => {
    const email = uniqueEmail('oauth-only');
    const [user] = await t.ctx.db.query<{ id: number }>(
      `INSERT INTO users (email, name, password_hash, google_sub) VALUES ($1, 'Google User', NULL, $2) RETURNING id`,
      [email, `sub-${email}`],
    );
    const token = await createSession(t.ctx.db, user!.id, {});
    expectSuccess(await t.post('/user/close_account', {}, { as: token }));
    expectFailure(await t.post('/user/profile', {}, { as: token }), 40100, 401);
    const [row] = await t.ctx.db.query<{ google_sub: string | null }>(
      'SELECT google_sub FROM users WHERE id = $1',
      [user!.id],
    );
    expect(row!.google_sub).toBeNull();
  });
});
