import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type {
  Glossary,
  RetranslateAnswer,
  RetranslateQuota,
  SavedSegments,
  Task,
  TaskWithSegments,
} from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../../test/support/http.js';
import { grantPoints, roomySrt, uploadSrt } from '../../../../test/support/tasks.js';
import {
  laidOut,
  startOpenAiServer,
  type ReceivedTranslation,
} from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';

const KEY = 'ds-key';

/** Source line → its translation at the first asking, and at each asking after (the last repeats). */
const FILM: [string, ...string[]][] = [
  ['Bruce, wake up.', 'ブルース、起きて。'],
  ['The night is long.', '夜は長い。'],
  ['Gotham needs you.', '街があなたを必要としている。', 'ゴッサムはあなたを必要としている。'],
  ['Nothing here.', 'ここには何もない。'],
  ['Call Alfred now.', '今すぐアルフレッドを呼んで。'],
  ['I work at Wayne Enterprises.', 'ウェイン社で働いています。', 'Wayne Enterprisesで働いています。'],
  ['Quiet line.', '静かな行。'],
  ['Another quiet line.', 'もう一つの静かな行。'],
  ['The Joker is back.', '道化師が戻ってきた。'],
  ['Bruce and the Joker.', 'ブルースとジョーカー。'],
  ['Plain words.', '平易な言葉。'],
  ['The end.', '終わり。'],
  ['One.', '一。'],
  ['Two.', '二。'],
  ['Three.', '三。'],
  ['Four.', '四。'],
];
const line = (n: number) => FILM[n - 1]![0];
const laid = (text: string) => laidOut(text, 'ja');

const BATMAN = [
  { source: 'Bruce', target: 'ブルース' },
  { source: 'Gotham', target: 'ゴッサム' },
  { source: 'Alfred', target: 'アルフレッド', note: 'the butler' },
  { source: 'Wayne Enterprises', keep: true },
];
const VILLAINS = [
  { source: 'bruce', target: 'ブル' },
  { source: 'Joker', target: 'ジョーカー' },
];

