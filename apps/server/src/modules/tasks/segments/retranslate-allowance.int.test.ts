import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RetranslateAnswer, RetranslateQuota, TaskWithSegments } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../../test/support/http.js';
import { completedTaskOf, grantPoints, makeSrt } from '../../../../test/support/tasks.js';
import { fakeTranslatedLine, startOpenAiServer } from '../../../../test/support/translation-servers.js';

const KEY = 'ds-key';
const CHARS_PER_DAY = 300;
const CALLS_PER_DAY = 12;
/** every line exactly 40 characters, so the sums are easy to follow */
const LINE = (i: number) => `Line ${String(i).padStart(2, '0')} of a test film, forty characters`;

describe(`the daily re-translation allowance (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: KEY,
        DEEPSEEK_BASE_URL: engine.url,
        RETRANSLATE_DAILY_CHARS: String(CHARS_PER_DAY),
        RETRANSLATE_DAILY_QUOTA: String(CALLS_PER_DAY),
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });
  beforeEach(() => {
    engine.setDelay(0);
    engine.setDown(null);
  });

  async function userWithTask(cues = 20) {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const task = await completedTaskOf(t, u.token, makeSrt(cues, LINE));
    return { token: u.token, id: u.id, task };
  }
  const retranslate = (token: string, taskId: string, segmentIds: number[]) =>
    t.post('/task/retranslate', { taskId, segmentIds }, { as: token });
  const quota = async (token: string) =>
    expectSuccess<RetranslateQuota>(await t.post('/task/retranslate_quota', {}, { as: token }));
  const sentChars = () =>
    engine.requests.reduce((sum, r) => sum + Object.values(r.lines).reduce((s, l) => s + l.length, 0), 0);

  it('spends the characters of the lines asked for (not their context), and says what is left', async () => {
    expect(LINE(7)).toHaveLength(40);
    const u = await userWithTask();
    const fresh = await quota(u.token);
    const tomorrow = new Date();
    tomorrow.setUTCHours(24, 0, 0, 0);
    expect(fresh).toEqual({
      charsLeft: 300,
      charsPerDay: 300,
      callsLeft: 12,
      callsPerDay: 12,
      resetsAt: tomorrow.toISOString(),
    });
    engine.requests.splice(0);
    const answer = expectSuccess<RetranslateAnswer>(await retranslate(u.token, u.task.id, [5, 6]));
    expect(answer.results.map((r) => r.success)).toEqual([true, true]);
    // the engine saw context lines too; they cost nothing
    expect(engine.requests[0]!.context_before.length).toBeGreaterThan(0);
    expect(answer.quota).toMatchObject({ charsLeft: 220, callsLeft: 11 });
    expect(await quota(u.token)).toMatchObject({ charsLeft: 220, callsLeft: 11 });
  });

  it('refuses a request that does not fit, whole, saying what is left and when it renews', async () => {
    const u = await userWithTask();
    expectSuccess(await retranslate(u.token, u.task.id, [1, 2, 3, 4, 5, 6])); // 240 spent, 60 left
    engine.requests.splice(0);
    const refused = expectFailure(await retranslate(u.token, u.task.id, [7, 8]), 42910, 429);
    expect(refused.data).toMatchObject({ needed: 80, charsLeft: 60, charsPerDay: 300 });
    const renews = (refused.data as { resetsAt: string }).resetsAt;
    expect(refused.msg).toBe(
      `今日的重新翻译字数不够：本次需要 80 字，今日还剩 60 字（每天 300 字），将于 ${renews.slice(0, 10)} 00:00 UTC 恢复。请少选几行，或到时再试`,
    );
    expect(engine.requests).toHaveLength(0);
    // nothing of it was spent, not even the call, and the lines are not left claimed
    expect(await quota(u.token)).toMatchObject({ charsLeft: 60, callsLeft: 11 });
    const one = expectSuccess<RetranslateAnswer>(await retranslate(u.token, u.task.id, [7]));
    expect(one.results[0]!.success).toBe(true);
    expect(one.quota.charsLeft).toBe(20);
  });

  it('gives back the characters of lines the engine failed on', async () => {
    const u = await userWithTask();
    engine.setDown('http500');
    const failed = expectSuccess<RetranslateAnswer>(await retranslate(u.token, u.task.id, [3, 4]));
    expect(failed.results.map((r) => r.success)).toEqual([false, false]);
    expect(failed.quota).toMatchObject({ charsLeft: 300, callsLeft: 11 });
    expect(await quota(u.token)).toMatchObject({ charsLeft: 300 });
  });

  it('counts calls as before: each request is one, and past the daily count one is refused', async () => {
    const u = await userWithTask();
    // a request for a line that does not exist sends nothing to the engine, but is a call
    for (let i = 0; i < CALLS_PER_DAY; i += 1) expectSuccess(await retranslate(u.token, u.task.id, [99]));
    engine.requests.splice(0);
    const refused = expectFailure(await retranslate(u.token, u.task.id, [2]), 42911, 429);
    expect(refused.data).toMatchObject({ callsLeft: 0, callsPerDay: 12, charsLeft: 300 });
    expect(engine.requests).toHaveLength(0);
    expect(await quota(u.token)).toMatchObject({ callsLeft: 0, charsLeft: 300 });
  });

  it('10 concurrent requests that together exceed the budget do not pass it', async () => {
    const u = await userWithTask(20);
    engine.requests.splice(0);
    engine.setDelay(100);
    // 10 requests of 2 lines (80 characters) each: 800 asked for, 300 a day
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, k) => retranslate(u.token, u.task.id, [2 * k + 1, 2 * k + 2])),
    );
    const passed = answers.filter((r) => r.json<{ code: number }>().code === 20000);
    for (const r of answers.filter((a) => !passed.includes(a))) expectFailure(r, 42910, 429);
    expect(passed).toHaveLength(3);
    expect(sentChars()).toBe(240);
    expect(sentChars()).toBeLessThanOrEqual(CHARS_PER_DAY);
    expect(await quota(u.token)).toMatchObject({ charsLeft: 60, callsLeft: 9 });
    const [row] = await t.ctx.db.query<{ chars: number }>(
      `SELECT chars FROM retranslate_usage WHERE user_id = $1`,
      [u.id],
    );
    expect(row!.chars).toBe(240);
  });

  it('does not re-translate an old line over 500 characters, with a per-line message; it stays exportable', async () => {
    const u = await userWithTask(4);
    const long = `${'An old line written before the cap. '.repeat(17)}`.trim();
    expect(long.length).toBeGreaterThan(500);
    // as a task created before the cap stored it
    await t.ctx.db.query(`UPDATE task_segments SET original_text = $2 WHERE task_id = $1 AND position = 2`, [
      u.task.id,
      long,
    ]);
    engine.requests.splice(0);
    const answer = expectSuccess<RetranslateAnswer>(await retranslate(u.token, u.task.id, [2, 3]));
    expect(answer.results[0]).toEqual({
      id: 2,
      success: false,
      translatedText: fakeTranslatedLine(LINE(2), 'ja'),
      error: '原文超过 500 个字符：请将该行缩短到 500 个字符以内再重新翻译',
      // its flags as stored (the line was not translated again)
      flags: ['source-language', 'over-budget'],
    });
    expect(answer.results[1]).toMatchObject({ id: 3, success: true });
    expect(Object.values(engine.requests.flatMap((r) => Object.values(r.lines)))).toEqual([LINE(3)]);
    expect(answer.quota.charsLeft).toBe(260);
    const full = expectSuccess<TaskWithSegments>(
      await t.post('/task/get', { id: u.task.id }, { as: u.token }),
    );
    expect(full.segments[1]!.originalText).toBe(long);
    const srt = await t.post('/task/export', { id: u.task.id, includeOriginal: true }, { as: u.token });
    expect(srt.statusCode).toBe(200);
    expect(srt.body).toContain(long);
  });

  it('is off with RETRANSLATE_DAILY_CHARS=0', async () => {
    const u = await userWithTask(3);
    const before = t.ctx.env.RETRANSLATE_DAILY_CHARS;
    t.ctx.env.RETRANSLATE_DAILY_CHARS = 0;
    try {
      engine.requests.splice(0);
      expectFailure(await retranslate(u.token, u.task.id, [1]), 50311, 503);
      expect(engine.requests).toHaveLength(0);
      expect(await quota(u.token)).toMatchObject({ charsLeft: 0, charsPerDay: 0 });
    } finally {
      t.ctx.env.RETRANSLATE_DAILY_CHARS = before;
    }
  });
});
