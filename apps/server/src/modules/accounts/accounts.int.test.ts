import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, uniqueEmail, type TestApp } from '../../../test/harness.js';

describe('accounts: the happy path', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('registers with an emailed code, reads the profile, logs out', async () => {
    const { token, email } = await t.signUp({ name: 'Alice' });
    const profile = await t.post('/user/profile', {}, { as: token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      code: 20000,
      data: { email, name: 'Alice', admin: false, manager: false },
    });

    const out = await t.post('/user/logout', {}, { as: token });
    expect(out.json()).toMatchObject({ code: 20000 });
    const after = await t.post('/user/profile', {}, { as: token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 40100 });
  });

  it('signs the first manager in from ADMIN_EMAIL/ADMIN_PASSWORD', async () => {
    const token = await t.login(ADMIN.email, ADMIN.password);
    const res = await t.post('/user/profile', {}, { as: token });
    expect(res.json()).toMatchObject({
      code: 20000,
      data: { email: ADMIN.email, admin: true, manager: true },
    });
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const { email } = await t.signUp();
    const wrong = await t.post('/email/auth', { email, pass: 'not-the-password' });
    const unknown = await t.post('/email/auth', { email: uniqueEmail(), pass: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });
});
