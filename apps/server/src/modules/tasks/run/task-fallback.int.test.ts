import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage, type Task, type TaskWithSegments } from '@subtrans/contract';
import { parseSrt } from '@subtrans/subtitles';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectSuccess } from '../../../../test/support/http.js';
import { grantPoints, makeSrt, uploadSrt } from '../../../../test/support/tasks.js';
import { fakeTranslatedLine, startOpenAiServer } from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';
import { getBalance, getHeld } from '../../billing/ledger.service.js';

const KEY = 'ds-key';
const MARK = 'UNTRANSLATABLE';

/**
 * Models that answer in another shape than the numbered map, and lines that never come back: a
 * wrapped answer is a translation; a task in which more than 20 % of the lines kept their original
 * text fails and gives its points back (a deliberate change to SPEC §8's per-line fallback).
 */
describe(`what a task does with odd replies and lines that never come back (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: KEY,
        DEEPSEEK_BASE_URL: engine.url,
        TRANSLATE_BATCH_SIZE: '2',
        TRANSLATE_CONCURRENCY: '2',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });
  beforeEach(() => {
    engine.setAlways(null);
    engine.neverTranslate(null);
  });

  async function runTask(token: string, srt: string): Promise<TaskWithSegments> {
    const task = expectSuccess<Task>(await uploadSrt(t, token, { name: 'odd.srt', data: srt }));
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: token }));
    return until(async () => {
      const x = expectSuccess<TaskWithSegments>(await t.post('/task/get', { id: task.id }, { as: token }));
      return (x.status === 'completed' || x.status === 'failed') && x;
    }, 60_000);
  }

  it.each(['wrap-lines', 'wrap-translations', 'array'] as const)(
    'translates every line of a model that answers %s',
    async (mode) => {
      engine.setAlways(mode);
      const u = await t.signUp();
      await grantPoints(t, u.id, 100);
      const srt = makeSrt(5);
      const done = await runTask(u.token, srt);
      expect(done).toMatchObject({ status: 'completed', keptOriginal: 0, error: null });
      expect(done.segments.map((s) => s.translatedText)).toEqual(
        parseSrt(srt).map((c) => fakeTranslatedLine(c.text, 'ja')),
      );
      expect(await getBalance(t.ctx.db, u.id)).toBe(90);
    },
  );

  it('fails a task in which more than 20 % of the lines kept their original, and gives its points back; at 20 % it completes', async () => {
    engine.neverTranslate(new RegExp(MARK));
    const text = (i: number) => (i === 3 ? `${MARK} line ${i}` : `This is line number ${i}.`);
    const over = await t.signUp();
    const at = await t.signUp();
    await grantPoints(t, over.id, 100);
    await grantPoints(t, at.id, 100);
    // 1 of 4 lines (25 %) and 1 of 5 lines (20 %) never come back
    const [failed, completed] = await Promise.all([
      runTask(over.token, makeSrt(4, text)),
      runTask(at.token, makeSrt(5, text)),
    ]);

    expect(failed).toMatchObject({
      status: 'failed',
      errorKey: 'TRANSLATION_MOSTLY_KEPT',
      keptOriginal: 1,
      segmentCount: 4,
    });
    expect(failed.error).toContain('1 of 4 lines');
    expect(errorMessage('TRANSLATION_MOSTLY_KEPT', 'en', failed)).toBe(
      '1 of 4 lines could not be translated (more than 20%), so the task failed and your points were returned. Try again later or choose another engine',
    );
    expect(errorMessage('TRANSLATION_MOSTLY_KEPT', 'zh', failed)).toContain('4 行中有 1 行未能翻译');
    expect(await getBalance(t.ctx.db, over.id)).toBe(100);
    expect(await getHeld(t.ctx.db, over.id)).toBe(0);
    const kinds = await t.ctx.db.query<{ kind: string }>(
      `SELECT kind FROM ledger_entries WHERE user_id = $1 ORDER BY id`,
      [over.id],
    );
    expect(kinds.map((k) => k.kind)).toEqual(['grant', 'hold', 'release']);

    // SPEC §8 below the threshold: the line keeps its original, counted, and the task is charged
    expect(completed).toMatchObject({ status: 'completed', keptOriginal: 1 });
    expect(completed.segments[2]!.translatedText).toBe(`${MARK} line 3`);
    expect(completed.segments[3]!.translatedText).toBe(fakeTranslatedLine('This is line number 4.', 'ja'));
    expect(await getBalance(t.ctx.db, at.id)).toBe(90);
  }, 60_000);
});
