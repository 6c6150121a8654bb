import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRIEF_LIMITS,
  type Series,
  type SeriesMemory,
  type SeriesSummary,
  type Task,
} from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess, failedFields } from '../../../test/support/http.js';
import { makeSrt, uploadSrt } from '../../../test/support/tasks.js';
import { mergeSeriesMemory, seriesMemoryOf } from './index.js';

const MEMORY: SeriesMemory = {
  characters: [{ name: 'Anna', target: '安娜', gender: 'female', address: 'calls her father "sir"' }],
  terms: [{ source: 'the Order', target: '骑士团', note: '' }],
};

describe(`series and their memory (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const save = async (token: string, body: Record<string, unknown>) =>
    expectSuccess<Series>(await t.post('/series/save', body, { as: token }));

  /** an uploaded task put in the series (h26b's upload option stores it: set here directly) */
  async function episode(token: string, seriesId: string, name: string): Promise<Task> {
    const task = expectSuccess<Task>(await uploadSrt(t, token, { name, data: makeSrt(2) }));
    await t.ctx.db.query(`UPDATE tasks SET series_id = $2 WHERE id = $1`, [task.id, seriesId]);
    return task;
  }

  it('creates a series, lists it with its episodes, updates it, keeps or replaces its memory', async () => {
    const u = await t.signUp();
    const s = await save(u.token, { name: 'Dark', sourceLanguage: 'de', targetLanguage: 'zh-CN' });
    expect(s).toMatchObject({
      name: 'Dark',
      sourceLanguage: 'de',
      targetLanguage: 'zh-CN',
      taskCount: 0,
      tasks: [],
    });
    expect(s.memory).toEqual({ characters: [], terms: [] });
    const one = await episode(u.token, s.id, 'e1.srt');
    const two = await episode(u.token, s.id, 'e2.srt');
    const list = expectSuccess<SeriesSummary[]>(await t.post('/series/list', {}, { as: u.token }));
    expect(list).toEqual([expect.objectContaining({ id: s.id, taskCount: 2 })]);
    const withMemory = await save(u.token, {
      id: s.id,
      name: 'Dark S1',
      targetLanguage: 'zh-CN',
      memory: MEMORY,
    });
    expect(withMemory).toMatchObject({ name: 'Dark S1', sourceLanguage: 'auto', memory: MEMORY });
    expect(withMemory.tasks.map((x) => [x.id, x.fileName])).toEqual([
      [one.id, 'e1.srt'],
      [two.id, 'e2.srt'],
    ]);
    // a save without memory leaves it as it was
    const renamed = await save(u.token, { id: s.id, name: 'Dark', targetLanguage: 'zh-CN' });
    expect(renamed.memory).toEqual(MEMORY);
    // a deleted episode is no longer one
    expectSuccess(await t.post('/task/delete', { id: one.id }, { as: u.token }));
    const got = expectSuccess<Series>(await t.post('/series/get', { id: s.id }, { as: u.token }));
    expect(got.tasks.map((x) => x.id)).toEqual([two.id]);
    expect(got.taskCount).toBe(1);
  });

  it('deletes a series and leaves its episodes as tasks of no series', async () => {
    const u = await t.signUp();
    const s = await save(u.token, { name: 'gone', targetLanguage: 'en' });
    const task = await episode(u.token, s.id, 'e1.srt');
    expectSuccess(await t.post('/series/delete', { id: s.id }, { as: u.token }));
    expectFailure(await t.post('/series/get', { id: s.id }, { as: u.token }), 40441, 404);
    const [row] = await t.ctx.db.query<{ series_id: string | null }>(
      `SELECT series_id FROM tasks WHERE id = $1`,
      [task.id],
    );
    expect(row!.series_id).toBeNull();
    expectSuccess(await t.post('/task/get', { id: task.id }, { as: u.token }));
  });

  it("answers SERIES_NOT_FOUND for another user's series, and changes nothing", async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    const s = await save(owner.token, { name: 'mine', targetLanguage: 'en', memory: MEMORY });
    const as = { as: other.token };
    expectFailure(await t.post('/series/get', { id: s.id }, as), 40441, 404);
    expectFailure(
      await t.post('/series/save', { id: s.id, name: 'taken', targetLanguage: 'en' }, as),
      40441,
      404,
    );
    expectFailure(await t.post('/series/delete', { id: s.id }, as), 40441, 404);
    await expect(seriesMemoryOf(t.ctx.db, other.id, s.id)).rejects.toMatchObject({ key: 'SERIES_NOT_FOUND' });
    expect(await seriesMemoryOf(t.ctx.db, owner.id, s.id)).toEqual(MEMORY);
    const kept = expectSuccess<Series>(await t.post('/series/get', { id: s.id }, { as: owner.token }));
    expect(kept).toMatchObject({ name: 'mine', memory: MEMORY });
  });

  it('refuses a series past the number a user may keep', async () => {
    const u = await t.signUp();
    const max = BRIEF_LIMITS.seriesPerUser;
    // set-based, as a hundred requests would only slow the test
    await t.ctx.db.query(
      `INSERT INTO series (user_id, name, source_language, target_language)
       SELECT $1, 's' || g, 'auto', 'en' FROM generate_series(1, $2) g`,
      [u.id, max],
    );
    const res = await t.post('/series/save', { name: 'one more', targetLanguage: 'en' }, { as: u.token });
    expect(expectFailure(res, 42243, 422).data).toEqual({ max });
    await save((await t.signUp()).token, { name: 'first', targetLanguage: 'en' });
  });

  it('refuses forged input, naming the field', async () => {
    const u = await t.signUp();
    const bad: [Record<string, unknown>, string][] = [
      [{ name: '', targetLanguage: 'en' }, 'name'],
      [{ name: 'a', targetLanguage: 'auto' }, 'targetLanguage'],
      [
        { name: 'a', targetLanguage: 'en', memory: { characters: [{ name: 'x', gender: 'robot' }] } },
        'memory.characters.0.gender',
      ],
      [{ name: 'a', targetLanguage: 'en', memory: { terms: [{ source: '' }] } }, 'memory.terms.0.source'],
    ];
    for (const [body, field] of bad) {
      const res = await t.post('/series/save', body, { as: u.token });
      expectFailure(res, 40000, 400);
      expect(failedFields(res)).toEqual([field]);
    }
  });

  it("merges an episode's corrected names and terms into the memory", async () => {
    const u = await t.signUp();
    const s = await save(u.token, { name: 'merge', targetLanguage: 'zh-CN', memory: MEMORY });
    await t.ctx.db.tx((q) =>
      mergeSeriesMemory(q, s.id, {
        characters: [{ name: 'Tom', target: '汤姆', gender: 'male', address: '' }],
        terms: [{ source: 'THE ORDER', target: '修会', note: 'a religious order' }],
      }),
    );
    expect(await seriesMemoryOf(t.ctx.db, u.id, s.id)).toEqual({
      characters: [...MEMORY.characters, { name: 'Tom', target: '汤姆', gender: 'male', address: '' }],
      terms: [{ source: 'THE ORDER', target: '修会', note: 'a religious order' }],
    });
    // a series deleted meanwhile takes nothing, and nothing fails
    expectSuccess(await t.post('/series/delete', { id: s.id }, { as: u.token }));
    await mergeSeriesMemory(t.ctx.db, s.id, MEMORY);
  });

  it('asks for a signed-in user', async () => {
    expectFailure(await t.post('/series/list', {}), 40100, 401);
  });
});
