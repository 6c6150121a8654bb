import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedList, PointHistoryEntry, Task } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectSuccess } from '../../../test/support/http.js';
import { grantPoints, makeSrt, uploadSrt } from '../../../test/support/tasks.js';
import { startOpenAiServer } from '../../../test/support/translation-servers.js';
import * as ledger from './ledger.service.js';

const KEY = 'ds-key';

/**
 * /user/point_history as a customer reads it: a task's hold and its settlement are one line named
 * by the task's file name, worth what the task cost in the end; the ledger underneath is unchanged.
 */
describe(`the points history (${TEST_DB})`, () => {
  let t: TestApp;
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({ env: { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: engine.url } });
  });
  afterAll(async () => {
    await t?.close();
    await engine?.close();
  });

  const upload = async (token: string, name: string) =>
    expectSuccess<Task>(await uploadSrt(t, token, { name, data: makeSrt(3) }));
  const history = async (token: string, page = 1, size = 20) =>
    expectSuccess<PagedList<PointHistoryEntry>>(
      await t.post('/user/point_history', { page, size }, { as: token }),
    );

  it('one line per task run: held, charged (what it used) or released, with the file name', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const charged = await upload(u.token, 'charged.srt');
    const partly = await upload(u.token, 'partly.srt');
    const returned = await upload(u.token, 'returned.srt');
    const running = await upload(u.token, 'running.srt');
    const gone = await upload(u.token, 'gone.srt');
    const ref = (task: Task) => `task:${task.id}:1`;
    // holds in this order, settled later and interleaved: the lines keep the order of the holds
    await ledger.hold(t.ctx.db, u.id, ref(charged), 20);
    await ledger.hold(t.ctx.db, u.id, ref(partly), 20);
    await ledger.hold(t.ctx.db, u.id, ref(returned), 10);
    await ledger.release(t.ctx.db, ref(returned));
    await ledger.capture(t.ctx.db, ref(charged), 20);
    await ledger.capture(t.ctx.db, ref(partly), 15);
    await ledger.hold(t.ctx.db, u.id, ref(gone), 10);
    await ledger.capture(t.ctx.db, ref(gone), 10);
    expectSuccess(await t.post('/task/delete', { id: gone.id }, { as: u.token }));
    await ledger.hold(t.ctx.db, u.id, ref(running), 10);

    const page = await history(u.token);
    expect(page.totalCount).toBe(6);
    expect(page.list.map((e) => [e.kind, e.amount, e.task?.fileName, e.task?.state, e.task?.held])).toEqual([
      ['task', -10, 'running.srt', 'held', 10],
      ['task', -10, null, 'charged', 10],
      ['task', 0, 'returned.srt', 'released', 10],
      ['task', -15, 'partly.srt', 'charged', 20],
      ['task', -20, 'charged.srt', 'charged', 20],
      ['grant', 100, undefined, undefined, undefined],
    ]);
    // nothing internal: no task reference anywhere in the answer
    expect(JSON.stringify(page)).not.toContain('task:');
    // the balances add up line by line, and the newest is today's balance
    for (let i = 0; i + 1 < page.list.length; i++)
      expect(page.list[i]!.balanceAfter).toBe(page.list[i + 1]!.balanceAfter + page.list[i]!.amount);
    expect(page.list[0]!.balanceAfter).toBe(await ledger.getBalance(t.ctx.db, u.id));
    expect(page.list[0]!.balanceAfter).toBe(100 - 10 - 10 - 0 - 15 - 20);

    // the ledger itself keeps every entry (append-only): 1 grant, 5 holds, 4 settlements
    const [entries] = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries WHERE user_id = $1`,
      [u.id],
    );
    expect(entries!.n).toBe(10);
  });

  it('pages through the lines with the balances of the whole history', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 50);
    for (const name of ['a.srt', 'b.srt', 'c.srt']) {
      const task = await upload(u.token, name);
      await ledger.hold(t.ctx.db, u.id, `task:${task.id}:1`, 10);
      await ledger.capture(t.ctx.db, `task:${task.id}:1`, 10);
    }
    const first = await history(u.token, 1, 2);
    const second = await history(u.token, 2, 2);
    expect(first.totalCount).toBe(4);
    expect(first.list.map((e) => [e.task?.fileName, e.balanceAfter])).toEqual([
      ['c.srt', 20],
      ['b.srt', 30],
    ]);
    expect(second.list.map((e) => [e.kind, e.task?.fileName, e.balanceAfter])).toEqual([
      ['task', 'a.srt', 40],
      ['grant', undefined, 50],
    ]);
  });

  it('shows only the caller’s own lines', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await grantPoints(t, a.id, 30);
    const task = await upload(a.token, 'private.srt');
    await ledger.hold(t.ctx.db, a.id, `task:${task.id}:1`, 10);
    expect((await history(b.token)).totalCount).toBe(0);
  });
});
