import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Task, UploadTicket } from '@subtrans/contract';
import { TEST_DB, type TestApp } from '../../../test/harness.js';
import {
  expectFailure,
  expectSuccess,
  makePng,
  managerToken,
  multipart,
  OWN_ORIGIN,
} from '../../../test/support/http.js';
import { grantPoints, makeSrt, uploadSrt } from '../../../test/support/tasks.js';
import { startSpeechApp, type SpeechApp } from '../../../test/support/speech-app.js';
import { until } from '../../../test/support/until.js';
import { FORFEIT_NOTE } from '../billing/account-ledger.service.js';
import { getBalance, getHeld } from '../billing/ledger.service.js';
import { TRANSLATE_JOB } from '../tasks/run/task-run.service.js';

describe(`closing an account ends its work and its points (${TEST_DB})`, () => {
  let engine: SpeechApp['engine'];
  let t: TestApp;
  let app: SpeechApp;

  beforeAll(async () => {
    app = await startSpeechApp({
      TRANSLATE_BATCH_SIZE: '1',
      TRANSLATE_CONCURRENCY: '1',
      SIGNUP_POINTS: '30',
    });
    ({ t, engine } = app);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });
  afterEach(() => engine.setDelay(0));

  const task = async (id: string) =>
    (
      await t.ctx.db.query<{ status: string; job_id: string; hold_ref: string; deleted_at: Date | null }>(
        `SELECT status, job_id, hold_ref, deleted_at FROM tasks WHERE id = $1`,
        [id],
      )
    )[0]!;

  /** the ledger's books for a user: entries, their sums, the cached account and the lots */
  async function books(userId: number) {
    const entries = await t.ctx.db.query<{ kind: string; amount: number; held_change: number; note: string }>(
      `SELECT kind, amount, held_change, note FROM ledger_entries WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
    const [account] = await t.ctx.db.query<{ balance: number; held: number }>(
      `SELECT balance, held FROM point_accounts WHERE user_id = $1`,
      [userId],
    );
    const [lots] = await t.ctx.db.query<{ remaining: number }>(
      `SELECT COALESCE(SUM(remaining), 0)::bigint AS remaining FROM point_lots WHERE user_id = $1`,
      [userId],
    );
    const sum = (k: 'amount' | 'held_change') => entries.reduce((n, e) => n + Number(e[k]), 0);
    return {
      entries,
      account,
      lots: Number(lots!.remaining),
      amounts: sum('amount'),
      held: sum('held_change'),
    };
  }

  /** a task translating now (the engine holds its first line for a minute) */
  async function runningTask(token: string): Promise<string> {
    const created = expectSuccess<Task>(await uploadSrt(t, token, { name: 'film.srt', data: makeSrt(3) }));
    engine.setDelay(60_000);
    const before = engine.requests.length;
    expectSuccess(await t.post('/task/start', { id: created.id }, { as: token }));
    await until(() => engine.requests.length > before, 30_000);
    return created.id;
  }

  async function avatarOf(token: string): Promise<string> {
    const { payload, contentType } = multipart([
      { name: 'avatar', filename: 'me.png', contentType: 'image/png', data: makePng(2, 2) },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { 'content-type': contentType, cookie: `user_sessionid=${token}`, origin: OWN_ORIGIN },
      payload,
    });
    const { url } = expectSuccess<{ url: string }>(res);
    expectSuccess(await t.post('/user/update_profile', { pic: url }, { as: token }));
    return url.slice('/files/'.length);
  }

  /** the books after closing: nothing held, nothing left, and every entry still adds up */
  async function expectSettled(userId: number, taskId: string, forfeited: number) {
    const b = await books(userId);
    expect(b.account).toEqual({ balance: 0, held: 0 });
    expect(b.lots).toBe(0);
    expect({ amounts: b.amounts, held: b.held }).toEqual({ amounts: 0, held: 0 });
    expect(await getBalance(t.ctx.db, userId)).toBe(0);
    expect(await getHeld(t.ctx.db, userId)).toBe(0);
    const [hold] = await t.ctx.db.query<{ status: string }>(
      `SELECT status FROM point_holds WHERE task_ref = $1`,
      [(await task(taskId)).hold_ref],
    );
    expect(hold!.status).toBe('released');
    // the hold came back, then each lot was written off, noted as forfeited
    const kinds = b.entries.map((e) => e.kind);
    expect(kinds.slice(-4)).toEqual(['hold', 'release', 'expiry', 'expiry']);
    const written = b.entries.filter((e) => e.note === FORFEIT_NOTE);
    expect(written.map((e) => e.kind)).toEqual(['expiry', 'expiry']);
    expect(written.reduce((n, e) => n + Number(e.amount), 0)).toBe(-forfeited);
  }

  /** the running task failed and its job ended, without asking the engine for another line */
  async function expectStopped(taskId: string, requestsAtClose: number) {
    expect((await task(taskId)).status).toBe('failed');
    const jobId = (await task(taskId)).job_id;
    await until(async () => (await t.ctx.queue!.findJob(TRANSLATE_JOB, jobId))?.state === 'completed', 8_000);
    expect(engine.requests.length).toBe(requestsAtClose);
    // the content stays for now (deleted 30 days later), the task is not soft-deleted
    expect((await task(taskId)).deleted_at).toBeNull();
  }

  it('cancels a running task, releases its hold, forfeits the points, stops an upload and deletes the avatar', async () => {
    const u = await t.signUp();
    expect(await getBalance(t.ctx.db, u.id)).toBe(30);
    await grantPoints(t, u.id, 100);
    const avatarKey = await avatarOf(u.token);
    const ticket = expectSuccess<UploadTicket>(
      await t.post(
        '/file/sts-credentials',
        { fileName: 'talk.mp3', size: 4096, contentType: 'audio/mpeg', type: 1 },
        { as: u.token },
      ),
    );
    const glossary = { name: 'names', targetLanguage: 'ja', entries: [{ source: 'Anna', target: 'アンナ' }] };
    expectSuccess(await t.post('/glossary/save', glossary, { as: u.token }));
    expectSuccess(await t.post('/series/save', { name: 'show', targetLanguage: 'ja' }, { as: u.token }));
    const taskId = await runningTask(u.token);
    expect(await getHeld(t.ctx.db, u.id)).toBe(10);
    const requests = engine.requests.length;

    expectSuccess(await t.post('/user/close_account', { pass: u.pass }, { as: u.token }));

    await expectStopped(taskId, requests);
    await expectSettled(u.id, taskId, 130);
    const [upload] = await t.ctx.db.query<{ status: string }>(
      `SELECT status FROM media_uploads WHERE id = $1`,
      [ticket.uploadId],
    );
    expect(upload!.status).toBe('aborted');
    expect(await t.ctx.storage.head(avatarKey)).toBeNull();
    const [user] = await t.ctx.db.query<{ deleted_at: Date | null; email: string }>(
      `SELECT deleted_at, email FROM users WHERE id = $1`,
      [u.id],
    );
    expect(user!.deleted_at).toBeInstanceOf(Date);
    expect(user!.email).not.toBe(u.email);
    expectFailure(await t.post('/user/profile', {}, { as: u.token }), 40100, 401);
    // glossaries and series are content: out of reach now, deleted with the tasks 30 days later
    expectFailure(await t.post('/glossary/list', {}, { as: u.token }), 40100, 401);
    for (const table of ['glossaries', 'series']) {
      const [row] = await t.ctx.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`,
        [u.id],
      );
      expect(row!.n, table).toBe(1);
    }
  });

  it('does the same when a manager deletes the user', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 20);
    const taskId = await runningTask(u.token);
    const requests = engine.requests.length;

    expectSuccess(await t.post('/user/delete_user', { id: u.id }, { as: await managerToken(t) }));

    await expectStopped(taskId, requests);
    await expectSettled(u.id, taskId, 50);
  });

  it('closes an account without points (a manager made it: no trial) writing nothing to the ledger', async () => {
    const manager = await managerToken(t);
    const made = expectSuccess<{ id: number }>(
      await t.post(
        '/user/create_user',
        { email: `made-${Date.now()}@example.com`, name: 'Made', pass: 'secret-pass-1' },
        { as: manager },
      ),
    );
    expect(await getBalance(t.ctx.db, made.id)).toBe(0);
    expectSuccess(await t.post('/user/delete_user', { id: made.id }, { as: manager }));
    const b = await books(made.id);
    expect(b.entries).toEqual([]);
    expect(b.lots).toBe(0);
  });
});
