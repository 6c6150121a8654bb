import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectSuccess, managerToken, OWN_ORIGIN, postFrom, uniqueIp } from '../../../test/support/http.js';
import { uploadMedia } from '../../../test/support/media-upload.js';
import { completedTaskOf, makeSrt } from '../../../test/support/tasks.js';
import { startSpeechApp, type SpeechApp } from '../../../test/support/speech-app.js';
import { until } from '../../../test/support/until.js';
import { getBalance, grant } from '../billing/ledger.service.js';
import { deleteClosedContent, deleteExpiredRecords, deleteOldLogs } from './retention.service.js';

const DAY = 86_400_000;
const days = (from: Date, n: number) => new Date(from.getTime() + n * DAY);
const years = (from: Date, n: number) => {
  const d = new Date(from);
  d.setUTCFullYear(d.getUTCFullYear() + n);
  return d;
};

describe(`retention: what a closed account leaves, and the logs (${TEST_DB})`, () => {
  let t: TestApp;
  let app: SpeechApp;

  beforeAll(async () => {
    app = await startSpeechApp({
      SIGNUP_POINTS: '30',
      PRODUCTS: JSON.stringify([{ id: 3, points: 100, priceCny: 10, priceUsd: 1.5 }]),
    });
    t = app.t;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const count = async (sql: string, params: unknown[]) =>
    (await t.ctx.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params))[0]!.n;

  /** a paid order through the sandbox checkout: an order row and a ledger credit */
  async function paidOrder(token: string): Promise<string> {
    const { orderId } = expectSuccess<{ orderId: string }>(
      await t.post('/alipay/create_alipay_url', { id: 3 }, { as: token }),
    );
    const approved = await t.app.inject({
      method: 'POST',
      url: `/sandbox/checkout/${orderId}/approve`,
      headers: {
        cookie: `user_sessionid=${token}`,
        origin: OWN_ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(approved.statusCode).toBe(303);
    return orderId;
  }

  /** an account with content (a completed task, a deleted one, an upload never submitted) and an order */
  async function accountWithContent() {
    const u = await t.signUp();
    const order = await paidOrder(u.token);
    const done = await completedTaskOf(t, u.token, makeSrt(3));
    const dropped = await completedTaskOf(t, u.token, makeSrt(2), 'dropped.srt');
    expectSuccess(await t.post('/task/delete', { id: dropped.id }, { as: u.token }));
    const upload = await uploadMedia(t, u.token, { bytes: randomBytes(4096), name: 'talk.mp3', type: 1 });
    const glossary = { name: 'names', targetLanguage: 'ja', entries: [{ source: 'Anna', target: 'アンナ' }] };
    expectSuccess(await t.post('/glossary/save', glossary, { as: u.token }));
    const series = expectSuccess<{ id: string }>(
      await t.post('/series/save', { name: 'show', targetLanguage: 'ja' }, { as: u.token }),
    );
    await t.ctx.db.query(`UPDATE tasks SET series_id = $2 WHERE id = $1`, [done.id, series.id]);
    const [row] = await t.ctx.db.query<{ result_key: string }>(`SELECT result_key FROM tasks WHERE id = $1`, [
      done.id,
    ]);
    return { ...u, order, tasks: [done.id, dropped.id], keys: [row!.result_key, upload.objectKey] };
  }

  const closedAt = async (id: number) =>
    (await t.ctx.db.query<{ deleted_at: Date }>(`SELECT deleted_at FROM users WHERE id = $1`, [id]))[0]!
      .deleted_at;

  async function content(u: { id: number; tasks: string[]; keys: string[] }) {
    return {
      tasks: await count(`tasks WHERE user_id = $1`, [u.id]),
      segments: await count(`task_segments WHERE task_id = ANY($1::uuid[])`, [u.tasks]),
      uploads: await count(`media_uploads WHERE user_id = $1`, [u.id]),
      objects: (await Promise.all(u.keys.map((k) => t.ctx.storage.head(k)))).filter(Boolean).length,
      glossaries: await count(`glossaries WHERE user_id = $1`, [u.id]),
      series: await count(`series WHERE user_id = $1`, [u.id]),
    };
  }

  async function records(id: number) {
    return {
      orders: await count(`orders WHERE user_id = $1`, [id]),
      entries: await count(`ledger_entries WHERE user_id = $1`, [id]),
      lots: await count(`point_lots WHERE user_id = $1`, [id]),
      users: await count(`users WHERE id = $1`, [id]),
    };
  }

  it('deletes a closed account’s tasks, segments, uploads, stored files, glossaries and series 30 days after closing, not at 29', async () => {
    const u = await accountWithContent();
    const other = await accountWithContent();
    const full = { tasks: 2, segments: 3, uploads: 1, objects: 2, glossaries: 1, series: 1 };
    expect(await content(u)).toEqual(full);
    expectSuccess(await t.post('/user/close_account', { pass: u.pass }, { as: u.token }));
    const kept = await records(u.id);
    expect(kept).toMatchObject({ orders: 1, users: 1 });
    const at = await closedAt(u.id);

    expect(await deleteClosedContent(t.ctx, days(at, 29))).toEqual({ accounts: 0, objects: 0 });
    expect(await content(u)).toEqual(full);

    const run = await deleteClosedContent(t.ctx, days(at, 31));
    expect(run.accounts).toBeGreaterThanOrEqual(1);
    expect(run.objects).toBeGreaterThanOrEqual(2);
    expect(await content(u)).toEqual({
      tasks: 0,
      segments: 0,
      uploads: 0,
      objects: 0,
      glossaries: 0,
      series: 0,
    });
    expect(await count(`storage_deletions`, [])).toBe(0);
    // orders and the ledger stay; the account's row too, anonymised
    expect(await records(u.id)).toEqual(kept);
    // the open account is untouched, and a second run finds nothing more to do
    expect(await content(other)).toEqual(full);
    expect(await deleteClosedContent(t.ctx, days(at, 32))).toEqual({ accounts: 0, objects: 0 });
  });

  it('deletes orders, ledger and the row 5 years after closing; the trial identity stays', async () => {
    const u = await accountWithContent();
    const other = await accountWithContent();
    expectSuccess(await t.post('/user/close_account', { pass: u.pass }, { as: u.token }));
    const at = await closedAt(u.id);
    await deleteClosedContent(t.ctx, days(at, 31));
    const kept = await records(u.id);
    const otherBooks = await records(other.id);
    const identities = await count(`trial_identities`, []);

    await deleteExpiredRecords(t.ctx, days(years(at, 5), -1));
    expect(await records(u.id)).toEqual(kept);

    expect((await deleteExpiredRecords(t.ctx, days(years(at, 5), 1))).usersDeleted).toBeGreaterThanOrEqual(1);
    expect(await records(u.id)).toEqual({ orders: 0, entries: 0, lots: 0, users: 0 });
    expect(await count(`point_accounts WHERE user_id = $1`, [u.id])).toBe(0);
    expect(await count(`point_holds WHERE user_id = $1`, [u.id])).toBe(0);
    expect(await records(other.id)).toEqual(otherBooks);
    expect(await getBalance(t.ctx.db, other.id)).toBeGreaterThan(0);

    // the keyed hash outlives the row: the same email registers again without a trial
    expect(await count(`trial_identities`, [])).toBe(identities);
    await t.ctx.db.query(`DELETE FROM verification_codes WHERE email = $1`, [u.email]);
    const again = await t.signUp({ email: u.email });
    expect(await getBalance(t.ctx.db, again.id)).toBe(0);
  });

  it('keeps the ledger append-only outside a closed account’s expiry', async () => {
    const live = await t.signUp();
    const closed = await t.signUp();
    expectSuccess(await t.post('/user/close_account', { pass: closed.pass }, { as: closed.token }));
    const entries = () => count(`ledger_entries WHERE user_id = ANY($1::int[])`, [[live.id, closed.id]]);
    // the live trial; the closed trial and its forfeiture
    expect(await entries()).toBe(3);
    /** runs `sql` on `target`'s entries in a transaction that names `named` for expiry */
    const naming = (named: number, sql: string, target: number) =>
      t.ctx.db.tx(async (q) => {
        await q.query(`SELECT set_config('ledger.expire_account', $1::text, true)`, [String(named)]);
        await q.query(sql, [target]);
      });
    const remove = `DELETE FROM ledger_entries WHERE user_id = $1`;
    // a live account's entries, even when named
    await expect(naming(live.id, remove, live.id)).rejects.toThrow(/append-only/);
    // a closed account's entries, when the transaction does not name it, or names another
    await expect(t.ctx.db.query(remove, [closed.id])).rejects.toThrow(/append-only/);
    await expect(naming(live.id, remove, closed.id)).rejects.toThrow(/append-only/);
    // never a change, even of a named closed account's entry
    await expect(
      naming(closed.id, `UPDATE ledger_entries SET note = 'x' WHERE user_id = $1`, closed.id),
    ).rejects.toThrow(/append-only/);
    expect(await entries()).toBe(3);
  });

  it('keeps a closed manager’s anonymised row while other accounts’ entries name it', async () => {
    const admin = await managerToken(t);
    const made = expectSuccess<{ id: number }>(
      await t.post(
        '/user/create_user',
        { email: `mgr-${Date.now()}@example.com`, name: 'Manager Two', pass: 'secret-pass-1', manager: true },
        { as: admin },
      ),
    );
    const receiver = await t.signUp();
    await grant(t.ctx.db, made.id, receiver.id, 5, { note: 'welcome' });
    expectSuccess(await t.post('/user/delete_user', { id: made.id }, { as: admin }));
    const at = await closedAt(made.id);
    await deleteExpiredRecords(t.ctx, days(years(at, 5), 1));
    expect(await count(`users WHERE id = $1 AND deleted_at IS NOT NULL`, [made.id])).toBe(1);
    expect(await count(`ledger_entries WHERE actor_id = $1`, [made.id])).toBe(1);
    expect(await getBalance(t.ctx.db, receiver.id)).toBe(35);
  });

  it('deletes contact messages and usage counters after 12 months, payment notifications after 5 years', async () => {
    const now = new Date();
    const u = await t.signUp();
    expectSuccess(
      await postFrom(t, uniqueIp(), '/contact/submit', {
        name: 'Mei',
        email: 'mei@example.com',
        subject: 'Old question',
        message: 'Is this kept forever?',
      }),
    );
    await t.ctx.db.query(
      `INSERT INTO retranslate_usage (user_id, day, calls, chars) VALUES ($1, current_date, 1, 10)`,
      [u.id],
    );
    await t.ctx.db.query(
      `INSERT INTO payment_events (provider, event_id, name) VALUES ('airwallex', $1, 'paid')`,
      [`evt-${randomBytes(4).toString('hex')}`],
    );
    const logs = async () => ({
      messages: await count(`contact_messages`, []),
      usage: await count(`retranslate_usage`, []),
      events: await count(`payment_events`, []),
    });
    const before = await logs();
    expect(before.messages).toBeGreaterThan(0);

    expect(await deleteOldLogs(t.ctx, days(now, 360))).toEqual({
      contactMessages: 0,
      usageDays: 0,
      paymentEvents: 0,
    });
    expect(await logs()).toEqual(before);
    const year = await deleteOldLogs(t.ctx, days(now, 400));
    expect(year).toMatchObject({
      contactMessages: before.messages,
      usageDays: before.usage,
      paymentEvents: 0,
    });
    expect(await logs()).toEqual({ messages: 0, usage: 0, events: before.events });
    expect((await deleteOldLogs(t.ctx, years(now, 5))).paymentEvents).toBe(0);
    expect((await deleteOldLogs(t.ctx, days(years(now, 5), 1))).paymentEvents).toBe(before.events);
  });

  it('runs as the daily job of the app’s queue, on the real clock', async () => {
    await t.ctx.db.query(
      `INSERT INTO contact_messages (name, email, subject, message, host, language, created_at)
       VALUES ('Old', 'old@example.com', 'Old', 'Old', 'localhost', 'en', now() - interval '13 months')`,
    );
    await t.ctx.queue!.send('account-life.retention', {});
    await until(async () => (await count(`contact_messages WHERE name = 'Old'`, [])) === 0, 20_000);
  });
});
