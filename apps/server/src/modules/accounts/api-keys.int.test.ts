import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { ApiKey, CreatedApiKey, Task } from '@subtrans/contract';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import {
  expectFailure,
  expectSuccess,
  failedFields,
  managerToken,
  multipart,
  sha256Hex,
} from '../../../test/support/http.js';
import { makeSrt } from '../../../test/support/tasks.js';
import { KeyCallLimiter } from './key-rate-limit.js';

/** A call made as a script makes it: the key as a bearer token, no cookie, no Origin (answers in English). */
function withKey(app: FastifyInstance, key: string, url: string, body: unknown = {}) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'accept-language': 'en' },
    payload: JSON.stringify(body),
  });
}

function uploadWithKey(app: FastifyInstance, key: string) {
  const { payload, contentType } = multipart([
    { name: 'targetLanguage', data: 'ja' },
    { name: 'file', filename: 'ep1.srt', contentType: 'application/x-subrip', data: makeSrt(3) },
  ]);
  return app.inject({
    method: 'POST',
    url: '/task/create',
    headers: { 'content-type': contentType, authorization: `Bearer ${key}`, 'accept-language': 'en' },
    payload,
  });
}

describe('API keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimits: { apiKeyCalls: { limit: 6, windowSeconds: 60 } } });
  });
  afterAll(() => t.close());

  /** a user whose interface (and so every answer's message) is in English */
  const signUp = async () => {
    const user = await t.signUp();
    expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: user.token }));
    return user;
  };
  const create = async (token: string, name: string, scope: 'read' | 'translate' = 'translate') =>
    expectSuccess<CreatedApiKey>(await t.post('/key/create', { name, scope }, { as: token }));
  const list = async (token: string) => expectSuccess<ApiKey[]>(await t.post('/key/list', {}, { as: token }));

  it('shows a new key once, keeps only its hash, and lists it by name, prefix and scope', async () => {
    const { token } = await signUp();
    const { key, secret } = await create(token, '  CI runner  ', 'read');
    expect(secret).toMatch(/^stk_[A-Za-z0-9_-]{40}$/);
    expect(key).toMatchObject({
      name: 'CI runner',
      scope: 'read',
      prefix: secret.slice(0, 12),
      lastUsedAt: null,
    });
    const listed = await list(token);
    expect(listed).toEqual([key]);
    expect(JSON.stringify(listed)).not.toContain(secret.slice(12));
    // at rest: the SHA-256 of the key, and no column holds the key itself
    const rows = await t.ctx.db.query<Record<string, unknown>>('SELECT * FROM api_keys WHERE id = $1', [
      key.id,
    ]);
    expect(rows[0]!.secret_hash).toBe(sha256Hex(secret));
    expect(JSON.stringify(rows[0])).not.toContain(secret.slice(12));
  });

  it('refuses a name that is empty or too long and a scope it does not know, naming the field', async () => {
    const { token } = await signUp();
    const empty = await t.post('/key/create', { name: ' \u0007 ', scope: 'read' }, { as: token });
    expectFailure(empty, 40000, 400);
    expect(failedFields(empty)).toEqual(['name']);
    expect(
      failedFields(await t.post('/key/create', { name: 'x'.repeat(61), scope: 'read' }, { as: token })),
    ).toEqual(['name']);
    const scope = await t.post('/key/create', { name: 'k', scope: 'admin' }, { as: token });
    expect(failedFields(scope)).toEqual(['scope']);
    expect(await list(token)).toEqual([]);
  });

  it('signs a script in as its user for the calls of its scope, and notes when it was used', async () => {
    const { token } = await signUp();
    const reader = (await create(token, 'reader', 'read')).secret;
    const writer = (await create(token, 'writer', 'translate')).secret;

    // a key that may translate creates a task as its user; one that may only read cannot
    const made = expectSuccess<Task>(await uploadWithKey(t.app, writer));
    const refused = expectFailure(await uploadWithKey(t.app, reader), 40322, 403);
    expect(refused.msg).toMatch(/read and translate/);
    // both read the user's tasks, and only theirs
    for (const key of [reader, writer]) {
      const tasks = expectSuccess<{ list: Task[] }>(
        await withKey(t.app, key, '/task/list', { page: 1, size: 10 }),
      );
      expect(tasks.list.map((x) => x.id)).toEqual([made.id]);
    }
    const session = expectSuccess<{ list: Task[] }>(
      await t.post('/task/list', { page: 1, size: 10 }, { as: token }),
    );
    expect(session.list.map((x) => x.id)).toEqual([made.id]);
    // a read-only key reads a task with its lines, asks for its file (not translated yet: the
    // export's own refusal, past the key's checks), and may not delete it
    const read = expectSuccess<{ segments: unknown[] }>(
      await withKey(t.app, reader, '/task/get', { id: made.id }),
    );
    expect(read.segments).toHaveLength(3);
    const exported = await withKey(t.app, reader, '/task/export', { id: made.id, format: 'srt' });
    expect(exported.statusCode, exported.body).toBe(409);
    expect(exported.json<{ msg: string }>().msg).toMatch(/not completed yet/);
    expectFailure(await withKey(t.app, reader, '/task/delete', { id: made.id }), 40322, 403);

    const used = await list(token);
    expect(used.find((k) => k.name === 'reader')!.lastUsedAt).not.toBeNull();
    expect(used.find((k) => k.name === 'writer')!.lastUsedAt).not.toBeNull();
  });

  it('makes no account, key, payment or manager call, whatever its scope', async () => {
    const { token } = await signUp();
    const key = (await create(token, 'all', 'translate')).secret;
    for (const [url, body] of [
      ['/user/profile', {}],
      ['/user/update_profile', { name: 'Mallory' }],
      ['/user/change_password', { pass: 'x', newPass: 'yyyyyy' }],
      ['/user/close_account', { pass: 'x' }],
      ['/user/logout_all', {}],
      ['/key/list', {}],
      ['/key/create', { name: 'another', scope: 'translate' }],
      ['/key/revoke', { id: 1 }],
      ['/alipay/create_alipay_url', { id: 1 }],
      ['/user/decr_point', { point: 1 }],
    ] as const) {
      const res = expectFailure(await withKey(t.app, key, url, body), 40321, 403);
      expect(res.msg, url).toMatch(/account, key or payment/);
    }
    // a manager's key makes no manager call either
    const manager = await managerToken(t);
    const managerKey = (await create(manager, 'admin script', 'translate')).secret;
    expectFailure(await withKey(t.app, managerKey, '/user/all_users', { page: 1, size: 10 }), 40321, 403);
    expectFailure(
      await withKey(t.app, managerKey, '/user/grant_points', { userId: 1, points: 5 }),
      40321,
      403,
    );
    // the account is as it was
    const me = expectSuccess<{ name: string }>(await t.post('/user/profile', {}, { as: token }));
    expect(me.name).not.toBe('Mallory');
  });

  it('refuses a key it does not know, a key sent as the cookie, and a revoked key, on every server', async () => {
    const { token } = await signUp();
    const { key, secret } = await create(token, 'to revoke');
    const other = await t.secondServer();
    try {
      // both servers know the key (and may keep it in memory)
      expectSuccess(await withKey(t.app, secret, '/task/list', { page: 1, size: 5 }));
      expectSuccess(await withKey(other.app, secret, '/task/list', { page: 1, size: 5 }));
      const forged = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
      expectFailure(await withKey(t.app, forged, '/task/list', { page: 1, size: 5 }), 40102, 401);
      // a key is not a session: as the cookie it signs nobody in
      expectFailure(await t.post('/task/list', { page: 1, size: 5 }, { as: secret }), 40100, 401);

      expectSuccess(await t.post('/key/revoke', { id: key.id }, { as: token }));
      expectFailure(await withKey(t.app, secret, '/task/list', { page: 1, size: 5 }), 40102, 401);
      await other.ctx.sessionCache.sync(other.ctx.db);
      expectFailure(await withKey(other.app, secret, '/task/list', { page: 1, size: 5 }), 40102, 401);
      expect(await list(token)).toEqual([]);
      expectFailure(await t.post('/key/revoke', { id: key.id }, { as: token }), 40450, 404);
    } finally {
      await other.close();
    }
  });

  it("revokes only its owner's keys, and a closed account's keys stop at once", async () => {
    const ann = await signUp();
    const bob = await signUp();
    const annKey = await create(ann.token, 'ann');
    expectFailure(await t.post('/key/revoke', { id: annKey.key.id }, { as: bob.token }), 40450, 404);
    expectSuccess(await withKey(t.app, annKey.secret, '/task/list', { page: 1, size: 5 }));
    expectSuccess(await t.post('/user/close_account', { pass: ann.pass }, { as: ann.token }));
    expectFailure(await withKey(t.app, annKey.secret, '/task/list', { page: 1, size: 5 }), 40102, 401);
    expect(await t.ctx.db.query('SELECT id FROM api_keys WHERE user_id = $1', [ann.id])).toEqual([]);
  });

  it('holds at most 10 keys a user, even when many are created at once', async () => {
    const { token } = await signUp();
    for (let i = 1; i <= 8; i++) await create(token, `key ${i}`);
    const answers = await Promise.all(
      [9, 10, 11, 12].map((i) =>
        t.post(
          '/key/create',
          { name: `key ${i}`, scope: 'read' },
          { as: token, headers: { 'accept-language': 'en' } },
        ),
      ),
    );
    expect(answers.filter((r) => r.json<{ code: number }>().code === 20000)).toHaveLength(2);
    for (const r of answers.filter((x) => x.json<{ code: number }>().code !== 20000)) {
      expect(expectFailure(r, 40980, 409).msg).toMatch(/at most 10/);
    }
    expect(await list(token)).toHaveLength(10);
  });

  it('limits each key to its calls a minute, with Retry-After, apart from the user’s other keys', async () => {
    const { token } = await signUp();
    const busy = (await create(token, 'busy')).secret;
    const calm = (await create(token, 'calm')).secret;
    // every server of a deployment has the same setting
    const other = await t.secondServer({ env: { API_KEY_CALLS_PER_MINUTE: '6' } });
    try {
      // six a minute (this app's setting), whichever server takes the call
      for (let i = 0; i < 6; i++) {
        const app = i % 2 ? other.app : t.app;
        expectSuccess(await withKey(app, busy, '/task/list', { page: 1, size: 5 }));
      }
      for (const app of [t.app, other.app]) {
        const res = await withKey(app, busy, '/task/list', { page: 1, size: 5 });
        const body = expectFailure(res, 42930, 429);
        expect(body.msg).toMatch(/at most 6 a minute/);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
      }
      expectSuccess(await withKey(t.app, calm, '/task/list', { page: 1, size: 5 }));
      expectSuccess(await t.post('/task/list', { page: 1, size: 5 }, { as: token }));
    } finally {
      await other.close();
    }
  });

  it('never lets more calls through than the limit when processes take leases of it, even at once', async () => {
    const rule = { limit: 100, windowSeconds: 60 };
    const limiters = [new KeyCallLimiter(rule), new KeyCallLimiter(rule), new KeyCallLimiter(rule)];
    const keyId = 900_000 + Math.floor(Math.random() * 1000);
    // 300 calls in three processes, 30 at a time in each
    let allowed = 0;
    for (let wave = 0; wave < 10; wave++) {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => limiters[i % 3]!.take(t.ctx.db, keyId)),
      );
      allowed += answers.filter((a) => a === null).length;
    }
    // leases of 5: at most a few of them unspent when the shared count reached the limit
    expect(allowed).toBeLessThanOrEqual(100);
    expect(allowed).toBeGreaterThanOrEqual(85);
    // the calls waiting for a lease shared it: they did not each take one (30 waves of 5 = 150)
    const [row] = await t.ctx.db.query<{ hits: number }>('SELECT hits FROM rate_limits WHERE key = $1', [
      `api-key:${keyId}`,
    ]);
    expect(row!.hits).toBeLessThanOrEqual(150);
  });
});
