import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RetranslateAnswer, Task, TaskWithLines, TaskWithSegments } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../../test/support/http.js';
import { grantPoints, makeSrt, uploadSrt } from '../../../../test/support/tasks.js';
import { fakeTranslatedLine, startOpenAiServer } from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';

const KEY = 'ds-key';

describe(`editing a task's segments (${TEST_DB})`, () => {
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
  beforeEach(() => {
    engine.setDelay(0);
    engine.setDown(null);
  });

  const get = async (token: string, id: string) =>
    expectSuccess<TaskWithSegments>(await t.post('/task/get', { id }, { as: token }));

  async function completedTask(cues = 6) {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const task = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'ed.srt', data: makeSrt(cues) }));
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
    await until(async () => (await get(u.token, task.id)).status === 'completed');
    return { token: u.token, id: task.id };
  }

  it('gives back every character as it was saved (the lines come from the database as one JSON value)', async () => {
    const { token, id } = await completedTask(4);
    const tricky = [
      'Quotes " and \\ backslash, tab\there',
      'Line one\nline two\r\nthree',
      '中文，日本語かな、한국어 😀 \u0001 \u2028 end',
      '',
    ];
    expectSuccess(
      await t.post(
        '/task/update_segments',
        {
          taskId: id,
          baseVersion: 0,
          segments: tricky.map((text, i) => ({ id: i + 1, translatedText: text, originalText: `${text}!` })),
        },
        { as: token },
      ),
    );
    const task = await get(token, id);
    expect(task.segments.map((s) => s.id)).toEqual([1, 2, 3, 4]);
    expect(task.segments.map((s) => s.translatedText)).toEqual(tricky);
    expect(task.segments.map((s) => s.originalText)).toEqual(tricky.map((x) => `${x}!`));
    for (const s of task.segments) expect(s.startTime).toMatch(/^\d{2}:\d{2}:\d{2},\d{3}$/);
    // the editor's read sends the database's JSON text as it is: the same characters come back
    const compact = expectSuccess<TaskWithLines>(
      await t.app.inject({
        method: 'GET',
        url: `/task/lines?id=${id}`,
        headers: { cookie: `user_sessionid=${token}` },
      }),
    );
    expect(compact.lines.map((l) => l[0])).toEqual([1, 2, 3, 4]);
    expect(compact.lines.map((l) => l[4])).toEqual(tricky);
    expect(compact.lines.map((l) => l[3])).toEqual(tricky.map((x) => `${x}!`));
  });

  it('saves edits with the version they were based on, and refuses a stale version', async () => {
    const { token, id } = await completedTask();
    expect((await get(token, id)).version).toBe(0);
    const saved = expectSuccess<{ version: number }>(
      await t.post(
        '/task/update_segments',
        {
          taskId: id,
          baseVersion: 0,
          segments: [
            { id: 2, translatedText: 'Fixed by hand' },
            { id: 3, originalText: 'Source fixed', startTime: '00:00:12,500', endTime: '00:00:14,000' },
          ],
        },
        { as: token },
      ),
    );
    expect(saved.version).toBe(1);
    const task = await get(token, id);
    expect(task.version).toBe(1);
    expect(task.segments[1]!.translatedText).toBe('Fixed by hand');
    expect(task.segments[2]).toMatchObject({
      originalText: 'Source fixed',
      startTime: '00:00:12,500',
      endTime: '00:00:14,000',
      duration: 1500,
    });
    // the export follows the edits
    const srt = (await t.post('/task/export', { id }, { as: token })).body;
    expect(srt).toContain('Fixed by hand');

    // another tab still on version 0, changing a line this edit changed
    const stale = expectFailure(
      await t.post(
        '/task/update_segments',
        { taskId: id, baseVersion: 0, segments: [{ id: 2, translatedText: 'Other tab' }] },
        { as: token },
      ),
      40905,
      409,
    );
    expect(stale.data).toMatchObject({ version: 1, baseVersion: 0, line: 2 });
    expect((await get(token, id)).segments[1]!.translatedText).toBe('Fixed by hand');
  });

  it('refuses impossible timings and unknown lines, saving nothing of the request', async () => {
    const { token, id } = await completedTask();
    const body = (segments: unknown[]) => ({ taskId: id, baseVersion: 0, segments });
    const reversed = expectFailure(
      await t.post(
        '/task/update_segments',
        body([
          { id: 1, translatedText: 'not saved' },
          { id: 2, startTime: '00:00:09,000', endTime: '00:00:08,000' },
        ]),
        { as: token },
      ),
      40000,
      400,
    );
    // the change that is wrong is named by its place in the request, in the user's language
    expect(reversed.msg).toBe('请求参数有误：第 2 项字幕修改有误，开始时间应早于结束时间，且不能为负');
    // only the start moves past the stored end
    expectFailure(
      await t.post('/task/update_segments', body([{ id: 2, startTime: '00:00:20,000' }]), { as: token }),
      40000,
      400,
    );
    expectFailure(
      await t.post(
        '/task/update_segments',
        body([
          { id: 1, translatedText: 'x' },
          { id: 99, translatedText: 'y' },
        ]),
        {
          as: token,
        },
      ),
      40403,
      404,
    );
    expectFailure(
      await t.post('/task/update_segments', body([{ id: 1, startTime: 'soon' }]), { as: token }),
      40000,
      400,
    );
    const task = await get(token, id);
    expect(task.version).toBe(0);
    expect(task.segments[0]!.translatedText).toBe(fakeTranslatedLine(task.segments[0]!.originalText, 'ja'));
    const stranger = await t.signUp();
    expectFailure(
      await t.post('/task/update_segments', body([{ id: 1, translatedText: 'mine now' }]), {
        as: stranger.token,
      }),
      40402,
      404,
    );
  });

  it('refuses edits while the task is still translating', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const task = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'busy.srt', data: makeSrt(30) }));
    engine.setDelay(400);
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
    expectFailure(
      await t.post(
        '/task/update_segments',
        { taskId: task.id, baseVersion: 0, segments: [{ id: 1, translatedText: 'early' }] },
        { as: u.token },
      ),
      40906,
      409,
    );
    expectFailure(
      await t.post('/task/retranslate', { taskId: task.id, segmentIds: [1] }, { as: u.token }),
      40906,
      409,
    );
  });

  it('re-translates a line with its neighbours as context through the task’s engine, ignoring a client URL', async () => {
    const { token, id } = await completedTask();
    expectSuccess(
      await t.post(
        '/task/update_segments',
        { taskId: id, baseVersion: 0, segments: [{ id: 3, translatedText: 'bad manual text' }] },
        { as: token },
      ),
    );
    engine.requests.splice(0);
    const answer = expectSuccess<RetranslateAnswer>(
      await t.post(
        '/task/retranslate',
        {
          taskId: id,
          segmentIds: [3],
          service: 'googlev2',
          apiUrl: 'http://127.0.0.1:9/steal',
          batchSize: 5,
          sourceLanguage: 'xx',
        },
        { as: token },
      ),
    );
    const task = await get(token, id);
    const original = task.segments[2]!.originalText;
    expect(answer).toEqual({
      version: 2,
      results: [
        {
          id: 3,
          success: true,
          translatedText: fakeTranslatedLine(original, 'ja'),
          error: null,
          // the fake's "translation" keeps the English, longer than 2 s allow in Japanese
          flags: ['source-language', 'over-budget'],
        },
      ],
      // only the asked line's characters are spent, not its context's
      quota: expect.objectContaining({ charsLeft: 20_000 - original.length, callsLeft: 999 }) as unknown,
      changed: [],
    });
    expect(task.segments[2]!.translatedText).toBe(fakeTranslatedLine(original, 'ja'));
    expect(task.version).toBe(2);
    expect(engine.requests).toHaveLength(1);
    expect(Object.values(engine.requests[0]!.lines)).toEqual([original]);
    expect(engine.requests[0]!.context_before).toEqual([
      task.segments[0]!.originalText,
      task.segments[1]!.originalText,
    ]);
    expect(engine.requests[0]!.context_after).toEqual([
      task.segments[3]!.originalText,
      task.segments[4]!.originalText,
    ]);
  });

  it('refuses a second re-translation of a line while the first runs; other lines go ahead', async () => {
    const { token, id } = await completedTask();
    engine.setDelay(600);
    engine.requests.splice(0);
    const first = t.post('/task/retranslate', { taskId: id, segmentIds: [2] }, { as: token });
    await until(() => engine.requests.some((r) => Object.keys(r.lines).length === 1));
    const second = expectSuccess<RetranslateAnswer>(
      await t.post('/task/retranslate', { taskId: id, segmentIds: [2, 4] }, { as: token }),
    );
    expect(second.results[0]).toMatchObject({
      id: 2,
      success: false,
      error: '该字幕正在重新翻译中',
    });
    expect(second.results[1]).toMatchObject({ id: 4, success: true });
    expect(expectSuccess<RetranslateAnswer>(await first).results[0]).toMatchObject({ id: 2, success: true });
    // once done, the line can be re-translated again
    engine.setDelay(0);
    const again = expectSuccess<RetranslateAnswer>(
      await t.post('/task/retranslate', { taskId: id, segmentIds: [2] }, { as: token }),
    );
    expect(again.results[0]!.success).toBe(true);
  });

  it('answers each line’s failure when the engine fails, keeping the text', async () => {
    const { token, id } = await completedTask();
    const before = await get(token, id);
    engine.setDown('http500');
    const answer = expectSuccess<RetranslateAnswer>(
      await t.post('/task/retranslate', { taskId: id, segmentIds: [1, 99] }, { as: token }),
    );
    expect(answer.version).toBe(before.version);
    expect(answer.results).toEqual([
      {
        id: 1,
        success: false,
        translatedText: before.segments[0]!.translatedText,
        error: '翻译失败，请稍后重试',
        // a failed line keeps its flags as stored
        flags: before.segments[0]!.flags,
      },
      { id: 99, success: false, translatedText: '', error: '字幕不存在', flags: [] },
    ]);
    expect((await get(token, id)).segments[0]!.translatedText).toBe(before.segments[0]!.translatedText);
    // the claim was released: the line is not stuck as "being re-translated"
    engine.setDown(null);
    const ok = expectSuccess<RetranslateAnswer>(
      await t.post('/task/retranslate', { taskId: id, segmentIds: [1] }, { as: token }),
    );
    expect(ok.results[0]!.success).toBe(true);
  });
});
