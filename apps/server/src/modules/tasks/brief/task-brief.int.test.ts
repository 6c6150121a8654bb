import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Brief, Task, TaskBrief } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../../test/support/http.js';
import { grantPoints, makeSrt, uploadSrt } from '../../../../test/support/tasks.js';
import {
  startApertiumApyServer,
  startOpenAiServer,
  type ReceivedBrief,
} from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';
import { getBalance, getHeld } from '../../billing/ledger.service.js';
import { expireReviews } from './brief.service.js';

const KEY = 'ds-key';
const DAY = 86_400_000;

/** A film where Kenji and Aiko speak, and dashi recurs (40 cues: one brief call, 8 batches of 5). */
const FILM = makeSrt(40, (i) =>
  i % 4 === 1
    ? `Kenji tastes the dashi ${i}.`
    : i % 4 === 2
      ? `Aiko opens the shop ${i}.`
      : `Line ${i} of it.`,
);

/** The provider's brief of a part: the names it finds there, and its proposals. */
function briefOfPart(req: ReceivedBrief) {
  const text = req.lines.join('\n');
  return {
    synopsis: `Part ${req.part}: a cook and a shop.`,
    register: 'casual',
    characters: [
      ...(text.includes('Kenji')
        ? [{ name: 'Kenji', target: 'ケンジ', gender: 'male', address: 'calls Aiko senpai' }]
        : []),
      ...(text.includes('Aiko') ? [{ name: 'Aiko', target: 'アイコ', gender: 'female', address: '' }] : []),
    ],
    terms: text.includes('dashi') ? [{ source: 'dashi', target: 'だし', note: 'soup stock' }] : [],
  };
}

