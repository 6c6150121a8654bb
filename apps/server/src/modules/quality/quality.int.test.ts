import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QualityLimits } from '@subtrans/contract';
import { NORMS } from '@subtrans/subtitles';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess, failedFields } from '../../../test/support/http.js';

describe(`quality limits per user and target language (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (token: string, target: string) =>
    expectSuccess<QualityLimits>(await t.post('/quality/get', { target }, { as: token }));

  it('answers the defaults of each language until the user saves their own', async () => {
    const u = await t.signUp();
    const ja = await get(u.token, 'ja');
    expect(ja.defaults).toEqual(NORMS.ja);
    expect(ja.norms).toEqual(NORMS.ja);
    expect(ja.overrides).toEqual({});
    expect(ja.bounds.lines).toEqual({ min: 1, max: 4, integer: true });
    expect((await get(u.token, 'en')).norms).toMatchObject({ cpl: 42, counting: 'chars' });
  });

  it('saves overrides per user and target language, merges them, and resets with null', async () => {
    const u = await t.signUp();
    const other = await t.signUp();
    const saved = expectSuccess<QualityLimits>(
      await t.post('/quality/save', { target: 'zh-CN', overrides: { cpl: 20, cps: 12.5 } }, { as: u.token }),
    );
    expect(saved.norms).toEqual({ ...NORMS['zh-CN'], cpl: 20, cps: 12.5 });
    expect(saved.overrides).toEqual({ cpl: 20, cps: 12.5 });
    expect((await get(u.token, 'zh-CN')).norms).toMatchObject({ cpl: 20, cps: 12.5, counting: 'fullwidth' });
    // another language and another user keep the defaults
    expect((await get(u.token, 'zh-HK')).norms).toEqual(NORMS['zh-HK']);
    expect((await get(other.token, 'zh-CN')).norms).toEqual(NORMS['zh-CN']);
    // a save replaces what was saved before
    expectSuccess(
      await t.post('/quality/save', { target: 'zh-CN', overrides: { lines: 1 } }, { as: u.token }),
    );
    expect((await get(u.token, 'zh-CN')).overrides).toEqual({ lines: 1 });
    expectSuccess(await t.post('/quality/save', { target: 'zh-CN', overrides: null }, { as: u.token }));
    expect(await get(u.token, 'zh-CN')).toMatchObject({ norms: NORMS['zh-CN'], overrides: {} });
    const rows = await t.ctx.db.query(`SELECT 1 FROM quality_limits WHERE user_id = $1`, [u.id]);
    expect(rows).toHaveLength(0);
  });

  it('refuses forged values out of bounds, not whole where they must be, or a minimum over the maximum, naming the field', async () => {
    const u = await t.signUp();
    expectSuccess(await t.post('/quality/save', { target: 'en', overrides: { cpl: 30 } }, { as: u.token }));
    const forged: [Record<string, unknown>, string][] = [
      [{ cpl: 1_000_000 }, 'overrides.cpl'],
      [{ cpl: 2 }, 'overrides.cpl'],
      [{ cps: -5 }, 'overrides.cps'],
      [{ lines: 2.5 }, 'overrides.lines'],
      [{ lines: 9 }, 'overrides.lines'],
      [{ maxDurationMs: 10 }, 'overrides.maxDurationMs'],
      [{ minDurationMs: 6000, maxDurationMs: 5000 }, 'overrides.minDurationMs'],
      [{ cpl: 'wide' }, 'overrides.cpl'],
    ];
    for (const [overrides, field] of forged) {
      const res = await t.post('/quality/save', { target: 'en', overrides }, { as: u.token });
      expectFailure(res, 40000, 400);
      expect(failedFields(res), JSON.stringify(overrides)).toEqual([field]);
    }
    const res = await t.post('/quality/save', { target: 'auto', overrides: {} }, { as: u.token });
    expectFailure(res, 40000, 400);
    // nothing forged was stored: the last good save stands
    expect((await get(u.token, 'en')).overrides).toEqual({ cpl: 30 });
    const [row] = await t.ctx.db.query<{ overrides: unknown }>(
      `SELECT overrides FROM quality_limits WHERE user_id = $1`,
      [u.id],
    );
    expect(row!.overrides).toEqual({ cpl: 30 });
  });

  it('asks for a signed-in user', async () => {
    expectFailure(await t.post('/quality/get', { target: 'en' }), 40100, 401);
  });
});
