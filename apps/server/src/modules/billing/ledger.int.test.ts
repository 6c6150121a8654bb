import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import * as ledger from './ledger.service.js';

/** The invariants every test ends with: cached balance = sum of entries = sum of lots, never negative. */
async function expectConsistent(t: TestApp, userId: number) {
  const [acc] = await t.ctx.db.query<{ balance: number; held: number }>(
    `SELECT balance, held FROM point_accounts WHERE user_id = $1`,
    [userId],
  );
  const [sums] = await t.ctx.db.query<{ amount: number; held: number }>(
    `SELECT COALESCE(SUM(amount), 0)::bigint AS amount, COALESCE(SUM(held_change), 0)::bigint AS held
       FROM ledger_entries WHERE user_id = $1`,
    [userId],
  );
  const [lots] = await t.ctx.db.query<{ remaining: number }>(
    `SELECT COALESCE(SUM(remaining), 0)::bigint AS remaining FROM point_lots WHERE user_id = $1`,
    [userId],
  );
  expect(acc!.balance).toBeGreaterThanOrEqual(0);
  expect(sums!.amount).toBe(acc!.balance);
  expect(sums!.held).toBe(acc!.held);
  expect(lots!.remaining).toBe(acc!.balance);
  return acc!;
}

const days = (n: number) => new Date(Date.now() + n * 24 * 3600 * 1000);

