import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { Task } from '@subtrans/contract';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { envelope, expectFailure, expectSuccess } from '../../../test/support/http.js';
import { grantPoints, makeSrt, uploadSrt } from '../../../test/support/tasks.js';

describe('Idempotency-Key', () => {
  let t: TestApp;
  beforeAll(async () => {
    // a configured engine (that answers nothing: a started task fails, its hold released)
    t = await startTestApp({
      queue: true,
      env: { DEEPSEEK_API_KEY: 'k', DEEPSEEK_BASE_URL: 'http://127.0.0.1:9' },
    });
  });
  afterAll(() => t.close());

  const signUp = async () => {
    const user = await t.signUp();
    expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: user.token }));
    return user;
  };
  const upload = (token: string, key: string | null, srt = makeSrt(3), name = 'ep1.srt') =>
    uploadSrt(
      t,
      token,
      { name, data: srt },
      { targetLanguage: 'ja' },
      key === null ? {} : { 'idempotency-key': key },
    );
  const start = (token: string, id: string, key: string) =>
    t.post('/task/start', { id }, { as: token, headers: { 'idempotency-key': key } });
  const tasksOf = async (userId: number) =>
    (await t.ctx.db.query<{ id: string }>('SELECT id FROM tasks WHERE user_id = $1', [userId])).map(
      (r) => r.id,
    );
  const replayed = (res: LightMyRequestResponse) => res.headers['idempotent-replayed'];

  it('creates one task for a form sent twice with one key, and answers the second with the first answer', async () => {
    const { token, id } = await signUp();
    const first = await upload(token, 'upload-ep1');
    const again = await upload(token, 'upload-ep1');
    const made = expectSuccess<Task>(first);
    expect(replayed(first)).toBeUndefined();
    expect(replayed(again)).toBe('true');
    expect(again.statusCode).toBe(200);
    expect(expectSuccess<Task>(again)).toEqual(made);
    expect(await tasksOf(id)).toEqual([made.id]);
    // without a key each upload is its own
    expectSuccess(await upload(token, null));
    expectSuccess(await upload(token, null));
    expect(await tasksOf(id)).toHaveLength(3);
  });

  it('refuses the key with another request, another call, or while its first request runs', async () => {
    const { token, id } = await signUp();
    expectSuccess(await upload(token, 'one-key'));
    const otherFile = expectFailure(await upload(token, 'one-key', makeSrt(4)), 42250, 422);
    expect(otherFile.msg).toMatch(/used for another request/);
    expectFailure(await upload(token, 'one-key', makeSrt(3), 'other-name.srt'), 42250, 422);
    const task = (await tasksOf(id))[0]!;
    expectFailure(await start(token, task, 'one-key'), 42250, 422);
    expect(await tasksOf(id)).toHaveLength(1);

    // two at once: one runs, the other is told to wait for it (or, if it was done, its answer)
    const both = await Promise.all([upload(token, 'at-once'), upload(token, 'at-once')]);
    expect(await tasksOf(id)).toHaveLength(2);
    for (const res of both) {
      const body = envelope<Task>(res);
      expect([20000, 40990]).toContain(body.code);
    }
    expect(both.filter((r) => envelope(r).code === 20000).length).toBeGreaterThanOrEqual(1);
  });

  it('gives a refusal again as it was, and starts work once', async () => {
    const { token, id } = await signUp();
    const task = expectSuccess<Task>(await upload(token, null));
    const poor = await start(token, task.id, 'start-1');
    expect(envelope(poor).code).toBe(40200);
    await grantPoints(t, id, 100);
    // the same request with the same key: the first answer, though the points are there now
    const again = await start(token, task.id, 'start-1');
    expect(replayed(again)).toBe('true');
    expect({ status: again.statusCode, body: again.body }).toEqual({
      status: poor.statusCode,
      body: poor.body,
    });
    // a new key runs it; sent twice, the points are held once
    const started = expectSuccess<Task>(await start(token, task.id, 'start-2'));
    const twice = await start(token, task.id, 'start-2');
    expect(replayed(twice)).toBe('true');
    expect(expectSuccess<Task>(twice)).toEqual(started);
    const holds = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM point_holds WHERE task_ref LIKE '%' || $1 || '%'`,
      [task.id],
    );
    expect(holds[0]!.n).toBe(1);
  });

  it('is each user’s own, lets the key go when the request failed, and forgets it after 24 hours', async () => {
    const ann = await signUp();
    const bob = await signUp();
    const annTask = expectSuccess<Task>(await upload(ann.token, 'shared-name'));
    const bobTask = expectSuccess<Task>(await upload(bob.token, 'shared-name'));
    expect(bobTask.id).not.toBe(annTask.id);

    // a failure of the server (a storage trigger that throws): the key is let go, the retry runs
    await t.ctx.db.query(
      `CREATE FUNCTION fail_tasks_test() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'boom'; END $$`,
    );
    await t.ctx.db.query(
      'CREATE TRIGGER fail_tasks_test BEFORE INSERT ON tasks FOR EACH ROW EXECUTE FUNCTION fail_tasks_test()',
    );
    let failed: LightMyRequestResponse;
    try {
      failed = await upload(ann.token, 'after-failure');
    } finally {
      await t.ctx.db.query('DROP TRIGGER fail_tasks_test ON tasks');
      await t.ctx.db.query('DROP FUNCTION fail_tasks_test()');
    }
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const retried = await upload(ann.token, 'after-failure');
    expect(replayed(retried)).toBeUndefined();
    expectSuccess(retried);

    // 24 hours on, the key is free for a new request
    await t.ctx.db.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE user_id = $1 AND key = 'shared-name'`,
      [ann.id],
    );
    const later = await upload(ann.token, 'shared-name', makeSrt(5));
    expect(expectSuccess<Task>(later).id).not.toBe(annTask.id);
  });

  it('refuses a key that is empty, too long or not visible ASCII, before anything runs', async () => {
    const { token, id } = await signUp();
    for (const key of ['x'.repeat(256), 'with space', 'ключ']) {
      const res = expectFailure(await upload(token, key), 40005, 400);
      expect(res.msg).toMatch(/1–255 visible ASCII/);
    }
    expect(await tasksOf(id)).toEqual([]);
    expectSuccess(await upload(token, 'k'.repeat(255)));
  });
});
