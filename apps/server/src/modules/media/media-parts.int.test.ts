import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PartQuote, Task, TaskWithSegments } from '@subtrans/contract';
import { CUT_MARGIN_MS, parseTimestamp } from '@subtrans/subtitles';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { envelope, expectFailure, expectSuccess } from '../../../test/support/http.js';
import { makeSpeechMedia, type MadeMedia } from '../../../test/support/media.js';
import { detection, submitMedia } from '../../../test/support/media-storage.js';
import { grantPoints } from '../../../test/support/tasks.js';
import { startTranscriptionServer } from '../../../test/support/transcription-server.js';
import { fakeTranslatedLine, startOpenAiServer } from '../../../test/support/translation-servers.js';
import { until } from '../../../test/support/until.js';
import { getBalance, getHeld } from '../billing/ledger.service.js';
import { expireUnexecutedMedia } from './retention.service.js';

const KEY = 'ds-key';
const MINUTE = 60_000;
/** a segment's time (SRT text) in ms */
const ms = (time: string) => parseTimestamp(time)!;
/** what the speech server "hears" in each part: its lines tell the parts apart */
const script = (part: string) =>
  Array.from({ length: 12 }, (_, i) => `In part ${part} the harbour speaks its line ${i + 1}.`);

describe(`an audio/video file translated in parts: issue 34 (${TEST_DB})`, () => {
  let dir: string;
  let stt: Awaited<ReturnType<typeof startTranscriptionServer>>;
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;
  /** a little over 2 minutes: 30 points whole, 10 points buy its first minute */
  let audio: MadeMedia;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-parts-'));
    audio = await makeSpeechMedia(dir, {
      text: 'The harbour opens at dawn.',
      format: 'mp3',
      fileName: 'harbour.mp3',
      padSeconds: 124,
    });
    stt = await startTranscriptionServer({ apiKey: 'stt-key' });
    engine = await startOpenAiServer(KEY);
    t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: KEY,
        DEEPSEEK_BASE_URL: engine.url,
        STT_BASE_URL: stt.baseUrl,
        STT_API_KEY: 'stt-key',
        STT_MODEL: 'whisper-large-v3',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await stt?.close();
    await engine?.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    stt.reset();
  });

  const getTask = async (token: string, id: string) =>
    expectSuccess<TaskWithSegments>(await t.post('/task/get', { id }, { as: token }));
  const settled = (token: string, id: string) =>
    until(async () => {
      const task = await getTask(token, id);
      return task.status !== 'translating' && task.status !== 'processing' && task;
    }, 60_000);
  const kinds = async (userId: number) =>
    (
      await t.ctx.db.query<{ kind: string; amount: string | number }>(
        `SELECT kind, amount FROM ledger_entries WHERE user_id = $1 ORDER BY id`,
        [userId],
      )
    ).map((e) => `${e.kind} ${Number(e.amount)}`);
  const audioDone = async (id: string) =>
    (
      await t.ctx.db.query<{
        audio_done_ms: number | null;
        charged_points: number;
        media_key: string | null;
      }>(`SELECT audio_done_ms, charged_points, media_key FROM tasks WHERE id = $1`, [id])
    )[0]!;
  /** the lines the engine was asked to translate since `since` requests */
  const askedLines = (since: number) => engine.requests.slice(since).flatMap((r) => Object.values(r.lines));
  const transcribedMs = () => stt.requests.reduce((sum, r) => sum + r.durationMs, 0);

  /** a user with 10 points, the file detected, and its first minute translated */
  async function firstMinuteDone() {
    const u = await t.signUp();
    await grantPoints(t, u.id, 10);
    const { taskId } = await submitMedia(t, u.token, { path: audio.path, name: 'harbour.mp3', type: 1 });
    const d = await detection(t, u.token, taskId);
    expect(d.estimatedPoints).toBe(30);
    stt.setScript(script('one'));
    const asked = engine.requests.length;
    // a hostile limit and forged fields: the server's balance decides (10 points: one minute)
    expectSuccess(
      await t.post(
        '/file/submit_execute_task',
        {
          taskId,
          targetLau: 'ja',
          transEngin: 2,
          part: { maxPoints: 100_000, minutes: 3, endMs: 180_000 },
          estimatedPoints: 1,
        },
        { as: u.token },
      ),
    );
    expect(await getHeld(t.ctx.db, u.id)).toBe(10);
    const done = await settled(u.token, taskId);
    return { u, id: taskId, done, asked };
  }

  it('transcribes and translates only the minute paid for, cut at a cue, then the rest once points are bought', async () => {
    const { u, id, done, asked } = await firstMinuteDone();
    // only the first minute of audio went to the speech server
    expect(stt.requests).toHaveLength(1);
    expect(Math.abs(transcribedMs() - MINUTE)).toBeLessThanOrEqual(100);
    const first = await audioDone(id);
    const lines = done.segments.length;
    expect(lines).toBeGreaterThan(2);
    // the cue reaching the minute's end (speech cut mid-word) waits for the next part
    expect(first.audio_done_ms).toBe(ms(done.segments.at(-1)!.endTime));
    expect(first.audio_done_ms).toBeLessThan(MINUTE - CUT_MARGIN_MS);
    expect(done).toMatchObject({
      status: 'completed',
      executeStatus: 4,
      estimatedPoints: 10,
      partial: {
        translatedThrough: lines,
        remainingLines: null,
        remainingMs: done.duration - first.audio_done_ms!,
        restPoints: 20,
        chargedPoints: 10,
      },
    });
    // every line of the part translated, and only those asked
    expect(done.segments.map((s) => s.translatedText)).toEqual(
      done.segments.map((s) => fakeTranslatedLine(s.originalText, 'ja')),
    );
    expect(new Set(askedLines(asked))).toEqual(new Set(done.segments.map((s) => s.originalText)));
    expect(await kinds(u.id)).toEqual(['grant 10', 'hold -10', 'capture 0']);
    // its file stays while the rest is to come (the expiry of unexecuted media skips it)
    await expireUnexecutedMedia(t.ctx);
    expect((await audioDone(id)).media_key).toBeTruthy();
    expect(done.mediaExpiresAt).toBeNull();

    // no points: refused with what the rest (or its next minute) costs, nothing held
    const short = expectFailure(await t.post('/task/translate_rest', { id }, { as: u.token }), 40200, 402);
    expect(short.data).toEqual({ needed: 20, current: 0 });
    const none = expectFailure(
      await t.post('/task/translate_rest', { id, part: { maxPoints: 999 } }, { as: u.token }),
      40200,
      402,
    );
    expect(none.data).toEqual({ needed: 10, current: 0 });
    expect(stt.requests).toHaveLength(1);

    await grantPoints(t, u.id, 100);
    const quote = expectSuccess<PartQuote>(await t.post('/task/part_quote', { id }, { as: u.token }));
    expect(quote).toEqual({
      balance: 100,
      rest: {
        fromLine: lines + 1,
        toLine: null,
        startMs: first.audio_done_ms,
        endMs: done.duration,
        points: 20,
      },
      part: null,
      nextLinePoints: 10,
    });
    stt.setScript(script('two'));
    const asked2 = engine.requests.length;
    // two continues at once: one claims the task and holds; the other holds nothing
    const answers = await Promise.all([
      t.post('/task/translate_rest', { id }, { as: u.token }),
      t.post('/task/translate_rest', { id }, { as: u.token }),
    ]);
    expect(answers.map((a) => envelope(a).code).sort()).toEqual([20000, 40904]);
    expect(await getHeld(t.ctx.db, u.id)).toBe(20);
    const whole = await settled(u.token, id);
    // the rest of the audio from where the first part stopped, once
    expect(stt.requests).toHaveLength(2);
    expect(
      Math.abs(stt.requests[1]!.durationMs - (whole.duration - first.audio_done_ms!)),
    ).toBeLessThanOrEqual(150);
    expect(whole).toMatchObject({ status: 'completed', partial: null, error: null, executeStatus: 4 });
    // the first part's lines as they were, the new ones after them in time, all translated
    expect(whole.segments.slice(0, lines)).toEqual(done.segments);
    const added = whole.segments.slice(lines);
    expect(added.length).toBeGreaterThan(2);
    expect(added.every((s) => s.originalText.startsWith('In part two'))).toBe(true);
    expect(ms(added[0]!.startTime)).toBeGreaterThanOrEqual(first.audio_done_ms!);
    for (const [i, s] of whole.segments.entries()) {
      expect(s.id).toBe(i + 1);
      if (i > 0) expect(ms(s.startTime)).toBeGreaterThanOrEqual(ms(whole.segments[i - 1]!.endTime));
    }
    expect(Math.abs(ms(added.at(-1)!.endTime) - whole.duration)).toBeLessThanOrEqual(500);
    expect(whole.segments.map((s) => s.translatedText)).toEqual(
      whole.segments.map((s) => fakeTranslatedLine(s.originalText, 'ja')),
    );
    // only the new lines were sent to the engine
    expect(new Set(askedLines(asked2))).toEqual(new Set(added.map((s) => s.originalText)));
    // two holds, two captures: together the whole file's price
    expect(await kinds(u.id)).toEqual([
      'grant 10',
      'hold -10',
      'capture 0',
      'grant 100',
      'hold -20',
      'capture 0',
    ]);
    expect(await audioDone(id)).toMatchObject({ audio_done_ms: null, charged_points: 30 });
    expect(await getBalance(t.ctx.db, u.id)).toBe(80);
    expectFailure(await t.post('/task/translate_rest', { id }, { as: u.token }), 40950, 409);
  });

  it('continues by the minute too; a part that fails gives back only its own hold and lines', async () => {
    const { u, id, done } = await firstMinuteDone();
    const lines = done.segments.length;
    const doneMs = (await audioDone(id)).audio_done_ms!;
    await grantPoints(t, u.id, 10);
    // the speech server refuses the next part: the first part stays as it was
    stt.failNext(400, undefined, 3);
    expectSuccess(await t.post('/task/translate_rest', { id, part: {} }, { as: u.token }));
    const failed = await settled(u.token, id);
    expect(failed).toMatchObject({
      status: 'completed',
      errorKey: 'MEDIA_TRANSCRIPTION_FAILED',
      partial: { translatedThrough: lines, restPoints: 20, chargedPoints: 10 },
    });
    expect(failed.segments).toEqual(done.segments);
    expect(await getBalance(t.ctx.db, u.id)).toBe(10);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    expect((await kinds(u.id)).slice(-2)).toEqual(['hold -10', 'release 10']);

    // again: 10 points buy the second minute, from where the first part stopped
    stt.reset();
    stt.setScript(script('two'));
    expectSuccess(await t.post('/task/translate_rest', { id, part: { maxPoints: 10 } }, { as: u.token }));
    const second = await settled(u.token, id);
    expect(Math.abs(transcribedMs() - (2 * MINUTE - doneMs))).toBeLessThanOrEqual(100);
    const after = await audioDone(id);
    expect(after.audio_done_ms).toBeGreaterThan(doneMs);
    expect(after.audio_done_ms).toBeLessThan(2 * MINUTE);
    expect(second.segments.length).toBeGreaterThan(lines);
    expect(ms(second.segments.at(-1)!.endTime)).toBe(after.audio_done_ms);
    expect(second).toMatchObject({
      status: 'completed',
      error: null,
      partial: { restPoints: 10, chargedPoints: 20, remainingLines: null },
    });
    expect((await kinds(u.id)).slice(-2)).toEqual(['hold -10', 'capture 0']);
    // the list says what is left
    const list = expectSuccess<{ list: Task[] }>(
      await t.post('/task/list', { page: 1, size: 5 }, { as: u.token }),
    );
    expect(list.list.find((x) => x.id === id)!.partial).toMatchObject({ restPoints: 10 });
  });

  it('refuses a balance that covers not one minute, holding nothing', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 9);
    const { taskId } = await submitMedia(t, u.token, { path: audio.path, name: 'harbour.mp3', type: 1 });
    await detection(t, u.token, taskId);
    const quote = expectSuccess<PartQuote>(await t.post('/task/part_quote', { id: taskId }, { as: u.token }));
    expect(quote).toMatchObject({ balance: 9, part: null, rest: { fromLine: 1, toLine: null, points: 30 } });
    const refused = expectFailure(
      await t.post(
        '/file/submit_execute_task',
        { taskId, targetLau: 'ja', transEngin: 2, part: { maxPoints: 30 } },
        { as: u.token },
      ),
      40200,
      402,
    );
    expect(refused.data).toEqual({ needed: 10, current: 9 });
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    expect((await getTask(u.token, taskId)).status).toBe('pending');
    expect(stt.requests).toHaveLength(0);
  });
});
