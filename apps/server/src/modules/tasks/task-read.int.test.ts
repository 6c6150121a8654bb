import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, type Task, type TaskWithLines, type TaskWithSegments } from '@subtrans/contract';
import { formatSrtTime } from '@subtrans/subtitles';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess, OWN_ORIGIN } from '../../../test/support/http.js';
import { makeSrt, uploadSrt } from '../../../test/support/tasks.js';
import { READ_PAGE_LINES } from './task-read.service.js';

/**
 * The largest task one user can make is bounded (LIMITS.maxCues), and reading any task, however
 * large (tasks made before the bound), goes page by page: the answer is the same as one read.
 */
describe(`large tasks: the cue bound, and reads page by page (${TEST_DB})`, () => {
  let t: TestApp;
  let user: Awaited<ReturnType<TestApp['signUp']>>;

  beforeAll(async () => {
    t = await startTestApp();
    user = await t.signUp();
  });
  afterAll(() => t.close());

  const tinyCues = (n: number) =>
    Array.from({ length: n }, (_, i) => `${i + 1}\n00:00:00,000 --> 00:00:00,001\nx\n`).join('\n');

  it('refuses a file of more cues than a task takes, saying how many and the bound', async () => {
    const res = await uploadSrt(t, user.token, { name: 'tiny.srt', data: tinyCues(LIMITS.maxCues + 1) });
    const body = expectFailure(res, 42216, 422);
    expect(body.data).toEqual({ count: LIMITS.maxCues + 1, max: LIMITS.maxCues });
    expect(body.msg).toContain(String(LIMITS.maxCues));
    const [{ n }] = (await t.ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM tasks WHERE user_id = $1',
      [user.id],
    )) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('takes a file of exactly as many cues as a task takes', async () => {
    const task = expectSuccess<Task>(
      await uploadSrt(t, user.token, { name: 'bound.srt', data: tinyCues(LIMITS.maxCues) }),
    );
    expect(task.segmentCount).toBe(LIMITS.maxCues);
    const [{ n, last }] = (await t.ctx.db.query<{ n: number; last: number }>(
      'SELECT count(*)::int AS n, max(position) AS last FROM task_segments WHERE task_id = $1',
      [task.id],
    )) as [{ n: number; last: number }];
    expect({ n, last }).toEqual({ n: LIMITS.maxCues, last: LIMITS.maxCues });
  }, 60_000);

  /** a task made before the bound: 2.5 pages of lines written straight into the database */
  async function taskOfLines(count: number): Promise<string> {
    const task = expectSuccess<Task>(await uploadSrt(t, user.token, { name: 'old.srt', data: makeSrt(1) }));
    await t.ctx.db.query('DELETE FROM task_segments WHERE task_id = $1', [task.id]);
    await t.ctx.db.query(
      `INSERT INTO task_segments (task_id, id, position, start_ms, end_ms, original_text, translated_text)
       SELECT $1, i, i, i * 1000, i * 1000 + 500, 'line ' || i || E' "quoted"\\n\\\\', CASE WHEN i % 2 = 0 THEN 'zeile ' || i END
         FROM generate_series(1, $2::int) AS i`,
      [task.id, count],
    );
    await t.ctx.db.query('UPDATE tasks SET segment_count = $2 WHERE id = $1', [task.id, count]);
    return task.id;
  }

  it('reads a task of more lines than a page, every line once and in order, by /task/get and /task/lines', async () => {
    const count = READ_PAGE_LINES * 2 + READ_PAGE_LINES / 2;
    const id = await taskOfLines(count);
    const got = expectSuccess<TaskWithSegments>(await t.post('/task/get', { id }, { as: user.token }));
    expect(got).toMatchObject({ id, segmentCount: count });
    expect(got.segments).toHaveLength(count);
    got.segments.forEach((s, i) => {
      const n = i + 1;
      expect(s).toEqual({
        id: n,
        startTime: formatSrtTime(n * 1000),
        endTime: formatSrtTime(n * 1000 + 500),
        originalText: `line ${n} "quoted"\n\\`,
        translatedText: n % 2 === 0 ? `zeile ${n}` : '',
        duration: 500,
        flags: [],
      });
    });
    const lines = await t.app.inject({
      method: 'GET',
      url: `/task/lines?id=${id}`,
      headers: { cookie: `user_sessionid=${user.token}`, origin: OWN_ORIGIN, 'accept-encoding': 'gzip' },
    });
    expect(lines.headers['content-encoding']).toBe('gzip');
    const compact = expectSuccess<TaskWithLines>(
      await t.app.inject({
        method: 'GET',
        url: `/task/lines?id=${id}`,
        headers: { cookie: `user_sessionid=${user.token}` },
      }),
    );
    expect(compact.lines.map((l) => l[0])).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(compact.lines[READ_PAGE_LINES]).toEqual([
      READ_PAGE_LINES + 1,
      (READ_PAGE_LINES + 1) * 1000,
      (READ_PAGE_LINES + 1) * 1000 + 500,
      `line ${READ_PAGE_LINES + 1} "quoted"\n\\`,
      '',
      [],
    ]);
  }, 60_000);

  it('reads a task of exactly one page, and one without lines, as valid JSON', async () => {
    for (const count of [READ_PAGE_LINES, 0]) {
      const id = await taskOfLines(count);
      const got = expectSuccess<TaskWithSegments>(await t.post('/task/get', { id }, { as: user.token }));
      expect(got.segments).toHaveLength(count);
    }
  });

  it('answers another user’s task, or none, with the not-found envelope before any line', async () => {
    const id = await taskOfLines(10);
    const stranger = await t.signUp();
    expectFailure(await t.post('/task/get', { id }, { as: stranger.token }), 40402, 404);
    const lines = await t.app.inject({
      method: 'GET',
      url: `/task/lines?id=${id}`,
      headers: { cookie: `user_sessionid=${stranger.token}` },
    });
    expectFailure(lines, 40402, 404);
  });
});