describe(`the film brief and the user's voice (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let apy: Awaited<ReturnType<typeof startApertiumApyServer>>;
  let t: TestApp;

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    apy = await startApertiumApyServer([['eng', 'spa']]);
    t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: KEY,
        DEEPSEEK_BASE_URL: engine.url,
        APERTIUM_URL: apy.url,
        TRANSLATE_BATCH_SIZE: '5',
        TRANSLATE_CONCURRENCY: '2',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await engine?.close();
    await apy?.close();
  });
  beforeEach(() => {
    engine.setBriefer(briefOfPart);
    // a model that follows its terms and names: the brief's renderings are checked (task-terms.ts)
    engine.setTermRendering(true);
  });

  async function userWith(points: number) {
    const u = await t.signUp();
    await grantPoints(t, u.id, points);
    return u;
  }
  const getTask = async (token: string, id: string) =>
    expectSuccess<Task>(await t.post('/task/get', { id }, { as: token }));
  const upload = async (token: string, fields: Record<string, string>, srt = FILM) =>
    expectSuccess<Task>(
      await uploadSrt(t, token, { name: 'film.srt', data: srt }, { targetLanguage: 'ja', ...fields }),
    );
  const finished = (token: string, id: string) =>
    until(async () => {
      const task = await getTask(token, id);
      return (task.status === 'completed' || task.status === 'failed') && task;
    });
  /** the translation requests of one task's lines (the provider serves every test of the file) */
  const batchesOf = (from: number) => engine.requests.slice(from);

  it('writes the brief first, then sends each batch its part, the instructions and its terms', async () => {
    const u = await userWith(100);
    const task = await upload(u.token, { formality: 'formal', translatorNote: 'a cooking show' });
    expect(task.voice).toMatchObject({
      formality: 'formal',
      translatorNote: 'a cooking show',
      reviewTerms: false,
      awaitingReview: false,
      hasBrief: false,
      engineCalls: 0,
      glossaryIds: [],
      seriesId: null,
    });
    const [briefs, batches, condensed] = [
      engine.briefRequests.length,
      engine.requests.length,
      engine.condenseRequests.length,
    ];
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
    const done = await finished(u.token, task.id);
    expect(done.status).toBe('completed');

    const asked = engine.briefRequests.slice(briefs);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ source: 'en', target: 'ja', part: '1 of 1' });
    expect(asked[0]!.lines).toHaveLength(40);
    const sent = batchesOf(batches);
    expect(sent).toHaveLength(8);
    for (const batch of sent) {
      const text = Object.values(batch.lines).join('\n');
      expect(batch.instructions).toEqual({ formality: 'formal', note: 'a cooking show' });
      expect(batch.brief).toMatchObject({ synopsis: 'Part 1 of 1: a cook and a shop.', register: 'casual' });
      // only the characters named in the batch's lines
      const names = batch.brief!.characters.map((c) => c.name);
      expect(names).toEqual(['Kenji', 'Aiko'].filter((n) => text.includes(n)));
      expect(batch.terms ?? []).toEqual(
        text.includes('dashi') ? [{ source: 'dashi', target: 'だし', note: 'soup stock' }] : [],
      );
    }
    expect(engine.systemPrompts.slice(batches).every((p) => p.includes('"brief" describes the film'))).toBe(
      true,
    );
    // the brief's call is part of the task's price: the price stays, the calls are reported
    expect(done.estimatedPoints).toBe(task.estimatedPoints);
    const condenseCalls = engine.condenseRequests.length - condensed;
    expect(done.voice).toMatchObject({ hasBrief: true, briefCalls: 1, engineCalls: 1 + 8 + condenseCalls });
    // the editor's re-translation carries them too
    const before = engine.requests.length;
    expectSuccess(await t.post('/task/retranslate', { taskId: task.id, segmentIds: [1] }, { as: u.token }));
    expect(engine.requests.slice(before)[0]).toMatchObject({
      lines: { 1: 'Kenji tastes the dashi 1.' },
      instructions: { formality: 'formal', note: 'a cooking show' },
      brief: { characters: [{ name: 'Kenji', target: 'ケンジ' }] },
    });
    const { brief } = expectSuccess<TaskBrief>(await t.post('/task/brief', { id: task.id }, { as: u.token }));
    expect(brief!.characters.map((c) => [c.name, c.target, c.gender])).toEqual([
      ['Kenji', 'ケンジ', 'male'],
      ['Aiko', 'アイコ', 'female'],
    ]);
  });

  it('waits for the review of names and terms with the points held, then goes on with the edited brief', async () => {
    const u = await userWith(100);
    const task = await upload(u.token, { reviewTerms: 'true' });
    expect(task.voice.reviewTerms).toBe(true);
    const batches = engine.requests.length;
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
    const waiting = await until(async () => {
      const now = await getTask(u.token, task.id);
      return now.voice.awaitingReview && now;
    });
    expect(waiting.status).toBe('pending');
    expect(waiting.voice.hasBrief).toBe(true);
    const expires = Date.parse(waiting.voice.reviewExpiresAt!);
    expect(Math.abs(expires - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    expect(engine.requests.length).toBe(batches);
    expect(await getHeld(t.ctx.db, u.id)).toBe(task.estimatedPoints);
    // not startable again while its points are held; not a review to continue for another user
    expectFailure(await t.post('/task/start', { id: task.id }, { as: u.token }), 40904, 409);
    const other = await userWith(10);
    expectFailure(await t.post('/task/continue', { id: task.id }, { as: other.token }), 40402, 404);

    const { brief } = expectSuccess<TaskBrief>(await t.post('/task/brief', { id: task.id }, { as: u.token }));
    const edited: Brief = {
      ...brief!,
      characters: brief!.characters.map((c) => (c.name === 'Kenji' ? { ...c, target: '健二' } : c)),
    };
    const resumed = expectSuccess<Task>(
      await t.post('/task/continue', { id: task.id, brief: edited }, { as: u.token }),
    );
    expect(resumed.status).toBe('translating');
    expect(resumed.voice).toMatchObject({ awaitingReview: false, reviewExpiresAt: null });
    const done = await finished(u.token, task.id);
    expect(done.status).toBe('completed');
    const kenji = batchesOf(batches)
      .flatMap((b) => b.brief?.characters ?? [])
      .filter((c) => c.name === 'Kenji');
    expect(kenji.length).toBeGreaterThan(0);
    expect(kenji.every((c) => c.target === '健二')).toBe(true);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    expect(await getBalance(t.ctx.db, u.id)).toBe(100 - task.estimatedPoints);
    expectFailure(await t.post('/task/continue', { id: task.id }, { as: u.token }), 40940, 409);
  });

  it('cancels a review left for 7 days and gives the points back; a deleted one gives them back at once', async () => {
    const u = await userWith(100);
    const waitingTask = async () => {
      const task = await upload(u.token, { reviewTerms: 'true' });
      expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
      await until(async () => (await getTask(u.token, task.id)).voice.awaitingReview);
      return task;
    };
    const left = await waitingTask();
    const dropped = await waitingTask();
    expect(await getHeld(t.ctx.db, u.id)).toBe(left.estimatedPoints + dropped.estimatedPoints);
    expectSuccess(await t.post('/task/delete', { id: dropped.id }, { as: u.token }));
    expect(await getHeld(t.ctx.db, u.id)).toBe(left.estimatedPoints);

    expect(await expireReviews(t.ctx, new Date(Date.now() + 6 * DAY))).toBe(0);
    expect((await getTask(u.token, left.id)).status).toBe('pending');
    expect(await expireReviews(t.ctx, new Date(Date.now() + 8 * DAY))).toBeGreaterThanOrEqual(1);
    const cancelled = await getTask(u.token, left.id);
    expect(cancelled).toMatchObject({ status: 'failed', errorKey: 'REVIEW_EXPIRED' });
    expect(cancelled.voice.awaitingReview).toBe(false);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    expect(await getBalance(t.ctx.db, u.id)).toBe(100);
    expectFailure(await t.post('/task/continue', { id: left.id }, { as: u.token }), 40940, 409);
    // cancelled once: a second run finds nothing
    expect(await expireReviews(t.ctx, new Date(Date.now() + 9 * DAY))).toBe(0);
  });

  it('reads and saves the brief of a task of your own, within the limits', async () => {
    const u = await userWith(100);
    const task = await upload(u.token, {});
    expect(expectSuccess<TaskBrief>(await t.post('/task/brief', { id: task.id }, { as: u.token }))).toEqual({
      taskId: task.id,
      brief: null,
    });
    const brief = {
      synopsis: 'A cook.',
      characters: [{ name: 'Kenji', target: '健二' }],
      terms: [{ source: 'dashi', target: '出汁' }],
    };
    const saved = expectSuccess<TaskBrief>(
      await t.post('/task/save_brief', { id: task.id, brief }, { as: u.token }),
    );
    expect(saved.brief).toEqual({
      synopsis: 'A cook.',
      register: '',
      characters: [{ name: 'Kenji', target: '健二', gender: 'unknown', address: '' }],
      terms: [{ source: 'dashi', target: '出汁', note: '' }],
    });
    expect(expectSuccess<TaskBrief>(await t.post('/task/brief', { id: task.id }, { as: u.token }))).toEqual(
      saved,
    );
    expect((await getTask(u.token, task.id)).voice.hasBrief).toBe(true);
    const other = await userWith(10);
    expectFailure(await t.post('/task/brief', { id: task.id }, { as: other.token }), 40402, 404);
    expectFailure(await t.post('/task/save_brief', { id: task.id, brief }, { as: other.token }), 40402, 404);
    const tooLong = { ...brief, synopsis: 'x'.repeat(1501) };
    expectFailure(
      await t.post('/task/save_brief', { id: task.id, brief: tooLong }, { as: u.token }),
      40000,
      400,
    );

    // a brief the user wrote before the start is the one the batches carry (no brief call)
    const [briefs, batches, condensed] = [
      engine.briefRequests.length,
      engine.requests.length,
      engine.condenseRequests.length,
    ];
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
    const done = await finished(u.token, task.id);
    const engineCalls = 8 + engine.condenseRequests.length - condensed;
    expect(done.voice).toMatchObject({ briefCalls: 0, engineCalls });
    expect(engine.briefRequests.length).toBe(briefs);
    expect(batchesOf(batches).flatMap((b) => b.terms ?? [])[0]).toEqual({ source: 'dashi', target: '出汁' });
  });

  it('translates without a brief when the engine cannot write one, or its calls keep failing', async () => {
    const u = await userWith(100);
    // a rule-based engine: no brief, so no review either (asked for, it is refused:
    // task-engine-options.int.test.ts)
    const apertium = await upload(u.token, {
      translationService: 'apertium',
      originalLanguage: 'en',
      targetLanguage: 'es',
    });
    expect(apertium.voice.reviewTerms).toBe(false);
    const briefs = engine.briefRequests.length;
    expectSuccess(await t.post('/task/start', { id: apertium.id }, { as: u.token }));
    const ruled = await finished(u.token, apertium.id);
    expect(ruled.status).toBe('completed');
    expect(ruled.voice).toMatchObject({ hasBrief: false, awaitingReview: false, briefCalls: 0 });
    expect(ruled.voice.engineCalls).toBeGreaterThan(0);
    expect(engine.briefRequests.length).toBe(briefs);

    // a brief call that fails is tried once more, then the task goes on without it
    engine.misbehaveBrief('http500', 'garbage');
    const task = await upload(u.token, { reviewTerms: 'true' });
    const [batches, condensed] = [engine.requests.length, engine.condenseRequests.length];
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
    const done = await finished(u.token, task.id);
    expect(done.status).toBe('completed');
    const engineCalls = 2 + 8 + engine.condenseRequests.length - condensed;
    expect(done.voice).toMatchObject({ hasBrief: false, awaitingReview: false, briefCalls: 2, engineCalls });
    expect(batchesOf(batches).some((b) => b.brief || b.instructions || b.terms)).toBe(false);
  });

  it("refuses glossaries and series that are not the caller's, storing nothing", async () => {
    const u = await userWith(10);
    const list = async () =>
      expectSuccess<{ totalCount: number }>(
        await t.post('/task/list', { page: 1, size: 10 }, { as: u.token }),
      ).totalCount;
    const send = (fields: Record<string, string>) =>
      uploadSrt(t, u.token, { name: 'film.srt', data: FILM }, { targetLanguage: 'ja', ...fields });
    expectFailure(await send({ glossaryIds: randomUUID() }), 40440, 404);
    expectFailure(await send({ seriesId: randomUUID() }), 40441, 404);
    expectFailure(await send({ formality: 'rude' }), 40000, 400);
    expectFailure(await send({ translatorNote: 'n'.repeat(501) }), 40000, 400);
    expect(await list()).toBe(0);
  });
});
