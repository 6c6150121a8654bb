import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIMITS,
  type RetranslateAnswer,
  type SavedSegments,
  type TaskWithSegments,
} from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../../test/support/http.js';
import { completedTaskOf, grantPoints, makeSrt } from '../../../../test/support/tasks.js';
import { startOpenAiServer } from '../../../../test/support/translation-servers.js';

const KEY = 'structure-key';

/** issue 35: lines added and deleted by an edit (a split, a merge, an insert, a deletion) */
describe(`lines split, merged, inserted and deleted (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({ queue: true, env: { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: engine.url } });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });

  const get = async (token: string, id: string) =>
    expectSuccess<TaskWithSegments>(await t.post('/task/get', { id }, { as: token }));
  const edit = (token: string, taskId: string, body: Record<string, unknown>) =>
    t.post('/task/update_segments', { taskId, ...body }, { as: token });

  async function completedTask(cues = 6) {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const task = await completedTaskOf(t, u.token, makeSrt(cues), 'cut.srt');
    return { token: u.token, id: task.id };
  }

  it('splits a line in one call: the first half keeps its id, the second takes the next, in its place', async () => {
    const { token, id } = await completedTask();
    const before = await get(token, id);
    const line3 = before.segments[2]!;
    const saved = expectSuccess<SavedSegments>(
      await edit(token, id, {
        baseVersion: 0,
        segments: [
          { id: 3, originalText: 'First half', translatedText: 'Première moitié', endTime: '00:00:13,000' },
        ],
        insert: [
          {
            key: -1,
            after: 3,
            startTime: '00:00:13,000',
            endTime: line3.endTime,
            originalText: 'second half',
            translatedText: 'seconde moitié',
          },
        ],
      }),
    );
    expect(saved).toMatchObject({ version: 1, created: [{ key: -1, id: 7 }], reload: false, changed: [] });
    expect(saved.segments.map((s) => s.id).sort()).toEqual([3, 7]);
    const task = await get(token, id);
    expect(task.segmentCount).toBe(7);
    expect(task.segments.map((s) => s.id)).toEqual([1, 2, 3, 7, 4, 5, 6]);
    expect(task.segments[3]).toMatchObject({ originalText: 'second half', startTime: '00:00:13,000' });
    // the export plays them in order, numbered again
    const srt = (await t.post('/task/export', { id }, { as: token })).body.replace(/\r\n/g, '\n');
    const blocks = srt.trim().split('\n\n');
    expect(blocks).toHaveLength(7);
    expect(blocks[3]).toBe(`4\n00:00:13,000 --> ${line3.endTime}\nseconde moitié`);
    // the new line is re-translated like any other
    const again = expectSuccess<RetranslateAnswer>(
      await t.post('/task/retranslate', { taskId: id, segmentIds: [7] }, { as: token }),
    );
    expect(again.results[0]).toMatchObject({ id: 7, success: true });
  });

  it('merges lines: the first keeps its id, the others are gone, and their ids are never given again', async () => {
    const { token, id } = await completedTask();
    expectSuccess(
      await edit(token, id, {
        baseVersion: 0,
        segments: [{ id: 2, translatedText: 'deux et trois', endTime: '00:00:20,000' }],
        remove: [3],
      }),
    );
    let task = await get(token, id);
    expect(task.segments.map((s) => s.id)).toEqual([1, 2, 4, 5, 6]);
    expect(task.segmentCount).toBe(5);
    // delete the last line, then insert one: it takes 7, not 6
    expectSuccess(await edit(token, id, { baseVersion: 1, remove: [6] }));
    const inserted = expectSuccess<SavedSegments>(
      await edit(token, id, {
        baseVersion: 2,
        insert: [
          { key: -5, after: 5, startTime: '00:01:00,000', endTime: '00:01:02,000', originalText: 'new' },
        ],
      }),
    );
    expect(inserted.created).toEqual([{ key: -5, id: 7 }]);
    task = await get(token, id);
    expect(task.segments.map((s) => s.id)).toEqual([1, 2, 4, 5, 7]);
    expect(task.segments[4]!.translatedText).toBe('');
    // a tab still holding a deleted line: told it is gone, nothing of its edit saved
    const gone = expectFailure(
      await edit(token, id, {
        baseVersion: 0,
        segments: [
          { id: 1, translatedText: 'not saved' },
          { id: 3, translatedText: 'edited in an old tab' },
        ],
      }),
      40961,
      409,
    );
    expect(gone.msg).toContain('3');
    expect((await get(token, id)).segments[0]!.translatedText).not.toBe('not saved');
    // an id never given names no line
    expectFailure(
      await edit(token, id, { baseVersion: 3, segments: [{ id: 99, translatedText: 'x' }] }),
      40403,
      404,
    );
    // re-translating a deleted line answers its own failure
    const answer = expectSuccess<RetranslateAnswer>(
      await t.post('/task/retranslate', { taskId: id, segmentIds: [3] }, { as: token }),
    );
    expect(answer.results[0]).toMatchObject({ id: 3, success: false });
  });

  it('takes a deletion sent again (a retry, an undone and redone deletion) as done, counting it once', async () => {
    const { token, id } = await completedTask();
    expectSuccess(await edit(token, id, { baseVersion: 0, remove: [6] }));
    // the editor's undo and redo of the deletion while it was being saved sends it once more
    expectSuccess(await edit(token, id, { baseVersion: 1, remove: [6] }));
    const task = await get(token, id);
    expect(task.segments.map((s) => s.id)).toEqual([1, 2, 3, 4, 5]);
    expect(task.segmentCount).toBe(5);
    // an edit of that line is still refused (nothing typed is lost silently), an id never given too
    expectFailure(
      await edit(token, id, { baseVersion: 2, segments: [{ id: 6, translatedText: 'x' }] }),
      40961,
      409,
    );
    expectFailure(await edit(token, id, { baseVersion: 2, remove: [99] }), 40403, 404);
  });

  it('tells a tab that saw the task before another tab split it to read the lines again', async () => {
    const { token, id } = await completedTask();
    expectSuccess(
      await edit(token, id, {
        baseVersion: 0,
        insert: [
          { key: -1, after: null, startTime: '00:00:00,000', endTime: '00:00:01,000', originalText: 'Intro' },
        ],
      }),
    );
    const other = expectSuccess<SavedSegments>(
      await edit(token, id, { baseVersion: 0, segments: [{ id: 5, translatedText: 'other tab' }] }),
    );
    expect(other.reload).toBe(true);
    expect(other.changed.map((l) => l[0])).toEqual([7]);
    expect((await get(token, id)).segments.map((s) => s.id)).toEqual([7, 1, 2, 3, 4, 5, 6]);
    // once it has read them, no more
    const after = expectSuccess<SavedSegments>(
      await edit(token, id, { baseVersion: 2, segments: [{ id: 5, translatedText: 'again' }] }),
    );
    expect(after.reload).toBe(false);
    // splitting a line another tab changed since is refused like editing it
    expectFailure(
      await edit(token, id, {
        baseVersion: 1,
        segments: [{ id: 5, translatedText: 'half' }],
        insert: [
          { key: -1, after: 5, startTime: '00:00:25,000', endTime: '00:00:26,000', originalText: 'x' },
        ],
      }),
      40905,
      409,
    );
    expect((await get(token, id)).segmentCount).toBe(7);
  });

  it('keeps the order through many lines put at one place (the order is numbered again when it must)', async () => {
    const { token, id } = await completedTask(3);
    let version = 0;
    // each new line right after line 1: each goes between line 1 and the previous new one
    for (let i = 0; i < 30; i += 1) {
      const saved = expectSuccess<SavedSegments>(
        await edit(token, id, {
          baseVersion: version,
          insert: [
            { key: -1, after: 1, startTime: '00:00:02,000', endTime: '00:00:02,500', originalText: `n${i}` },
          ],
        }),
      );
      version = saved.version;
    }
    const task = await get(token, id);
    const news = Array.from({ length: 30 }, (_, i) => 33 - i);
    expect(task.segments.map((s) => s.id)).toEqual([1, ...news, 2, 3]);
  });

  it('refuses what would break the task, saving nothing', async () => {
    const { token, id } = await completedTask();
    const line = (extra: Record<string, unknown>) => ({
      key: -1,
      after: 2,
      startTime: '00:00:09,000',
      endTime: '00:00:10,000',
      originalText: 'x',
      ...extra,
    });
    // times out of order
    expectFailure(
      await edit(token, id, { baseVersion: 0, insert: [line({ endTime: '00:00:08,000' })] }),
      40000,
      400,
    );
    // after a line that does not exist, or that this edit deletes
    expectFailure(await edit(token, id, { baseVersion: 0, insert: [line({ after: 99 })] }), 42261, 422);
    expectFailure(await edit(token, id, { baseVersion: 0, insert: [line({})], remove: [2] }), 42261, 422);
    // after a key not given before it, or one key twice
    expectFailure(await edit(token, id, { baseVersion: 0, insert: [line({ after: -4 })] }), 42261, 422);
    expectFailure(await edit(token, id, { baseVersion: 0, insert: [line({}), line({})] }), 40000, 400);
    // a change of a line the same edit deletes
    expectFailure(
      await edit(token, id, { baseVersion: 0, segments: [{ id: 2, translatedText: 'y' }], remove: [2] }),
      40403,
      404,
    );
    // nothing at all
    const empty = expectFailure(await edit(token, id, { baseVersion: 0 }), 40000, 400);
    expect(empty.msg).toMatch(/at least one|至少/);
    // past the line cap
    await t.ctx.db.query('UPDATE tasks SET segment_count = $2 WHERE id = $1', [id, LIMITS.maxCues]);
    expectFailure(await edit(token, id, { baseVersion: 0, insert: [line({})] }), 42260, 422);
    await t.ctx.db.query('UPDATE tasks SET segment_count = 6 WHERE id = $1', [id]);
    // a task translated in part keeps its lines' places until the rest is translated
    await t.ctx.db.query('UPDATE tasks SET paid_through = 3 WHERE id = $1', [id]);
    expectFailure(await edit(token, id, { baseVersion: 0, remove: [1] }), 40960, 409);
    await t.ctx.db.query('UPDATE tasks SET paid_through = NULL WHERE id = $1', [id]);
    const task = await get(token, id);
    expect(task.version).toBe(0);
    expect(task.segments.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