describe(`glossary terms in translation, re-translation and re-apply through /task/* (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;
  /** how often each source line was asked */
  const asked = new Map<string, number>();
  let answers = new Map(FILM.map(([source, ...renderings]) => [source, renderings]));

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: KEY,
        DEEPSEEK_BASE_URL: engine.url,
        TRANSLATE_BATCH_SIZE: '4',
        TRANSLATE_CONCURRENCY: '1',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });
  beforeEach(() => {
    asked.clear();
    answers = new Map(FILM.map(([source, ...renderings]) => [source, renderings]));
    engine.setTranslator((source) => {
      const n = asked.get(source) ?? 0;
      asked.set(source, n + 1);
      const renderings = answers.get(source) ?? [`${source} (ja)`];
      return renderings[Math.min(n, renderings.length - 1)]!;
    });
  });

  const glossary = async (token: string, name: string, entries: unknown[], targetLanguage = 'ja') =>
    expectSuccess<Glossary>(await t.post('/glossary/save', { name, targetLanguage, entries }, { as: token }));

  const get = async (token: string, id: string) =>
    expectSuccess<TaskWithSegments>(await t.post('/task/get', { id }, { as: token }));

  /**
   * Uploads and translates `lines` with these glossaries. h26b's upload option stores the ids
   * (glossaryIds at /task/create); until it lands the test puts them on the task itself.
   */
  async function translated(token: string, lines: readonly string[], glossaryIds: string[]) {
    const task = expectSuccess<Task>(
      await uploadSrt(
        t,
        token,
        { name: 'batman.srt', data: roomySrt(lines) },
        { originalLanguage: 'en', targetLanguage: 'ja' },
      ),
    );
    await t.ctx.db.query(`UPDATE tasks SET glossary_ids = $2::uuid[] WHERE id = $1`, [task.id, glossaryIds]);
    const from = engine.requests.length;
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: token }));
    const done = await until(async () => {
      const x = await get(token, task.id);
      return (x.status === 'completed' || x.status === 'failed') && x;
    }, 60_000);
    return { task: done, requests: engine.requests.slice(from) };
  }

  const sourcesOf = (r: ReceivedTranslation) => Object.values(r.lines);

  it('sends each batch only the terms its lines hold, asks the lines that lack one again once, then flags them', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 500);
    const batman = await glossary(u.token, 'Batman', BATMAN);
    const villains = await glossary(u.token, 'Villains', VILLAINS);
    const { task, requests } = await translated(
      u.token,
      FILM.map(([s]) => s),
      [batman.id, villains.id],
    );
    expect(task.status).toBe('completed');

    // four batches of four lines, each with the terms of its own lines (the first glossary's
    // Bruce over the second's), the last with none; then one call for the three lines that lacked one
    expect(requests.map(sourcesOf)).toEqual([
      [1, 2, 3, 4].map(line),
      [5, 6, 7, 8].map(line),
      [9, 10, 11, 12].map(line),
      [13, 14, 15, 16].map(line),
      [3, 6, 9].map(line),
    ]);
    expect(requests.map((r) => r.terms)).toEqual([
      [
        { source: 'Bruce', target: 'ブルース' },
        { source: 'Gotham', target: 'ゴッサム' },
      ],
      [
        { source: 'Alfred', target: 'アルフレッド', note: 'the butler' },
        { source: 'Wayne Enterprises', target: '', keep: true },
      ],
      [
        { source: 'Joker', target: 'ジョーカー' },
        { source: 'Bruce', target: 'ブルース' },
      ],
      undefined,
      [
        { source: 'Gotham', target: 'ゴッサム' },
        { source: 'Wayne Enterprises', target: '', keep: true },
        { source: 'Joker', target: 'ジョーカー' },
      ],
    ]);
    // the lines asked again are far apart: no neighbours are sent as their context
    expect(requests[4]).toMatchObject({ context_before: [], context_after: [] });
    expect(asked.get(line(9))).toBe(2);
    expect(asked.get(line(1))).toBe(1);

    const texts = task.segments.map((s) => s.translatedText);
    expect(texts[2]).toBe(laid('ゴッサムはあなたを必要としている。'));
    expect(texts[5]).toBe(laid('Wayne Enterprisesで働いています。'));
    expect(texts[8]).toBe(laid('道化師が戻ってきた。'));
    expect(task.segments.map((s) => s.flags)).toEqual(FILM.map((_, i) => (i === 8 ? ['term-missing'] : [])));
    expect(task.reviewCount).toBe(1);
  });

  it('re-applies a changed glossary to the lines that lack its terms, spending like re-translation', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 500);
    const batman = await glossary(u.token, 'Batman', BATMAN);
    const villains = await glossary(u.token, 'Villains', VILLAINS);
    const lines = [1, 2, 9, 10].map(line);
    const { task } = await translated(u.token, lines, [batman.id, villains.id]);
    expect(task.segments.map((s) => s.flags)).toEqual([[], [], ['term-missing'], []]);

    // the user renames Bruce in the glossary: lines 1 and 4 now lack it, line 3 still lacks the Joker
    const renamed = BATMAN.map((e) => (e.source === 'Bruce' ? { ...e, target: 'ブルース・ウェイン' } : e));
    expectSuccess(
      await t.post(
        '/glossary/save',
        { id: batman.id, name: 'Batman', targetLanguage: 'ja', entries: renamed },
        { as: u.token },
      ),
    );
    answers.set(line(1), ['ブルース・ウェイン、起きて。']);
    answers.set(line(10), ['ブルース・ウェインとジョーカー。']);
    const before = expectSuccess<RetranslateQuota>(
      await t.post('/task/retranslate_quota', {}, { as: u.token }),
    );
    const from = engine.requests.length;
    const answer = expectSuccess<RetranslateAnswer>(
      await t.post('/task/reapply', { id: task.id }, { as: u.token }),
    );

    expect(answer.results).toEqual([
      { id: 1, success: true, translatedText: laid('ブルース・ウェイン、起きて。'), error: null, flags: [] },
      {
        id: 3,
        success: true,
        translatedText: laid('道化師が戻ってきた。'),
        error: null,
        flags: ['term-missing'],
      },
      {
        id: 4,
        success: true,
        translatedText: laid('ブルース・ウェインとジョーカー。'),
        error: null,
        flags: [],
      },
    ]);
    expect(answer.version).toBe(task.version + 1);
    const sent = engine.requests.slice(from);
    expect(sent.flatMap(sourcesOf)).toEqual([1, 9, 10].map(line));
    expect(sent.flatMap((r) => r.terms ?? []).filter((x) => x.source === 'Bruce')[0]).toEqual({
      source: 'Bruce',
      target: 'ブルース・ウェイン',
    });
    // spent as /task/retranslate spends: a call per engine call (line 1, then lines 3 and 4 together;
    // issue 41), the characters of the lines taken
    expect(sent).toHaveLength(2);
    const chars = [1, 9, 10].map(line).reduce((n, s) => n + s.length, 0);
    expect(answer.quota).toMatchObject({
      callsLeft: before.callsLeft - 2,
      charsLeft: before.charsLeft - chars,
    });

    // the user's own edits: flags computed with the terms; then nothing is left to re-apply
    const lacking = expectSuccess<SavedSegments>(
      await t.post(
        '/task/update_segments',
        { taskId: task.id, baseVersion: answer.version, segments: [{ id: 1, translatedText: '起きて。' }] },
        { as: u.token },
      ),
    );
    expect(lacking.segments).toEqual([{ id: 1, flags: ['term-missing'] }]);
    const fixed = expectSuccess<SavedSegments>(
      await t.post(
        '/task/update_segments',
        {
          taskId: task.id,
          baseVersion: lacking.version,
          segments: [
            { id: 1, translatedText: 'ブルース・ウェイン、\n起きて。' },
            { id: 3, translatedText: 'ジョーカーが戻ってきた。' },
          ],
        },
        { as: u.token },
      ),
    );
    expect(fixed.segments).toEqual([
      { id: 1, flags: [] },
      { id: 3, flags: [] },
    ]);
    const calls = engine.requests.length;
    expectFailure(await t.post('/task/reapply', { id: task.id }, { as: u.token }), 40941, 409);
    expect(engine.requests.length).toBe(calls);
    const after = expectSuccess<RetranslateQuota>(
      await t.post('/task/retranslate_quota', {}, { as: u.token }),
    );
    expect(after).toMatchObject({ callsLeft: answer.quota.callsLeft, charsLeft: answer.quota.charsLeft });
  });

  it('sends the terms with a re-translation in the editor', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 500);
    const batman = await glossary(u.token, 'Batman', BATMAN);
    const { task } = await translated(u.token, [1, 2, 3].map(line), [batman.id]);
    const from = engine.requests.length;
    const answer = expectSuccess<RetranslateAnswer>(
      await t.post('/task/retranslate', { taskId: task.id, segmentIds: [3] }, { as: u.token }),
    );
    expect(engine.requests.slice(from).map((r) => r.terms)).toEqual([
      [{ source: 'Gotham', target: 'ゴッサム' }],
    ]);
    expect(answer.results[0]).toMatchObject({ id: 3, success: true, flags: [] });
  });

  it('translates with the glossaries still there: a deleted one, another user’s or another language’s are passed over', async () => {
    const u = await t.signUp();
    const stranger = await t.signUp();
    await grantPoints(t, u.id, 500);
    const deleted = await glossary(u.token, 'gone', [{ source: 'Bruce', target: 'X' }]);
    expectSuccess(await t.post('/glossary/delete', { id: deleted.id }, { as: u.token }));
    const theirs = await glossary(stranger.token, 'theirs', [{ source: 'Bruce', target: 'Y' }]);
    const french = await glossary(u.token, 'fr', [{ source: 'Bruce', target: 'Z' }], 'fr');
    const mine = await glossary(u.token, 'mine', [{ source: 'night', target: '夜' }]);
    const { task, requests } = await translated(u.token, [1, 2].map(line), [
      deleted.id,
      theirs.id,
      french.id,
      mine.id,
    ]);
    expect(task.status).toBe('completed');
    expect(requests.map((r) => r.terms)).toEqual([[{ source: 'night', target: '夜' }]]);
  });

  it('answers NOTHING_TO_REAPPLY for a task without glossaries, and TASK_BUSY before it is translated', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 500);
    const { task, requests } = await translated(u.token, [1, 9].map(line), []);
    expect(requests.every((r) => r.terms === undefined)).toBe(true);
    expectFailure(await t.post('/task/reapply', { id: task.id }, { as: u.token }), 40941, 409);
    const pending = expectSuccess<Task>(
      await uploadSrt(t, u.token, { name: 'p.srt', data: roomySrt([line(1)]) }),
    );
    expectFailure(await t.post('/task/reapply', { id: pending.id }, { as: u.token }), 40906, 409);
    expectFailure(
      await t.post('/task/reapply', { id: task.id }, { as: (await t.signUp()).token }),
      40402,
      404,
    );
  });
});
