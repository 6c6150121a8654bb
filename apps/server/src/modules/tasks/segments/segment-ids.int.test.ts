import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetranslateAnswer, SavedSegments, TaskWithSegments, VersionConflict } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../../test/support/http.js';
import { completedTaskOf, grantPoints, makeSrt } from '../../../../test/support/tasks.js';
import { startOpenAiServer } from '../../../../test/support/translation-servers.js';
import { openDb, type Db } from '../../../db/client.js';
import { migrate } from '../../../db/migrate.js';

const KEY = 'ids-key';

/** issue 35: a line's identity is its own id, and an edit is checked against the lines it touches */
describe(`segments with ids of their own (${TEST_DB})`, () => {
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
  const save = (token: string, taskId: string, baseVersion: number, segments: unknown[]) =>
    t.post('/task/update_segments', { taskId, baseVersion, segments }, { as: token });

  async function completedTask(cues = 6) {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const task = await completedTaskOf(t, u.token, makeSrt(cues), 'ids.srt');
    return { token: u.token, id: task.id };
  }

  it('saves two tabs editing different lines, and tells each what the other changed', async () => {
    const { token, id } = await completedTask();
    // both tabs opened the task at version 0
    const a = expectSuccess<SavedSegments>(await save(token, id, 0, [{ id: 2, translatedText: 'Tab A' }]));
    expect(a).toMatchObject({ version: 1, changed: [] });
    const b = expectSuccess<SavedSegments>(
      await save(token, id, 0, [{ id: 5, translatedText: 'Tab B', startTime: '00:00:21,000' }]),
    );
    expect(b.version).toBe(2);
    expect(b.segments.map((s) => s.id)).toEqual([5]);
    // tab B hears of tab A's line as it is now (its edit's own line is not repeated)
    expect(b.changed).toHaveLength(1);
    expect(b.changed[0]!.slice(0, 5)).toEqual([
      2,
      expect.any(Number),
      expect.any(Number),
      expect.any(String),
      'Tab A',
    ]);
    // tab A, still at version 1, saves again: it hears of tab B's line
    const a2 = expectSuccess<SavedSegments>(
      await save(token, id, 1, [{ id: 3, translatedText: 'Tab A again' }]),
    );
    expect(a2.version).toBe(3);
    expect(a2.changed.map((l) => [l[0], l[1], l[4]])).toEqual([[5, 21_000, 'Tab B']]);
    const task = await get(token, id);
    expect(task.version).toBe(3);
    expect(task.segments.map((s) => s.translatedText).slice(1, 5)).toEqual([
      'Tab A',
      'Tab A again',
      task.segments[3]!.translatedText,
      'Tab B',
    ]);
  });

  it('saves concurrent edits of different lines one after another; of one line, one of them', async () => {
    const { token, id } = await completedTask();
    const apart = await Promise.all([
      save(token, id, 0, [{ id: 1, translatedText: 'one' }]),
      save(token, id, 0, [{ id: 6, translatedText: 'six' }]),
    ]);
    expect(apart.map((r) => expectSuccess<SavedSegments>(r).version).sort()).toEqual([1, 2]);
    const same = await Promise.all(
      ['left', 'right'].map((text) => save(token, id, 2, [{ id: 3, translatedText: text }])),
    );
    expect(same.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const task = await get(token, id);
    expect(task.version).toBe(3);
    expect(['left', 'right']).toContain(task.segments[2]!.translatedText);
    expect([task.segments[0]!.translatedText, task.segments[5]!.translatedText]).toEqual(['one', 'six']);
  });

  it('refuses a tab changing a line another tab changed since, naming it, and saves nothing of it', async () => {
    const { token, id } = await completedTask();
    expectSuccess(await save(token, id, 0, [{ id: 4, translatedText: 'First tab' }]));
    const refused = expectFailure(
      await save(token, id, 0, [
        { id: 1, translatedText: 'would be fine alone' },
        { id: 4, translatedText: 'Second tab' },
      ]),
      40905,
      409,
    );
    const data = refused.data as VersionConflict;
    expect(data).toMatchObject({ version: 1, baseVersion: 0, line: 4 });
    expect(data.lines.map((l) => [l[0], l[4]])).toEqual([[4, 'First tab']]);
    expect(refused.msg).toContain('4');
    const task = await get(token, id);
    // nothing of the refused edit was stored, the first tab's text stands
    expect(task.version).toBe(1);
    expect(task.segments[0]!.translatedText).not.toBe('would be fine alone');
    expect(task.segments[3]!.translatedText).toBe('First tab');
    // once the second tab has seen version 1 it may change the line (keeping its own text)
    expectSuccess(await save(token, id, 1, [{ id: 4, translatedText: 'Second tab' }]));
    expect((await get(token, id)).segments[3]!.translatedText).toBe('Second tab');
  });

  it('answers a re-translation with the lines another tab changed since the editor’s version', async () => {
    const { token, id } = await completedTask();
    expectSuccess(await save(token, id, 0, [{ id: 6, translatedText: 'other tab' }]));
    const answer = expectSuccess<RetranslateAnswer>(
      await t.post('/task/retranslate', { taskId: id, segmentIds: [2], baseVersion: 0 }, { as: token }),
    );
    expect(answer.version).toBe(2);
    expect(answer.results[0]!.success).toBe(true);
    expect(answer.changed.map((l) => [l[0], l[4]])).toEqual([[6, 'other tab']]);
    // without a version the answer names none (SPEC's call)
    const plain = expectSuccess<RetranslateAnswer>(
      await t.post('/task/retranslate', { taskId: id, segmentIds: [3] }, { as: token }),
    );
    expect(plain.changed).toEqual([]);
  });

  it('exports lines in the order they play once a line is moved in time, numbered from 1', async () => {
    const { token, id } = await completedTask(4);
    const before = await get(token, id);
    // line 2 moved after line 4
    const end = before.segments[3]!.endTime;
    expectSuccess(await save(token, id, 0, [{ id: 2, startTime: '00:01:00,000', endTime: '00:01:02,000' }]));
    const srt = (await t.post('/task/export', { id }, { as: token })).body.replace(/\r\n/g, '\n');
    const blocks = srt.trim().split('\n\n');
    expect(blocks.map((b) => b.split('\n')[0])).toEqual(['1', '2', '3', '4']);
    expect(blocks[3]).toContain('00:01:00,000 --> 00:01:02,000');
    expect(blocks[3]).toContain(before.segments[1]!.translatedText);
    expect(blocks[2]).toContain(`--> ${end}`);
    // the editor keeps the stored order and the line its id
    expect((await get(token, id)).segments.map((s) => s.id)).toEqual([1, 2, 3, 4]);
  });
});

describe(`the migration to segment ids (${TEST_DB})`, () => {
  let db: Db;
  const schema = `seg_ids_${process.pid}_${Date.now()}`;

  beforeAll(async () => {
    db =
      TEST_DB === 'postgres'
        ? await openDb({ dataDir: 'memory://', databaseUrl: process.env.DATABASE_URL!, schema, poolSize: 2 })
        : await openDb({ dataDir: 'memory://' });
  });
  afterAll(async () => {
    if (TEST_DB === 'postgres') await db.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await db.close();
  });

  it('gives existing lines their positions as ids, so every id a client holds names the same line', async () => {
    await migrate(db, { before: '0034' });
    const [user] = await db.query<{ id: number }>(
      `INSERT INTO users (email, name) VALUES ('old@example.com', 'Old') RETURNING id`,
    );
    const [task] = await db.query<{ id: string }>(
      `INSERT INTO tasks (user_id, file_name, original_language, target_language, translation_service,
                          status, segment_count, duration_ms, estimated_points, version)
       VALUES ($1, 'old.srt', 'en', 'es', 'deepseek', 'completed', 3, 9000, 10, 7) RETURNING id`,
      [user!.id],
    );
    await db.query(
      `INSERT INTO task_segments (task_id, position, start_ms, end_ms, original_text, translated_text)
       SELECT $1, i, i * 1000, i * 1000 + 500, 'line ' || i, 'línea ' || i FROM generate_series(1, 3) AS i`,
      [task!.id],
    );
    expect(await migrate(db)).toContain('0034_segment_ids.sql');
    const rows = await db.query<{ id: number; position: number; version: number; translated_text: string }>(
      `SELECT id, position, version, translated_text FROM task_segments WHERE task_id = $1 ORDER BY position`,
      [task!.id],
    );
    expect(rows).toEqual([
      { id: 1, position: 1, version: 0, translated_text: 'línea 1' },
      { id: 2, position: 2, version: 0, translated_text: 'línea 2' },
      { id: 3, position: 3, version: 0, translated_text: 'línea 3' },
    ]);
    // the id is the key now; a position between two lines is a place of its own
    await expect(
      db.query(
        `INSERT INTO task_segments (task_id, id, position, start_ms, end_ms, original_text) VALUES ($1, 2, 9, 0, 1, 'x')`,
        [task!.id],
      ),
    ).rejects.toThrow();
    await db.query(
      `INSERT INTO task_segments (task_id, id, position, start_ms, end_ms, original_text) VALUES ($1, 4, 1.5, 1600, 1900, 'between')`,
      [task!.id],
    );
    const order = await db.query<{ id: number }>(
      `SELECT id FROM task_segments WHERE task_id = $1 ORDER BY position`,
      [task!.id],
    );
    expect(order.map((r) => r.id)).toEqual([1, 4, 2, 3]);
  });
});
