import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PartQuote, RetranslateAnswer, Task, TaskWithSegments } from '@subtrans/contract';
import { parseSrt } from '@subtrans/subtitles';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { envelope, expectFailure, expectSuccess } from '../../../../test/support/http.js';
import { filmLine, grantPoints, makeSrt, uploadSrt } from '../../../../test/support/tasks.js';
import { fakeTranslatedLine, startOpenAiServer } from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';
import { getBalance, getHeld } from '../../billing/ledger.service.js';

const KEY = 'ds-key';
/** 200 cues 6 s apart: the last ends at 19:56, so the file costs 200 points (20 started minutes) */
const FILM = makeSrt(200);
/** line 30 ends at 2:56, line 31 at 3:02: 30 points cover lines 1–30 */
const FIRST_PART = { fromLine: 1, toLine: 30, startMs: 0, endMs: 176_000, points: 30 };

describe(`a file translated in parts: issue 34 (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: KEY,
        DEEPSEEK_BASE_URL: engine.url,
        TRANSLATE_BATCH_SIZE: '10',
        TRANSLATE_CONCURRENCY: '2',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });
  beforeEach(() => {
    engine.setDown(null);
    engine.setTranslator(null);
    engine.setDelay(0);
  });

  const getTask = async (token: string, id: string) =>
    expectSuccess<TaskWithSegments>(await t.post('/task/get', { id }, { as: token }));
  const settled = (token: string, id: string) =>
    until(async () => {
      const task = await getTask(token, id);
      return task.status !== 'translating' && task;
    }, 60_000);
  const ledger = (userId: number) =>
    t.ctx.db.query<{ kind: string; amount: string | number; reference_id: string | null }>(
      `SELECT kind, amount, reference_id FROM ledger_entries WHERE user_id = $1 ORDER BY id`,
      [userId],
    );
  const kinds = async (userId: number) => (await ledger(userId)).map((e) => `${e.kind} ${Number(e.amount)}`);
  /** the lines the engine was asked to translate (1-based positions by their text) */
  const askedLines = (since: number) =>
    engine.requests
      .slice(since)
      .flatMap((r) => Object.values(r.lines))
      .map((l) => Number(/number (\d+) of/.exec(l)![1]));

  /** a user with `points` and the 20-minute film uploaded, its first part (what 30 points cover) translated */
  async function firstPartDone(points = 30) {
    const u = await t.signUp();
    await grantPoints(t, u.id, points);
    const created = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'film.srt', data: FILM }));
    expect(created.estimatedPoints).toBe(200);
    const briefs = engine.briefRequests.length;
    const started = expectSuccess<Task>(
      await t.post('/task/start', { id: created.id, part: { maxPoints: 30 } }, { as: u.token }),
    );
    expect(started).toMatchObject({ status: 'translating', estimatedPoints: 30, partEnd: 30, partial: null });
    const done = await settled(u.token, created.id);
    expect(done.status).toBe('completed');
    // the film brief is written from the whole film before the first part (the rest reuses it)
    const brief = engine.briefRequests.slice(briefs);
    expect(brief.length).toBeGreaterThan(0);
    expect(brief.flatMap((b) => b.lines)).toContain(filmLine(200));
    return { u, id: created.id, done };
  }

  it('offers what the balance covers, translates only those lines, and charges only their price', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 30);
    const created = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'film.srt', data: FILM }));
    const quote = expectSuccess<PartQuote>(
      await t.post('/task/part_quote', { id: created.id }, { as: u.token }),
    );
    expect(quote).toEqual({
      balance: 30,
      rest: { fromLine: 1, toLine: 200, startMs: 0, endMs: 1_196_000, points: 200 },
      part: FIRST_PART,
      nextLinePoints: 10,
    });
    // without `part` the start is refused as before: nothing held, the task still pending
    const refused = expectFailure(
      await t.post('/task/start', { id: created.id }, { as: u.token }),
      40200,
      402,
    );
    expect(refused.data).toEqual({ needed: 200, current: 30 });
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);

    const asked = engine.requests.length;
    // a client's limit below the balance is kept: 20 points cover the first 2 minutes (lines 1–20)
    const started = expectSuccess<Task>(
      await t.post('/task/start', { id: created.id, part: { maxPoints: 20 } }, { as: u.token }),
    );
    expect(started).toMatchObject({ status: 'translating', estimatedPoints: 20, partEnd: 20 });
    expect(await getBalance(t.ctx.db, u.id)).toBe(10);
    expect(await getHeld(t.ctx.db, u.id)).toBe(20);
    const done = await settled(u.token, created.id);
    expect(done).toMatchObject({
      status: 'completed',
      translationProgress: 100,
      partEnd: 20,
      error: null,
      partial: {
        translatedThrough: 20,
        remainingLines: 180,
        remainingMs: 1_196_000 - 116_000,
        restPoints: 180,
        chargedPoints: 20,
      },
    });
    // only the part's lines went to the engine; the rest are untranslated ('' as SPEC's segments say)
    expect(new Set(askedLines(asked))).toEqual(new Set(Array.from({ length: 20 }, (_, i) => i + 1)));
    expect(done.segments.slice(0, 20).map((s) => s.translatedText)).toEqual(
      Array.from({ length: 20 }, (_, i) => fakeTranslatedLine(filmLine(i + 1), 'ja')),
    );
    expect(done.segments.slice(20).every((s) => s.translatedText === '')).toBe(true);
    expect(await getBalance(t.ctx.db, u.id)).toBe(10);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    expect(await kinds(u.id)).toEqual(['grant 30', 'hold -20', 'capture 0']);

    // the list says so too
    const list = expectSuccess<{ list: Task[] }>(
      await t.post('/task/list', { page: 1, size: 10 }, { as: u.token }),
    );
    expect(list.list[0]!.partial).toMatchObject({ translatedThrough: 20, restPoints: 180 });
    // a partly translated task is not started again (that would translate and charge it anew)
    expectFailure(await t.post('/task/start', { id: created.id }, { as: u.token }), 40904, 409);

    // the export: the translated part, then the untranslated lines as their original text
    const srt = parseSrt((await t.post('/task/export', { id: created.id }, { as: u.token })).body);
    expect(srt).toHaveLength(200);
    expect(srt[19]!.text).toBe(fakeTranslatedLine(filmLine(20), 'ja'));
    expect(srt[20]!.text).toBe(filmLine(21));
  });

  it('keeps the lines after the part for the next part: no re-translation or typed translation of them', async () => {
    const { u, id, done } = await firstPartDone();
    const answer = expectSuccess<RetranslateAnswer>(
      await t.post('/task/retranslate', { taskId: id, segmentIds: [30, 31] }, { as: u.token }),
    );
    expect(answer.results.map((r) => [r.id, r.success])).toEqual([
      [30, true],
      [31, false],
    ]);
    expect(answer.results[1]!.error).toContain('31');
    expect(answer.quota.charsLeft).toBe(answer.quota.charsPerDay - filmLine(30).length);
    const typed = expectFailure(
      await t.post(
        '/task/update_segments',
        { taskId: id, baseVersion: answer.version, segments: [{ id: 40, translatedText: 'mine' }] },
        { as: u.token },
      ),
      40951,
      409,
    );
    expect(typed.data).toEqual({ line: 40 });
    // the translated lines and the originals stay editable
    expectSuccess(
      await t.post(
        '/task/update_segments',
        {
          taskId: id,
          baseVersion: answer.version,
          segments: [
            { id: 2, translatedText: 'edited' },
            { id: 40, originalText: 'A corrected original.' },
          ],
        },
        { as: u.token },
      ),
    );
    expect((await getTask(u.token, id)).segments[39]).toMatchObject({
      originalText: 'A corrected original.',
      translatedText: '',
    });
    expect(done.partial!.restPoints).toBe(170);
  });

  it('continues once points are bought: one more hold and capture, the same brief, together the whole price', async () => {
    const { u, id } = await firstPartDone();
    // too few points: refused with what is needed, nothing held, the task as it was
    const short = expectFailure(await t.post('/task/translate_rest', { id }, { as: u.token }), 40200, 402);
    expect(short.data).toEqual({ needed: 170, current: 0 });
    const none = expectFailure(
      await t.post('/task/translate_rest', { id, part: {} }, { as: u.token }),
      40200,
      402,
    );
    expect(none.data).toEqual({ needed: 10, current: 0 });
    expect((await getTask(u.token, id)).partial).toMatchObject({ translatedThrough: 30 });
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);

    await grantPoints(t, u.id, 500);
    const quote = expectSuccess<PartQuote>(await t.post('/task/part_quote', { id }, { as: u.token }));
    expect(quote).toMatchObject({
      balance: 500,
      part: null,
      rest: { fromLine: 31, toLine: 200, points: 170 },
    });
    const briefsBefore = engine.briefRequests.length;
    const asked = engine.requests.length;
    // two continues at once: one claims the task and holds; the other holds nothing
    const answers = await Promise.all([
      t.post('/task/translate_rest', { id }, { as: u.token }),
      t.post('/task/translate_rest', { id }, { as: u.token }),
    ]);
    const codes = answers.map((a) => envelope(a).code).sort();
    expect(codes).toEqual([20000, 40904]);
    expect(await getHeld(t.ctx.db, u.id)).toBe(170);
    expect(await getBalance(t.ctx.db, u.id)).toBe(330);
    const done = await settled(u.token, id);
    expect(done).toMatchObject({ status: 'completed', partial: null, partEnd: null, error: null });
    expect(done.segments.map((s) => s.translatedText)).toEqual(
      Array.from({ length: 200 }, (_, i) => fakeTranslatedLine(filmLine(i + 1), 'ja')),
    );
    // only the rest went to the engine, and the brief was not written again
    expect(new Set(askedLines(asked))).toEqual(new Set(Array.from({ length: 170 }, (_, i) => i + 31)));
    expect(engine.briefRequests.length).toBe(briefsBefore);
    // two holds, two captures, 200 points in all: what the whole file costs at once
    expect(await kinds(u.id)).toEqual([
      'grant 30',
      'hold -30',
      'capture 0',
      'grant 500',
      'hold -170',
      'capture 0',
    ]);
    const holds = (await ledger(u.id)).filter((e) => e.kind === 'hold').map((e) => e.reference_id);
    expect(new Set(holds).size).toBe(2);
    const [row] = await t.ctx.db.query<{ charged_points: number }>(
      `SELECT charged_points FROM tasks WHERE id = $1`,
      [id],
    );
    expect(row!.charged_points).toBe(200);
    expect(await getBalance(t.ctx.db, u.id)).toBe(330);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    // nothing left to continue
    expectFailure(await t.post('/task/translate_rest', { id }, { as: u.token }), 40950, 409);
    expectFailure(await t.post('/task/part_quote', { id }, { as: u.token }), 40950, 409);
  });

  it('a continue can be partial again; a part that fails gives back only its own hold and its lines', async () => {
    const { u, id } = await firstPartDone();
    await grantPoints(t, u.id, 40);
    // 40 more points: 7 minutes in all (lines through 70), 40 points
    const quote = expectSuccess<PartQuote>(await t.post('/task/part_quote', { id }, { as: u.token }));
    expect(quote.part).toEqual({ fromLine: 31, toLine: 70, startMs: 176_000, endMs: 416_000, points: 40 });
    // the engine goes down once line 45 was answered: the lines before it were saved by then
    engine.setTranslator((line, target) => {
      if (line === filmLine(45)) engine.setDown('http500');
      return fakeTranslatedLine(line, target);
    });
    const asked = engine.requests.length;
    const started = expectSuccess<Task>(
      await t.post('/task/translate_rest', { id, part: { maxPoints: 40 } }, { as: u.token }),
    );
    expect(started).toMatchObject({ status: 'translating', partEnd: 70, estimatedPoints: 40 });
    expect(await getHeld(t.ctx.db, u.id)).toBe(40);
    const failed = await settled(u.token, id);
    expect(askedLines(asked)).toContain(45);
    // back to what the first part made it: completed, lines 1–30, its error said, points back
    expect(failed).toMatchObject({
      status: 'completed',
      partEnd: 30,
      partial: { translatedThrough: 30, remainingLines: 170, restPoints: 170, chargedPoints: 30 },
    });
    expect(failed.error).toBeTruthy();
    expect(failed.segments.slice(30).every((s) => s.translatedText === '')).toBe(true);
    expect(failed.segments[29]!.translatedText).toBe(fakeTranslatedLine(filmLine(30), 'ja'));
    expect(await getBalance(t.ctx.db, u.id)).toBe(40);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    expect(await kinds(u.id)).toEqual([
      'grant 30',
      'hold -30',
      'capture 0',
      'grant 40',
      'hold -40',
      'release 40',
    ]);

    // again, with the engine back: the same part, then charged
    engine.setDown(null);
    engine.setTranslator(null);
    expectSuccess(await t.post('/task/translate_rest', { id, part: {} }, { as: u.token }));
    const again = await settled(u.token, id);
    expect(again).toMatchObject({
      status: 'completed',
      error: null,
      partial: { translatedThrough: 70, restPoints: 130 },
    });
    expect(await getBalance(t.ctx.db, u.id)).toBe(0);
    expect((await kinds(u.id)).slice(-2)).toEqual(['hold -40', 'capture 0']);
  });

  it('answers another user’s task as not found, holding nothing', async () => {
    const { id } = await firstPartDone();
    const stranger = await t.signUp();
    await grantPoints(t, stranger.id, 500);
    expectFailure(await t.post('/task/translate_rest', { id }, { as: stranger.token }), 40402, 404);
    expectFailure(await t.post('/task/part_quote', { id }, { as: stranger.token }), 40402, 404);
    expect(await getHeld(t.ctx.db, stranger.id)).toBe(0);
  });

  it('deleting a task while its later part runs gives back that part’s hold only', async () => {
    const { u, id } = await firstPartDone();
    await grantPoints(t, u.id, 170);
    // slow batches: the part is still running when the task is deleted
    engine.setDelay(400);
    expectSuccess(await t.post('/task/translate_rest', { id }, { as: u.token }));
    expect(await getHeld(t.ctx.db, u.id)).toBe(170);
    expectSuccess(await t.post('/task/delete', { id }, { as: u.token }));
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    expect(await getBalance(t.ctx.db, u.id)).toBe(170);
    expect(await kinds(u.id)).toEqual([
      'grant 30',
      'hold -30',
      'capture 0',
      'grant 170',
      'hold -170',
      'release 170',
    ]);
  });
});
