import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedList, Task, TaskWithSegments } from '@subtrans/contract';
import { formatSrtTime } from '@subtrans/subtitles';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { completedTaskOf, grantPoints, makeSrt, uploadSrt } from '../../../test/support/tasks.js';
import { startOpenAiServer } from '../../../test/support/translation-servers.js';
import { until } from '../../../test/support/until.js';
import { getBalance, getHeld } from '../billing/ledger.service.js';

const KEY = 'ds-key';

/** An SRT of the given cues: [start ms, end ms, text]. */
const srtOf = (cues: [number, number, string][]) =>
  cues
    .map(([s, e, text], i) => `${i + 1}\n${formatSrtTime(s)} --> ${formatSrtTime(e)}\n${text}\n`)
    .join('\n');

describe(`prices that cannot be dodged, cue checks and text caps (${TEST_DB})`, () => {
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

  const tasksOf = async (token: string) =>
    expectSuccess<PagedList<Task>>(await t.post('/task/list', { page: 1, size: 10 }, { as: token })).list;
  const get = async (token: string, id: string) =>
    expectSuccess<TaskWithSegments>(await t.post('/task/get', { id }, { as: token }));

  it('refuses a cue that ends before it starts, naming its number in the file and its timing', async () => {
    const u = await t.signUp();
    const srt = srtOf([
      [1000, 2000, 'The first line is fine.'],
      [5000, 4500, 'This one ends before it starts.'],
      [9000, 8000, 'So does this one, but it comes later.'],
    ]);
    const body = expectFailure(await uploadSrt(t, u.token, { name: 'backwards.srt', data: srt }), 42211, 422);
    expect(body.msg).toBe(
      '第 2 条字幕（00:00:05,000 --> 00:00:04,500）的结束时间早于开始时间，请修正该条的时间后重新上传',
    );
    expect(body.data).toEqual({ line: 2, start: '00:00:05,000', end: '00:00:04,500' });
    expect(await tasksOf(u.token)).toEqual([]);
  });

  it('accepts a zero-length cue; its text can be edited, a time edit is still checked', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const srt = srtOf([
      [1000, 3000, 'A normal line of dialogue.'],
      [4000, 4000, 'A flash that lasts no time at all.'],
      [5000, 7000, 'Another normal line of dialogue.'],
    ]);
    const task = await completedTaskOf(t, u.token, srt);
    const edit = (segments: unknown[], baseVersion: number) =>
      t.post('/task/update_segments', { taskId: task.id, baseVersion, segments }, { as: u.token });
    expect(
      expectSuccess<{ version: number }>(
        await edit([{ id: 2, translatedText: 'Un éclair', originalText: 'A flash, fixed' }], 0),
      ).version,
    ).toBe(1);
    const after = await get(u.token, task.id);
    expect(after.segments[1]).toMatchObject({
      originalText: 'A flash, fixed',
      translatedText: 'Un éclair',
      startTime: '00:00:04,000',
      endTime: '00:00:04,000',
      duration: 0,
    });
    // a time edit keeps its check: still zero length, or ending before the start, is refused
    expectFailure(await edit([{ id: 2, startTime: '00:00:04,000', endTime: '00:00:04,000' }], 1), 40000, 400);
    expectFailure(await edit([{ id: 2, endTime: '00:00:03,500' }], 1), 40000, 400);
    expectFailure(
      await edit(
        [
          { id: 2, translatedText: 'x' },
          { id: 1, startTime: '00:00:05,000' },
        ],
        1,
      ),
      40000,
      400,
    );
    expect((await get(u.token, task.id)).version).toBe(1);
    expectSuccess(await edit([{ id: 2, endTime: '00:00:04,800' }], 1));
    expect((await get(u.token, task.id)).segments[1]!.duration).toBe(800);
  });

  it('prices at create: at least 10 points, or 10 per started 1,000 characters when the text costs more', async () => {
    const u = await t.signUp();
    // no duration and no text: the minimum
    const empty = expectSuccess<Task>(
      await uploadSrt(t, u.token, { name: 'empty.srt', data: '1\n00:00:00,000 --> 00:00:00,000\n\n' }),
    );
    expect(empty).toMatchObject({ duration: 0, estimatedPoints: 10, costRule: 'minimum' });
    // 300 lines of 100 characters (30,000) timed inside one minute: by text, 300 points
    const line = 'x'.repeat(90);
    const dense = srtOf(
      Array.from({ length: 300 }, (_, i) => [i * 100, i * 100 + 50, `${line} ${String(i).padStart(9, '0')}`]),
    );
    const denseTask = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'dense.srt', data: dense }));
    expect(denseTask).toMatchObject({ estimatedPoints: 300, costRule: 'text' });
    expect(denseTask.duration).toBeLessThan(60_000);
    // an ordinary film: by duration (25 cues over 2:26 → 3 minutes)
    const film = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'film.srt', data: makeSrt(25) }));
    expect(film).toMatchObject({ estimatedPoints: 30, costRule: 'duration' });
  });

  it('prices again at start from the stored segments: a task stored at 0 points holds the new cost', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const dense = srtOf(
      Array.from({ length: 30 }, (_, i) => [
        i * 10,
        i * 10,
        `${'y'.repeat(95)} ${String(i).padStart(4, '0')}`,
      ]),
    );
    const created = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'old.srt', data: dense }));
    expect(created).toMatchObject({ estimatedPoints: 30, costRule: 'text' });
    // as a task created under the old rule (0 with no duration) was stored
    await t.ctx.db.query(`UPDATE tasks SET estimated_points = 0, cost_rule = NULL WHERE id = $1`, [
      created.id,
    ]);
    expect((await get(u.token, created.id)).estimatedPoints).toBe(0);
    engine.setDelay(300);
    try {
      const started = expectSuccess<Task>(await t.post('/task/start', { id: created.id }, { as: u.token }));
      expect(started).toMatchObject({ estimatedPoints: 30, costRule: 'text', status: 'translating' });
      expect(await getHeld(t.ctx.db, u.id)).toBe(30);
    } finally {
      engine.setDelay(0);
    }
    await until(async () => (await get(u.token, created.id)).status === 'completed');
    expect(await getBalance(t.ctx.db, u.id)).toBe(70);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    expect((await get(u.token, created.id)).estimatedPoints).toBe(30);
  });

  it('refuses a cue over 500 characters at upload, naming it; 500 is accepted', async () => {
    const u = await t.signUp();
    const at = (n: number) =>
      srtOf([
        [1000, 2000, 'Short.'],
        [3000, 4000, 'Also short.'],
        [5000, 6000, 'z'.repeat(n)],
      ]);
    const body = expectFailure(await uploadSrt(t, u.token, { name: 'long.srt', data: at(501) }), 42212, 422);
    expect(body.data).toEqual({ line: 3, chars: 501, max: 500 });
    expect(body.msg).toBe('第 3 条字幕有 501 个字符，超过 500 个字符的上限，请缩短或拆分该条后重新上传');
    expect(await tasksOf(u.token)).toEqual([]);
    // characters, not UTF-16 units: 500 emoji fit
    expectSuccess(await uploadSrt(t, u.token, { name: 'ok.srt', data: at(500) }));
    expectSuccess(
      await uploadSrt(t, u.token, { name: 'emoji.srt', data: srtOf([[0, 1000, '😀'.repeat(500)]]) }),
    );
  });

  it('refuses an edit of an original over 500 characters or a translation over 1,000, naming the line', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const task = await completedTaskOf(t, u.token, makeSrt(4));
    const edit = (segments: unknown[]) =>
      t.post('/task/update_segments', { taskId: task.id, baseVersion: 0, segments }, { as: u.token });
    const original = expectFailure(
      await edit([
        { id: 1, translatedText: 'fine' },
        { id: 3, originalText: 'o'.repeat(501) },
      ]),
      42213,
      422,
    );
    expect(original.msg).toBe('第 3 行的原文超过 500 个字符，请缩短后再保存');
    expect(original.data).toEqual({ line: 3, max: 500 });
    const translation = expectFailure(await edit([{ id: 4, translatedText: 't'.repeat(1001) }]), 42214, 422);
    expect(translation.msg).toBe('第 4 行的译文超过 1000 个字符，请缩短后再保存');
    expect((await get(u.token, task.id)).version).toBe(0);
    expectSuccess(
      await edit([
        { id: 3, originalText: 'o'.repeat(500) },
        { id: 4, translatedText: 't'.repeat(1000) },
      ]),
    );
    const saved = await get(u.token, task.id);
    expect(saved.segments[2]!.originalText).toHaveLength(500);
    expect(saved.segments[3]!.translatedText).toHaveLength(1000);
  });
});
