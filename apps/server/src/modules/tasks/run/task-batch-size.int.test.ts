import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Task } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../../test/support/http.js';
import { grantPoints, makeSrt, uploadSrt } from '../../../../test/support/tasks.js';
import { startOpenAiServer } from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';

const KEY = 'ds-key';

/**
 * SPEC §9: the batch size defaults to the server's and may be overridden from the browser's
 * storage: /task/start carries the stored number, the server clamps it to 1..TRANSLATE_BATCH_SIZE_MAX.
 */
describe(`a task's translation batch size (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: KEY,
        DEEPSEEK_BASE_URL: engine.url,
        TRANSLATE_BATCH_SIZE: '5',
        TRANSLATE_BATCH_SIZE_MAX: '8',
        TRANSLATE_CONCURRENCY: '2',
      },
    });
    const u = await t.signUp();
    await grantPoints(t, u.id, 1000);
    token = u.token;
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });

  /** translates `lines` lines started with `start`'s extra fields; answers the lines per engine call */
  async function batchesOf(lines: number, extra: Record<string, unknown>): Promise<number[]> {
    const created = expectSuccess<Task>(
      await uploadSrt(t, token, { name: 'film.srt', data: makeSrt(lines) }),
    );
    const before = engine.requests.length;
    expectSuccess(await t.post('/task/start', { id: created.id, ...extra }, { as: token }));
    await until(async () => {
      const task = expectSuccess<Task>(await t.post('/task/get', { id: created.id }, { as: token }));
      return task.status === 'completed';
    });
    return engine.requests
      .slice(before)
      .map((r) => Object.keys(r.lines).length)
      .sort((a, b) => b - a);
  }

  it("uses the server's setting when the browser asks for nothing", async () => {
    expect(await batchesOf(12, {})).toEqual([5, 5, 2]);
  });

  it('honours a stored size within the bounds', async () => {
    expect(await batchesOf(12, { batchSize: 3 })).toEqual([3, 3, 3, 3]);
    expect(await batchesOf(9, { batchSize: 8 })).toEqual([8, 1]);
  });

  it('clamps a forged size outside the bounds, and a fraction to a whole number', async () => {
    expect(await batchesOf(20, { batchSize: 100_000 })).toEqual([8, 8, 4]);
    expect(await batchesOf(3, { batchSize: -7 })).toEqual([1, 1, 1]);
    expect(await batchesOf(3, { batchSize: 0 })).toEqual([1, 1, 1]);
    expect(await batchesOf(5, { batchSize: 2.9 })).toEqual([2, 2, 1]);
  });

  it('refuses a batch size that is not a number, naming the field, and starts nothing', async () => {
    const created = expectSuccess<Task>(await uploadSrt(t, token, { name: 'film.srt', data: makeSrt(2) }));
    const refused = expectFailure(
      await t.post('/task/start', { id: created.id, batchSize: 'lots' }, { as: token }),
      40000,
      400,
    );
    expect(refused.msg).toContain('每批行数');
    const task = expectSuccess<Task>(await t.post('/task/get', { id: created.id }, { as: token }));
    expect(task.status).toBe('pending');
  });
});