describe(`points ledger (${TEST_DB})`, () => {
  let t: TestApp;
  let managerId: number;

  beforeAll(async () => {
    t = await startTestApp();
    const [m] = await t.ctx.db.query<{ id: number }>(`SELECT id FROM users WHERE email = $1`, [ADMIN.email]);
    managerId = m!.id;
  });
  afterAll(() => t.close());

  const newUser = async () => (await t.signUp()).id;

  it('credits one order once, even when ten credits for it race', async () => {
    const user = await newUser();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => ledger.credit(t.ctx.db, user, 500, { orderId: `order-${user}` })),
    );
    expect(results.filter((r) => r.credited)).toHaveLength(1);
    expect(await ledger.getBalance(t.ctx.db, user)).toBe(500);
    const credits = await t.ctx.db.query(
      `SELECT 1 FROM ledger_entries WHERE user_id = $1 AND kind = 'credit'`,
      [user],
    );
    expect(credits).toHaveLength(1);
    await expectConsistent(t, user);
  });

  it('50 concurrent 1-point spends on 10 points: exactly 10 succeed, balance 0', async () => {
    const user = await newUser();
    await ledger.credit(t.ctx.db, user, 10, { orderId: `o-spend-${user}` });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => ledger.debit(t.ctx.db, user, 1, `spend-${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => (r.reason as { key?: string }).key === 'INSUFFICIENT_POINTS')).toBe(true);
    expect((await expectConsistent(t, user)).balance).toBe(0);
  });

  it('concurrent holds never hold more than the balance', async () => {
    const user = await newUser();
    await ledger.credit(t.ctx.db, user, 100, { orderId: `o-hold-${user}` });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => ledger.hold(t.ctx.db, user, `task-${user}-${i}`, 30)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const acc = await expectConsistent(t, user);
    expect(acc).toEqual({ balance: 10, held: 90 });
  });

  it('holds once per task, captures at most the hold (the rest comes back), once', async () => {
    const user = await newUser();
    await ledger.credit(t.ctx.db, user, 100, { orderId: `o-cap-${user}` });
    const task = `task-cap-${user}`;
    await ledger.hold(t.ctx.db, user, task, 40);
    await ledger.hold(t.ctx.db, user, task, 40); // the same task again: the same hold
    expect(await ledger.getBalance(t.ctx.db, user)).toBe(60);
    await expect(ledger.capture(t.ctx.db, task, 41)).rejects.toThrow(/only 40 were held/);
    const [a, b] = await Promise.all([
      ledger.capture(t.ctx.db, task, 30),
      ledger.capture(t.ctx.db, task, 30),
    ]);
    expect(a).toEqual({ captured: 30 });
    expect(b).toEqual({ captured: 30 });
    expect(await ledger.release(t.ctx.db, task)).toBe(false); // settled: nothing to release
    expect(await expectConsistent(t, user)).toEqual({ balance: 70, held: 0 });
    const captures = await t.ctx.db.query(
      `SELECT 1 FROM ledger_entries WHERE kind = 'capture' AND reference_id = $1`,
      [task],
    );
    expect(captures).toHaveLength(1);
  });

  it('captures inside the caller’s transaction, and rolls back with it', async () => {
    const user = await newUser();
    await ledger.credit(t.ctx.db, user, 50, { orderId: `o-tx-${user}` });
    const task = `task-tx-${user}`;
    await ledger.hold(t.ctx.db, user, task, 20);
    await expect(
      t.ctx.db.tx(async (q) => {
        await ledger.capture(t.ctx.db, task, 20, q);
        throw new Error('marking the task completed failed');
      }),
    ).rejects.toThrow(/completed failed/);
    expect((await expectConsistent(t, user)).held).toBe(20);
    await ledger.capture(t.ctx.db, task, 20);
    expect(await expectConsistent(t, user)).toEqual({ balance: 30, held: 0 });
  });

  it('releases a failed task’s hold back to its lots; insufficient points are refused with the amounts', async () => {
    const user = await newUser();
    await ledger.credit(t.ctx.db, user, 25, { orderId: `o-rel-${user}` });
    const task = `task-rel-${user}`;
    await ledger.hold(t.ctx.db, user, task, 25);
    const err = await ledger.hold(t.ctx.db, user, `task-more-${user}`, 5).catch((e: unknown) => e);
    expect(err).toMatchObject({ key: 'INSUFFICIENT_POINTS', data: { needed: 5, current: 0 } });
    expect(await ledger.release(t.ctx.db, task)).toBe(true);
    expect(await ledger.release(t.ctx.db, task)).toBe(false);
    expect(await expectConsistent(t, user)).toEqual({ balance: 25, held: 0 });
  });

  it('spends the soonest-expiring lot first; expired points cannot be spent and are written off', async () => {
    const user = await newUser();
    await ledger.grant(t.ctx.db, managerId, user, 10, { expiresAt: days(100) });
    await ledger.grant(t.ctx.db, managerId, user, 10, { expiresAt: days(10) });
    await ledger.debit(t.ctx.db, user, 4);
    const lots = await ledger.listLots(t.ctx.db, user);
    expect(lots.map((l) => l.remaining)).toEqual([6, 10]); // the 10-day lot was used first

    // the soon lot expires: its 6 points can no longer be spent
    await t.ctx.db.query(
      `UPDATE point_lots SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND remaining = 6`,
      [user],
    );
    expect(await ledger.getBalance(t.ctx.db, user)).toBe(10);
    await expect(ledger.debit(t.ctx.db, user, 11)).rejects.toMatchObject({
      data: { needed: 11, current: 10 },
    });
    await ledger.expireLots(t.ctx.db);
    expect(await ledger.expireLots(t.ctx.db)).toBe(0); // idempotent
    const expiry = await t.ctx.db.query<{ amount: number }>(
      `SELECT amount FROM ledger_entries WHERE user_id = $1 AND kind = 'expiry'`,
      [user],
    );
    expect(expiry.map((e) => e.amount)).toEqual([-6]);
    expect((await expectConsistent(t, user)).balance).toBe(10);
  });

  it('a hold writes off due lots, takes soonest-expiring first, and a capture gives back latest-expiring first', async () => {
    const user = await newUser();
    const lots = () =>
      t.ctx.db.query<{ remaining: number }>(
        `SELECT remaining FROM point_lots WHERE user_id = $1 ORDER BY id`,
        [user],
      );
    await ledger.grant(t.ctx.db, managerId, user, 10, { expiresAt: days(100) }); // A
    await ledger.grant(t.ctx.db, managerId, user, 10, { expiresAt: days(10) }); // B
    await ledger.grant(t.ctx.db, managerId, user, 5, { expiresAt: days(20) }); // C
    await ledger.grant(t.ctx.db, managerId, user, 7, { expiresAt: days(5) }); // D, about to be due
    await t.ctx.db.query(
      `UPDATE point_lots SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND amount = 7`,
      [user],
    );
    const task = `task-lots-${user}`;
    const held = await ledger.hold(t.ctx.db, user, task, 18);
    expect(held.balance).toBe(32 - 7 - 18);
    // D written off on the way; B (10) then C (5) then 3 of A
    expect((await lots()).map((l) => l.remaining)).toEqual([7, 0, 0, 0]);
    const expiry = await t.ctx.db.query<{ amount: number }>(
      `SELECT amount FROM ledger_entries WHERE user_id = $1 AND kind = 'expiry'`,
      [user],
    );
    expect(expiry.map((e) => e.amount)).toEqual([-7]);

    // the same task again, now that its own hold left too few points: still the same hold
    expect(await ledger.hold(t.ctx.db, user, task, 18)).toEqual(held);
    await expect(ledger.hold(t.ctx.db, user, `task-other-${user}`, 18)).rejects.toMatchObject({
      key: 'INSUFFICIENT_POINTS',
      data: { needed: 18, current: 7 },
    });

    // 8 of 18 spent: 10 go back, to A (3) and C (5) first, then 2 of B's 10
    expect(await ledger.capture(t.ctx.db, task, 8)).toEqual({ captured: 8 });
    expect((await lots()).map((l) => l.remaining)).toEqual([10, 2, 5, 0]);
    expect(await expectConsistent(t, user)).toEqual({ balance: 17, held: 0 });
  });

  it('keeps the ledger append-only: entries cannot be changed or removed, an order belongs to one user', async () => {
    const user = await newUser();
    await ledger.credit(t.ctx.db, user, 9, { orderId: `o-append-${user}` });
    await expect(
      t.ctx.db.query(`UPDATE ledger_entries SET amount = 1000 WHERE user_id = $1`, [user]),
    ).rejects.toThrow(/append-only/);
    await expect(t.ctx.db.query(`DELETE FROM ledger_entries WHERE user_id = $1`, [user])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.ctx.db.query(`TRUNCATE ledger_entries CASCADE`)).rejects.toThrow(/append-only/);
    // an entry's kind, a hold's state and a lot's source are closed lists (domains)
    await expect(
      t.ctx.db.query(
        `INSERT INTO ledger_entries (user_id, kind, amount, balance_after) VALUES ($1, 'gift', 1, 1)`,
        [user],
      ),
    ).rejects.toThrow(/ledger_kind/);
    await expect(
      t.ctx.db.query(
        `INSERT INTO point_lots (user_id, amount, remaining, expires_at, source) VALUES ($1, 1, 1, now(), 'bonus')`,
        [user],
      ),
    ).rejects.toThrow(/lot_source/);
    await expect(t.ctx.db.query(`SELECT 'lost'::hold_status`)).rejects.toThrow(/hold_status/);
    const other = await newUser();
    await expect(ledger.credit(t.ctx.db, other, 9, { orderId: `o-append-${user}` })).rejects.toThrow(
      /another user/,
    );
    await expect(
      ledger.grant(t.ctx.db, managerId, user, 5, { expiresAt: new Date(Date.now() - 1000) }),
    ).rejects.toThrow(/past/);
    expect((await expectConsistent(t, user)).balance).toBe(9);
    expect(await ledger.getBalance(t.ctx.db, other)).toBe(0);
  });

  it('sweeps holds that outlived their task', async () => {
    const user = await newUser();
    await ledger.credit(t.ctx.db, user, 30, { orderId: `o-sweep-${user}` });
    await ledger.hold(t.ctx.db, user, `task-stale-${user}`, 30, { hours: 0 });
    expect(await ledger.sweepStaleHolds(t.ctx.db)).toBeGreaterThanOrEqual(1);
    expect(await expectConsistent(t, user)).toEqual({ balance: 30, held: 0 });
  });
});

describe(`points calls over HTTP (${TEST_DB})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  it('get_point, decr_point and the history, each change visible to the user', async () => {
    const u = await t.signUp();
    expect(expectSuccess(await t.post('/user/get_point', {}, { as: u.token }))).toEqual({ point: 0 });
    expectSuccess(
      await t.post('/user/grant_points', { userId: u.id, points: 100, note: 'welcome' }, { as: admin }),
    );
    expect(expectSuccess(await t.post('/user/decr_point', { points: 30 }, { as: u.token }))).toEqual({
      point: 70,
    });
    expect(expectSuccess(await t.post('/user/get_point', {}, { as: u.token }))).toEqual({ point: 70 });

    const history = expectSuccess<{
      list: { kind: string; amount: number; balanceAfter: number; byManager: boolean; note: string | null }[];
      totalCount: number;
    }>(await t.post('/user/point_history', { page: 1, size: 10 }, { as: u.token }));
    expect(history.totalCount).toBe(2);
    expect(history.list.map((e) => [e.kind, e.amount, e.balanceAfter, e.byManager, e.note])).toEqual([
      ['debit', -30, 70, false, null],
      ['grant', 100, 100, true, 'welcome'],
    ]);
    const lots = expectSuccess<{ point: number; held: number; lots: { remaining: number }[] }>(
      await t.post('/user/point_lots', {}, { as: u.token }),
    );
    expect(lots).toMatchObject({ point: 70, held: 0, lots: [{ remaining: 70 }] });
  });

  it('refuses spending below zero with the amounts in the caller’s language', async () => {
    const u = await t.signUp();
    // the stored preference decides the language of the answers
    expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: u.token }));
    const res = await t.post('/user/decr_point', { points: 5 }, { as: u.token });
    const body = expectFailure(res, 40200, 402);
    expect(body.msg).toBe('Not enough points: 5 needed, 0 available');
    expect(body.data).toEqual({ needed: 5, current: 0 });
  });

  it('answers bad input with a validation error and changes nothing', async () => {
    const u = await t.signUp();
    for (const body of [
      {},
      { points: 0 },
      { points: -3 },
      { points: 1.5 },
      { points: '10' },
      { points: 1e12 },
    ]) {
      expectFailure(await t.post('/user/decr_point', body, { as: u.token }), 40000, 400);
    }
    const bad = await t.app.inject({
      method: 'POST',
      url: '/user/decr_point',
      headers: {
        'content-type': 'application/json',
        cookie: `user_sessionid=${u.token}`,
        origin: 'http://localhost:80',
      },
      payload: '{"points": 3',
    });
    expectFailure(bad, 40001, 400);
    expect(expectSuccess(await t.post('/user/point_history', {}, { as: u.token }))).toMatchObject({
      totalCount: 0,
    });
  });

  it('grant_points is for managers: others and visitors are refused; unknown users and zero are refused', async () => {
    const u = await t.signUp();
    expectFailure(
      await t.post('/user/grant_points', { userId: u.id, points: 10 }, { as: u.token }),
      40300,
      403,
    );
    expectFailure(await t.post('/user/grant_points', { userId: u.id, points: 10 }), 40100, 401);
    expectFailure(
      await t.post('/user/grant_points', { userId: 999_999, points: 10 }, { as: admin }),
      40401,
      404,
    );
    for (const body of [
      { userId: u.id, points: 0 },
      { userId: u.id, points: 1.5 },
      { userId: u.id, points: 2e9 },
      { userId: u.id },
      { userId: u.id, points: 5, expiresAt: 'tomorrow' },
      { userId: u.id, points: 5, expiresAt: '2020-01-01T00:00:00Z' },
    ]) {
      expectFailure(await t.post('/user/grant_points', body, { as: admin }), 40000, 400);
    }
    expect(expectSuccess(await t.post('/user/get_point', {}, { as: u.token }))).toEqual({ point: 0 });
    expectFailure(await t.post('/user/get_point', {}), 40100, 401);
  });

  it('a manager removes points (never below zero) and the manager users list shows balances', async () => {
    const u = await t.signUp();
    expectSuccess(await t.post('/user/grant_points', { userId: u.id, points: 20 }, { as: admin }));
    expectFailure(
      await t.post('/user/grant_points', { userId: u.id, points: -21 }, { as: admin }),
      40200,
      402,
    );
    expect(
      expectSuccess(
        await t.post('/user/grant_points', { userId: u.id, points: -5, note: 'refund' }, { as: admin }),
      ),
    ).toEqual({
      point: 15,
    });
    const list = expectSuccess<{ list: { id: number; point: number }[] }>(
      await t.post('/user/all_users', { page: 1, size: 100 }, { as: admin }),
    );
    expect(list.list.find((x) => x.id === u.id)?.point).toBe(15);
  });

  it('keeps a deleted user’s ledger entries', async () => {
    const u = await t.signUp();
    expectSuccess(await t.post('/user/grant_points', { userId: u.id, points: 7 }, { as: admin }));
    expectSuccess(await t.post('/user/delete_user', { id: u.id }, { as: admin }));
    const entries = await t.ctx.db.query<{ kind: string; amount: number }>(
      `SELECT kind, amount FROM ledger_entries WHERE user_id = $1 ORDER BY id`,
      [u.id],
    );
    // the grant stays; the closing appended the forfeiture of what was left
    expect(entries).toEqual([
      { kind: 'grant', amount: 7 },
      { kind: 'expiry', amount: -7 },
    ]);
  });
});
