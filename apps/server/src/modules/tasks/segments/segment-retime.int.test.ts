import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEGMENT_PATCHES_MAX,
  type SavedSegments,
  type TaskWithSegments,
  type VersionConflict,
} from '@subtrans/contract';
import { parseTimestamp } from '@subtrans/subtitles';
import { frameRateMap, invertTimeMap, retimeLines, shiftMap, type TimeMap } from '@subtrans/subtitles/retime';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../../test/support/http.js';
import { completedTaskOf, grantPoints, makeSrt } from '../../../../test/support/tasks.js';
import { startOpenAiServer } from '../../../../test/support/translation-servers.js';

const KEY = 'retime-key';

/** issue 35: shift, frame rate and two-point sync saved as one map over many lines */
describe(`lines moved in time by one map (${TEST_DB})`, () => {
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

  const times = async (token: string, id: string) => {
    const task = expectSuccess<TaskWithSegments>(await t.post('/task/get', { id }, { as: token }));
    return task.segments.map((s) => ({
      id: s.id,
      startMs: parseTimestamp(s.startTime)!,
      endMs: parseTimestamp(s.endTime)!,
    }));
  };
  const edit = (token: string, taskId: string, body: Record<string, unknown>) =>
    t.post('/task/update_segments', { taskId, ...body }, { as: token });
  const op = (map: TimeMap, lines: 'all' | number[] = 'all') => ({ ...map, lines });

  async function completedTask(cues = 6) {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const task = await completedTaskOf(t, u.token, makeSrt(cues), 'timed.srt');
    return { token: u.token, id: task.id };
  }

  it('shifts every line in one small call, exported so, and the reverse map restores them', async () => {
    const { token, id } = await completedTask();
    const before = await times(token, id);
    const map = shiftMap(1500);
    const saved = expectSuccess<SavedSegments>(await edit(token, id, { baseVersion: 0, retime: [op(map)] }));
    expect(saved).toMatchObject({ version: 1, changed: [], reload: false });
    expect(await times(token, id)).toEqual(retimeLines(before, map));
    const srt = (await t.post('/task/export', { id }, { as: token })).body.replace(/\r\n/g, '\n');
    expect(srt).toContain('1\n00:00:01,500 --> 00:00:03,500\n');
    expectSuccess(await edit(token, id, { baseVersion: 1, retime: [op(invertTimeMap(map))] }));
    expect(await times(token, id)).toEqual(before);
  });

  it('changes the frame rate of the lines named, then the changes of the same call land on top', async () => {
    const { token, id } = await completedTask();
    const before = await times(token, id);
    const map = frameRateMap(25, 23.976);
    expectSuccess(
      await edit(token, id, {
        baseVersion: 0,
        retime: [op(map, [2, 3, 4])],
        segments: [{ id: 3, startTime: '00:00:12,345' }],
      }),
    );
    const want = retimeLines(before, map, (l) => [2, 3, 4].includes(l.id))!;
    want[2] = { ...want[2]!, startMs: 12_345 };
    const after = await times(token, id);
    expect(after).toEqual(want);
    expect(after[0]).toEqual(before[0]);
    expect(after[1]!.endMs).toBe(Math.round(8000 * (25 / (24000 / 1001))));
    // and back: within a millisecond of where they were
    expectSuccess(await edit(token, id, { baseVersion: 1, retime: [op(invertTimeMap(map), [2, 4])] }));
    const back = await times(token, id);
    for (const i of [1, 3]) {
      expect(Math.abs(back[i]!.startMs - before[i]!.startMs)).toBeLessThanOrEqual(1);
      expect(Math.abs(back[i]!.endMs - before[i]!.endMs)).toBeLessThanOrEqual(1);
    }
  });

  it('refuses a map that starts a line before 0, saving nothing of the call', async () => {
    const { token, id } = await completedTask();
    const before = await times(token, id);
    const refused = expectFailure(
      await edit(token, id, {
        baseVersion: 0,
        retime: [op(shiftMap(-500))],
        segments: [{ id: 2, originalText: 'never saved' }],
      }),
      42262,
      422,
    );
    expect(refused.data).toMatchObject({ line: 1 });
    expect(await times(token, id)).toEqual(before);
    // the lines after the first may move back
    expectSuccess(await edit(token, id, { baseVersion: 0, retime: [op(shiftMap(-500), [2, 3])] }));
    expect((await times(token, id))[1]).toEqual({ id: 2, startMs: 5500, endMs: 7500 });
  });

  it('two tabs: a retime over a line the other tab changed is refused with that line; again, it moves it', async () => {
    const { token, id } = await completedTask();
    expectSuccess(await edit(token, id, { baseVersion: 0, segments: [{ id: 2, endTime: '00:00:09,000' }] }));
    const conflict = expectFailure(
      await edit(token, id, { baseVersion: 0, retime: [op(shiftMap(1000))] }),
      40905,
      409,
    );
    const data = conflict.data as VersionConflict;
    expect(data).toMatchObject({ version: 1, line: 2, reload: false });
    expect(data.lines.map((l) => l[0])).toEqual([2]);
    // a retime of other lines is no conflict
    expectSuccess(await edit(token, id, { baseVersion: 0, retime: [op(shiftMap(1000), [4, 5])] }));
    expectSuccess(await edit(token, id, { baseVersion: 2, retime: [op(shiftMap(1000), [2])] }));
    expect((await times(token, id))[1]).toEqual({ id: 2, startMs: 7000, endMs: 10_000 });
  });

  it('a retime of every line after another tab added one asks the editor to read the lines again', async () => {
    const { token, id } = await completedTask();
    const insert = {
      key: -1,
      after: 6,
      startTime: '00:00:40,000',
      endTime: '00:00:41,000',
      originalText: 'new',
      translatedText: 'nouveau',
    };
    expectSuccess(await edit(token, id, { baseVersion: 0, insert: [insert] }));
    const conflict = expectFailure(
      await edit(token, id, { baseVersion: 0, retime: [op(shiftMap(100))] }),
      40905,
      409,
    );
    expect(conflict.data).toMatchObject({ reload: true, version: 1 });
    expect((conflict.data as VersionConflict).lines.map((l) => l[0])).toEqual([7]);
    expectSuccess(await edit(token, id, { baseVersion: 1, retime: [op(shiftMap(100))] }));
    expect((await times(token, id)).at(-1)).toEqual({ id: 7, startMs: 40_100, endMs: 41_100 });
  });

  it('a retime naming a line another tab deleted is refused as such', async () => {
    const { token, id } = await completedTask();
    expectSuccess(await edit(token, id, { baseVersion: 0, remove: [3] }));
    expectFailure(await edit(token, id, { baseVersion: 1, retime: [op(shiftMap(100), [2, 3])] }), 40961, 409);
  });

  it('refuses maps no editor makes', async () => {
    const { token, id } = await completedTask();
    const bad = [
      { origin: 0, factor: 0, to: 0, lines: 'all' },
      { origin: 0, factor: 1e6, to: 0, lines: 'all' },
      { origin: 0.5, factor: 1, to: 0, lines: 'all' },
      { origin: 0, factor: 1, to: 1e12, lines: 'all' },
      { origin: 0, factor: 1, to: 10, lines: [] },
      { origin: 0, factor: 1, to: 10, lines: [0] },
      { origin: 0, factor: 1, to: 10, lines: 'some' },
      { origin: 0, factor: '1', to: 10, lines: 'all' },
    ];
    for (const retime of bad)
      expectFailure(await edit(token, id, { baseVersion: 0, retime: [retime] }), 40000, 400);
    // more line changes than one call may carry (a fix of timing sends thousands, not more)
    const changes = Array.from({ length: SEGMENT_PATCHES_MAX + 1 }, () => ({ id: 1, originalText: 'x' }));
    expectFailure(await edit(token, id, { baseVersion: 0, segments: changes }), 40000, 400);
    const many = Array.from({ length: 21 }, () => op(shiftMap(1)));
    expectFailure(await edit(token, id, { baseVersion: 0, retime: many }), 40000, 400);
    // another user's task is not found, whatever the map
    const other = await t.signUp();
    expectFailure(await edit(other.token, id, { baseVersion: 0, retime: [op(shiftMap(1))] }), 40402, 404);
  });
});
