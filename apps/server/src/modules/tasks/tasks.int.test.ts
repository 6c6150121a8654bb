import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedList, Task, TaskWithLines, TaskWithSegments } from '@subtrans/contract';
import { parseTimestamp } from '@subtrans/subtitles';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { uploadSrt } from '../../../test/support/tasks.js';

const SRT =
  '1\r\n00:00:01,000 --> 00:00:02,500\r\nHello there, how are you today?\r\n\r\n2\r\n00:01:00,5 --> 00:01:02,000\r\nI am fine, thank you very much.\r\n';

describe(`subtitle tasks (${TEST_DB})`, () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startTestApp();
    token = (await t.signUp()).token;
  });
  afterAll(() => t.close());

  const upload = (
    as: string,
    file: { name: string; data: Buffer | string } | null,
    fields?: Record<string, string>,
  ) => uploadSrt(t, as, file, fields);

  it('creates a pending task: parsed, language detected, cost of 10 points per started minute', async () => {
    const task = expectSuccess<Task>(await upload(token, { name: 'movie.srt', data: SRT }));
    expect(task).toMatchObject({
      fileName: 'movie.srt',
      status: 'pending',
      originalLanguage: 'en',
      detectedLanguage: 'en',
      targetLanguage: 'ja',
      translationService: 'deepseek',
      includeOriginalText: false,
      segmentCount: 2,
      duration: 62_000,
      estimatedPoints: 20,
      translationProgress: 0,
    });
    const full = expectSuccess<TaskWithSegments>(await t.post('/task/get', { id: task.id }, { as: token }));
    expect(full.segments).toEqual([
      {
        id: 1,
        startTime: '00:00:01,000',
        endTime: '00:00:02,500',
        originalText: 'Hello there, how are you today?',
        translatedText: '',
        duration: 1500,
        flags: [],
      },
      {
        id: 2,
        startTime: '00:01:00,500',
        endTime: '00:01:02,000',
        originalText: 'I am fine, thank you very much.',
        translatedText: '',
        duration: 1500,
        flags: [],
      },
    ]);
  });

  it('keeps the chosen source language, reads GBK files, and lists newest first without segments', async () => {
    const other = (await t.signUp()).token;
    const gbk = Buffer.concat([
      Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n'),
      Buffer.from([
        0xc4, 0xe3, 0xba, 0xc3, 0xa3, 0xac, 0xbd, 0xf1, 0xcc, 0xec, 0xcc, 0xec, 0xc6, 0xf8, 0xba, 0xdc, 0xba,
        0xc3, 0x0a,
      ]),
    ]);
    const a = expectSuccess<Task>(
      await upload(other, { name: 'a.srt', data: gbk }, { targetLanguage: 'en' }),
    );
    expect(a.detectedLanguage).toBe('zh-CN');
    const b = expectSuccess<Task>(
      await upload(
        other,
        { name: 'B.SRT', data: SRT },
        { targetLanguage: 'fr', originalLanguage: 'de', includeOriginalText: 'true' },
      ),
    );
    expect(b).toMatchObject({ originalLanguage: 'de', detectedLanguage: 'en', includeOriginalText: true });
    const list = expectSuccess<PagedList<Task & { segments?: unknown }>>(
      await t.post('/task/list', { page: 1, size: 10 }, { as: other }),
    );
    expect(list.totalCount).toBe(2);
    expect(list.list.map((x) => x.id)).toEqual([b.id, a.id]);
    expect(list.list[0]!.segments).toBeUndefined();
  });

  it('refuses what SPEC §5 refuses, with a clear error and nothing stored', async () => {
    const u = (await t.signUp()).token;
    expectFailure(await upload(u, { name: 'notes.txt', data: SRT }), 41500, 415);
    expectFailure(await upload(u, { name: 'empty.srt', data: '' }), 42210, 422);
    // issue 37: a transcript is refused for what it is
    expectFailure(await upload(u, { name: 'notes.srt', data: 'no cues in here' }), 42230, 422);
    expectFailure(await upload(u, { name: 'big.srt', data: Buffer.alloc(5_242_881, 0x61) }), 41300, 413);
    expectFailure(await upload(u, null), 40000, 400);
    expectFailure(await upload(u, { name: 'x.srt', data: SRT }, { targetLanguage: 'auto' }), 40000, 400);
    expectFailure(await upload(u, { name: 'x.srt', data: SRT }, { targetLanguage: 'xx' }), 40000, 400);
    expectFailure(
      await upload(u, { name: 'x.srt', data: SRT }, { targetLanguage: 'ja', translationService: 'babel' }),
      40000,
      400,
    );
    expect(expectSuccess<PagedList<Task>>(await t.post('/task/list', {}, { as: u })).totalCount).toBe(0);
  });

  it('keeps each user to their own tasks, and deletes', async () => {
    const mine = expectSuccess<Task>(await upload(token, { name: 'mine.srt', data: SRT }));
    const stranger = (await t.signUp()).token;
    expectFailure(await t.post('/task/get', { id: mine.id }, { as: stranger }), 40402, 404);
    expectFailure(await t.post('/task/delete', { id: mine.id }, { as: stranger }), 40402, 404);
    expectFailure(await t.post('/task/get', { id: 'not-a-uuid' }, { as: token }), 40000, 400);
    expectFailure(await t.post('/task/list', {}), 40100, 401);
    expectSuccess(await t.post('/task/delete', { id: mine.id }, { as: token }));
    expectFailure(await t.post('/task/get', { id: mine.id }, { as: token }), 40402, 404);
  });

  it('answers GET /task/lines?id= with the task and its lines compact (what the editor reads), never cached', async () => {
    const mine = expectSuccess<Task>(await upload(token, { name: 'by-get.srt', data: SRT }));
    const get = (query: string, as?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/task/lines${query}`,
        headers: as ? { cookie: `user_sessionid=${as}` } : {},
      });
    const res = await get(`?id=${mine.id}`, token);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const { lines, ...task } = expectSuccess<TaskWithLines>(res);
    const { segments, ...byPost } = expectSuccess<TaskWithSegments>(
      await t.post('/task/get', { id: mine.id }, { as: token }),
    );
    // the same task, and the same segments as SPEC's form: [id, startMs, endMs, original, translation]
    expect(task).toEqual(byPost);
    expect(lines).toEqual([
      [1, 1000, 2500, 'Hello there, how are you today?', '', []],
      [2, 60500, 62000, 'I am fine, thank you very much.', '', []],
    ]);
    expect(
      lines.map(([id, start, end, original, translated]) => ({ id, start, end, original, translated })),
    ).toEqual(
      segments.map((s) => ({
        id: s.id,
        start: parseTimestamp(s.startTime),
        end: parseTimestamp(s.endTime),
        original: s.originalText,
        translated: s.translatedText,
      })),
    );
    // the same rules as /task/get: signed in, one's own task, a well-formed id
    expectFailure(await get(`?id=${mine.id}`), 40100, 401);
    expectFailure(await get(`?id=${mine.id}`, (await t.signUp()).token), 40402, 404);
    expectFailure(await get('?id=not-a-uuid', token), 40000, 400);
    expectFailure(await get('', token), 40000, 400);
    // a deleted task is not found
    expectSuccess(await t.post('/task/delete', { id: mine.id }, { as: token }));
    expectFailure(await get(`?id=${mine.id}`, token), 40402, 404);
  });

  it('compresses a long task for clients that accept it', async () => {
    const lines = Array.from(
      { length: 500 },
      (_, i) =>
        `${i + 1}\n00:00:${String(i % 60).padStart(2, '0')},000 --> 00:00:${String(i % 60).padStart(2, '0')},500\nLine number ${i + 1} of a long film.\n`,
    ).join('\n');
    const task = expectSuccess<Task>(await upload(token, { name: 'long.srt', data: lines }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/task/get',
      headers: {
        'content-type': 'application/json',
        'accept-encoding': 'gzip',
        cookie: `user_sessionid=${token}`,
        origin: 'http://localhost:80',
      },
      payload: JSON.stringify({ id: task.id }),
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(res.rawPayload).toString('utf8')) as { data: TaskWithSegments };
    expect(body.data.segments).toHaveLength(500);
    expect(res.rawPayload.length).toBeLessThan(JSON.stringify(body).length / 3);
    // the editor's compact read too (its text is sent as the database wrote it, then compressed)
    const compact = await t.app.inject({
      method: 'GET',
      url: `/task/lines?id=${task.id}`,
      headers: { 'accept-encoding': 'gzip', cookie: `user_sessionid=${token}` },
    });
    expect(compact.headers['content-encoding']).toBe('gzip');
    const read = JSON.parse(gunzipSync(compact.rawPayload).toString('utf8')) as { data: TaskWithLines };
    expect(read.data.lines).toHaveLength(500);
    expect(read.data.lines[499]).toEqual([500, 19000, 19500, 'Line number 500 of a long film.', '', []]);
  });
});
