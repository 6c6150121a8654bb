import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Task, TaskWithSegments } from '@subtrans/contract';
import { parseSrt, parseVtt } from '@subtrans/subtitles';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../../test/support/http.js';
import { filmLine, grantPoints, makeSrt, roomySrt, uploadSrt } from '../../../../test/support/tasks.js';
import { fakeTranslatedLine, startOpenAiServer } from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';
import { S3_TEST_CREDENTIALS, startS3Server } from '../../../../test/support/s3-server.js';
import { getBalance, getHeld } from '../../billing/ledger.service.js';
import { sweepStuckTasks } from './task-run.service.js';

const KEY = 'ds-key';

describe(`running a translation task (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;

  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: KEY,
        DEEPSEEK_BASE_URL: engine.url,
        TRANSLATE_BATCH_SIZE: '5',
        TRANSLATE_CONCURRENCY: '2',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });
  beforeEach(() => {
    engine.setDelay(0);
    engine.setDown(null);
  });

  async function userWith(points: number) {
    const u = await t.signUp();
    if (points) await grantPoints(t, u.id, points);
    return u;
  }

  const getTask = async (token: string, id: string) =>
    expectSuccess<TaskWithSegments>(await t.post('/task/get', { id }, { as: token }));

  const ledger = (userId: number) =>
    t.ctx.db.query<{ kind: string; amount: number; reference_id: string | null }>(
      `SELECT kind, amount, reference_id FROM ledger_entries WHERE user_id = $1 ORDER BY id`,
      [userId],
    );

  it('holds the cost, translates in batches with rising progress, captures once, stores and exports the result', async () => {
    const u = await userWith(100);
    // 25 cues, the last ending at 2:26 → 3 started minutes → 30 points
    const created = expectSuccess<Task>(
      await uploadSrt(t, u.token, { name: 'film.srt', data: makeSrt(25) }, { targetLanguage: 'ja' }),
    );
    expect(created.estimatedPoints).toBe(30);
    engine.setDelay(150);
    const started = expectSuccess<Task>(await t.post('/task/start', { id: created.id }, { as: u.token }));
    expect(started.status).toBe('translating');
    expect(started.translationStartTime).not.toBeNull();
    expect(await getBalance(t.ctx.db, u.id)).toBe(70);
    expect(await getHeld(t.ctx.db, u.id)).toBe(30);
    expectFailure(await t.post('/task/start', { id: created.id }, { as: u.token }), 40904, 409);

    const seen: number[] = [];
    const done = await until(async () => {
      const task = await getTask(u.token, created.id);
      seen.push(task.translationProgress);
      return task.status === 'completed' && task;
    });
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.some((p) => p > 0 && p < 100)).toBe(true);
    expect(done).toMatchObject({
      translationProgress: 100,
      keptOriginal: 0,
      pointsError: null,
      uploadError: null,
    });
    expect(done.translationEndTime).not.toBeNull();
    expect(done.segments).toHaveLength(25);
    expect(done.segments.map((s) => s.translatedText)).toEqual(
      parseSrt(makeSrt(25)).map((c) => fakeTranslatedLine(c.text, 'ja')),
    );
    // 25 lines in batches of 5, timecodes never sent
    expect(engine.requests.filter((r) => Object.keys(r.lines).length === 5)).toHaveLength(5);
    expect(JSON.stringify(engine.requests)).not.toContain('-->');

    expect(await getBalance(t.ctx.db, u.id)).toBe(70);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    const entries = await ledger(u.id);
    expect(entries.map((e) => e.kind)).toEqual(['grant', 'hold', 'capture']);

    // the stored result is the translated SRT
    const [row] = await t.ctx.db.query<{ result_key: string }>(`SELECT result_key FROM tasks WHERE id = $1`, [
      created.id,
    ]);
    expect(row!.result_key).toMatch(/^translated-files\/file_\d+_[0-9a-f]+\.srt$/);
    const stored = await t.ctx.storage.get(row!.result_key);
    const chunks: Buffer[] = [];
    for await (const c of stored!.body) chunks.push(c as Buffer);
    expect(parseSrt(Buffer.concat(chunks).toString('utf8')).map((c) => c.text)).toEqual(
      done.segments.map((s) => s.translatedText),
    );

    // exports: SRT, bilingual SRT, WebVTT; timings equal the input's
    const srt = await t.post('/task/export', { id: created.id }, { as: u.token });
    expect(srt.statusCode).toBe(200);
    expect(srt.headers['content-disposition']).toContain('film.ja.srt');
    const input = parseSrt(makeSrt(25));
    const out = parseSrt(srt.body);
    expect(out.map((c) => [c.startMs, c.endMs])).toEqual(input.map((c) => [c.startMs, c.endMs]));
    expect(out[0]!.text).toBe(fakeTranslatedLine(input[0]!.text, 'ja'));
    const both = parseSrt(
      (await t.post('/task/export', { id: created.id, includeOriginal: true }, { as: u.token })).body,
    );
    expect(both[3]!.text).toBe(`${input[3]!.text}\n${fakeTranslatedLine(input[3]!.text, 'ja')}`);
    const flipped = parseSrt(
      (
        await t.post(
          '/task/export',
          { id: created.id, includeOriginal: true, originalFirst: false },
          { as: u.token },
        )
      ).body,
    );
    expect(flipped[3]!.text).toBe(`${fakeTranslatedLine(input[3]!.text, 'ja')}\n${input[3]!.text}`);
    const vtt = await t.post('/task/export', { id: created.id, format: 'vtt' }, { as: u.token });
    expect(vtt.headers['content-type']).toContain('text/vtt');
    expect(parseVtt(vtt.body)).toHaveLength(25);
    const stranger = await t.signUp();
    expectFailure(await t.post('/task/export', { id: created.id }, { as: stranger.token }), 40402, 404);
    expectFailure(
      await t.post('/task/export', { id: created.id, format: 'docx' }, { as: u.token }),
      40000,
      400,
    );
  });

  it('refuses a start it cannot pay for: 40200 with the amounts, the task stays pending, nothing is held', async () => {
    const u = await userWith(10);
    const task = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'a.srt', data: makeSrt(25) }));
    const res = expectFailure(await t.post('/task/start', { id: task.id }, { as: u.token }), 40200, 402);
    expect(res.data).toEqual({ needed: 30, current: 10 });
    expect((await getTask(u.token, task.id)).status).toBe('pending');
    expect(await getBalance(t.ctx.db, u.id)).toBe(10);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    expectFailure(await t.post('/task/export', { id: task.id }, { as: u.token }), 40903, 409);
  });

  it('lets two concurrent starts of one task run it once and hold once', async () => {
    const u = await userWith(100);
    const task = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'b.srt', data: makeSrt(5) }));
    const answers = await Promise.all([
      t.post('/task/start', { id: task.id }, { as: u.token }),
      t.post('/task/start', { id: task.id }, { as: u.token }),
    ]);
    expect(answers.map((a) => a.json<{ code: number }>().code).sort()).toEqual([20000, 40904]);
    await until(async () => (await getTask(u.token, task.id)).status === 'completed');
    expect((await ledger(u.id)).map((e) => e.kind)).toEqual(['grant', 'hold', 'capture']);
    expect(await getBalance(t.ctx.db, u.id)).toBe(90);
  });

  it('fails the task and gives the points back when the engine keeps failing; it can be started again', async () => {
    const u = await userWith(100);
    const task = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'c.srt', data: makeSrt(10) }));
    engine.setDown('http500');
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
    const failed = await until(async () => {
      const x = await getTask(u.token, task.id);
      return x.status === 'failed' && x;
    });
    expect(failed.error).toContain('HTTP 500');
    expect(await getBalance(t.ctx.db, u.id)).toBe(100);
    expect((await ledger(u.id)).map((e) => e.kind)).toEqual(['grant', 'hold', 'release']);

    engine.setDown(null);
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
    const done = await until(async () => {
      const x = await getTask(u.token, task.id);
      return x.status === 'completed' && x;
    });
    expect(done.error).toBeNull();
    expect(await getBalance(t.ctx.db, u.id)).toBe(90);
    expect((await ledger(u.id)).map((e) => e.kind)).toEqual(['grant', 'hold', 'release', 'hold', 'capture']);
  });

  it('refuses an engine that is not configured or not implemented before holding anything', async () => {
    const u = await userWith(100);
    for (const [service, code, status] of [
      ['openai', 50302, 503],
      ['deepl', 50101, 501],
    ] as const) {
      const task = expectSuccess<Task>(
        await uploadSrt(
          t,
          u.token,
          { name: 'd.srt', data: makeSrt(3) },
          {
            targetLanguage: 'fr',
            translationService: service,
          },
        ),
      );
      expectFailure(await t.post('/task/start', { id: task.id }, { as: u.token }), code, status);
      expect((await getTask(u.token, task.id)).status).toBe('pending');
    }
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
  });

  it('gives the points back when a running task is deleted, and its job stops', async () => {
    const u = await userWith(100);
    // roomy cues (nothing to condense: progress shows after the first round) and 1 s calls: after
    // the first of 4 rounds, 3 s are left to delete it in, however slow the machine
    const lines = Array.from({ length: 40 }, (_, i) => filmLine(i + 1));
    const task = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'e.srt', data: roomySrt(lines) }));
    engine.setDelay(1000);
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
    expect(await getHeld(t.ctx.db, u.id)).toBe(70);
    await until(async () => (await getTask(u.token, task.id)).translationProgress > 0);
    expectSuccess(await t.post('/task/delete', { id: task.id }, { as: u.token }));
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    expect(await getBalance(t.ctx.db, u.id)).toBe(100);
    const before = engine.requests.length;
    await new Promise((r) => setTimeout(r, 2500));
    // the calls in flight finish, and each worker may have sent one more before their results
    // found the task gone (2 workers); then no batch is taken any more
    const after = engine.requests.length;
    expect(after - before).toBeLessThanOrEqual(4);
    await new Promise((r) => setTimeout(r, 1000));
    expect(engine.requests.length).toBe(after);
    expect((await ledger(u.id)).map((e) => e.kind)).toEqual(['grant', 'hold', 'release']);
  });

  it('completes with uploadError when the result cannot be stored, and still charges once', async () => {
    const u = await userWith(100);
    const task = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'f.srt', data: makeSrt(3) }));
    // a file where the result folder belongs: the disk refuses the write
    const root = path.join(t.ctx.env.DATA_DIR, 'objects');
    await mkdir(root, { recursive: true });
    const blocker = path.join(root, 'translated-files');
    await rm(blocker, { recursive: true, force: true });
    await writeFile(blocker, 'not a folder');
    try {
      expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
      const done = await until(async () => {
        const x = await getTask(u.token, task.id);
        return x.status === 'completed' && x;
      });
      expect(done.uploadError).toBeTruthy();
      expect(done.pointsError).toBeNull();
      expect(await getBalance(t.ctx.db, u.id)).toBe(90);
      // the download still works: it is built from the segments
      expect((await t.post('/task/export', { id: task.id }, { as: u.token })).statusCode).toBe(200);
    } finally {
      await rm(blocker, { force: true });
    }
  });

  it('translates offline with Apertium (the real command, English → Spanish)', async () => {
    const u = await userWith(100);
    const task = expectSuccess<Task>(
      await uploadSrt(
        t,
        u.token,
        {
          name: 'cat.srt',
          data: makeSrt(4, (i) =>
            i === 2
              ? 'The cat is black.'
              : i === 4
                ? 'He grunts and chuckles, Wade.'
                : `Good morning, friend number ${i}.`,
          ),
        },
        { targetLanguage: 'es', translationService: 'apertium' },
      ),
    );
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
    const done = await until(async () => {
      const x = await getTask(u.token, task.id);
      return (x.status === 'completed' || x.status === 'failed') && x;
    });
    expect(done.error).toBeNull();
    expect(done.status).toBe('completed');
    expect(done.segments[1]!.translatedText).toContain('gato');
    expect(done.keptOriginal).toBe(0);
    // issue 36: the words Apertium could not translate flag their line, without its marks
    const grunts = done.segments[3]!;
    expect(grunts.translatedText).toMatch(/grunts/);
    expect(grunts.translatedText).not.toMatch(/[*\uE000]/u);
    expect(grunts.flags).toContain('source-language');
    expect(done.segments[1]!.flags).not.toContain('source-language');
  });

  it('the sweep fails a running task whose job is gone and gives its points back', async () => {
    const u = await userWith(100);
    const task = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 'g.srt', data: makeSrt(5) }));
    engine.setDelay(2000);
    const before = engine.requests.length;
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
    // its worker is inside its batch's call (2 s): no write of its own (the brief's, the
    // progress) lands between the next two steps
    await until(() => engine.requests.length > before);
    // a task claimed as running whose job no longer exists (as after a lost worker on its last attempt)
    await t.ctx.db.query(
      `UPDATE tasks SET job_id = gen_random_uuid()::text, updated_at = now() - interval '1 hour' WHERE id = $1`,
      [task.id],
    );
    expect(await sweepStuckTasks(t.ctx)).toBe(1);
    const x = await getTask(u.token, task.id);
    expect(x.status).toBe('failed');
    expect(x.error).toContain('interrupted');
    expect(await getBalance(t.ctx.db, u.id)).toBe(100);
  });
});

describe(`the translated SRT goes to S3-compatible storage when S3_* is set (${TEST_DB})`, () => {
  it('stores the result under translated-files/ in the bucket', async () => {
    const engine = await startOpenAiServer(KEY);
    const s3 = await startS3Server();
    const t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: KEY,
        DEEPSEEK_BASE_URL: engine.url,
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
        S3_FORCE_PATH_STYLE: 'true',
      },
    });
    try {
      const u = await t.signUp();
      await grantPoints(t, u.id, 10);
      const task = expectSuccess<Task>(await uploadSrt(t, u.token, { name: 's3.srt', data: makeSrt(2) }));
      expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
      await until(async () => {
        const [r] = await t.ctx.db.query<{ status: string }>(`SELECT status FROM tasks WHERE id = $1`, [
          task.id,
        ]);
        return r?.status === 'completed';
      });
      const [row] = await t.ctx.db.query<{ result_key: string; upload_error: string | null }>(
        `SELECT result_key, upload_error FROM tasks WHERE id = $1`,
        [task.id],
      );
      expect(row!.upload_error).toBeNull();
      const res = await fetch(`${s3.endpoint}/${s3.bucket}/${row!.result_key}`);
      expect(res.status).toBe(200);
      expect(parseSrt(await res.text()).map((c) => c.text)).toEqual(
        parseSrt(makeSrt(2)).map((c) => fakeTranslatedLine(c.text, 'ja')),
      );
    } finally {
      await t.close();
      await s3.close();
      await engine.close();
    }
  });
});
