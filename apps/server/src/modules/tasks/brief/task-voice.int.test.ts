import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExecutionState, Series, Task, TaskBrief } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectSuccess } from '../../../../test/support/http.js';
import { uploadMedia } from '../../../../test/support/media-upload.js';
import { grantPoints, makeSrt, uploadSrt } from '../../../../test/support/tasks.js';
import { silentWav, startTranscriptionServer } from '../../../../test/support/transcription-server.js';
import { startOpenAiServer, type ReceivedBrief } from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';
import { getHeld } from '../../billing/ledger.service.js';
import { sweepStuckMedia } from '../../media/media-sweep.service.js';

const KEY = 'ds-key';
const SCRIPT = ['Kenji tastes the dashi.', 'Aiko opens the shop.', 'The night is long.'];
const FILM = makeSrt(20, (i) => SCRIPT[i % 3]!.replace('.', ` ${i}.`));

/** The provider's brief: the names it finds, with its own proposals. */
function briefOfPart(req: ReceivedBrief) {
  const text = req.lines.join('\n');
  return {
    synopsis: 'A cook and a shop.',
    register: 'casual',
    characters: [
      ...(text.includes('Kenji') ? [{ name: 'Kenji', target: 'ケンジ', gender: 'male' }] : []),
      ...(text.includes('Aiko') ? [{ name: 'Aiko', target: 'アイコ', gender: 'female' }] : []),
    ],
    terms: text.includes('dashi') ? [{ source: 'dashi', target: 'だし' }] : [],
  };
}

describe(`the user's voice on audio/video tasks, closing accounts and series (${TEST_DB})`, () => {
  let stt: Awaited<ReturnType<typeof startTranscriptionServer>>;
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;

  beforeAll(async () => {
    stt = await startTranscriptionServer({ script: SCRIPT });
    engine = await startOpenAiServer(KEY);
    engine.setBriefer(briefOfPart);
    t = await startTestApp({
      queue: true,
      env: { DEEPSEEK_API_KEY: KEY, DEEPSEEK_BASE_URL: engine.url, STT_BASE_URL: stt.baseUrl },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await stt?.close();
    await engine?.close();
  });

  async function userWith(points: number) {
    const u = await t.signUp();
    await grantPoints(t, u.id, points);
    return u;
  }
  const getTask = async (token: string, id: string) =>
    expectSuccess<Task>(await t.post('/task/get', { id }, { as: token }));
  const awaitingReview = (token: string, id: string) =>
    until(async () => {
      const task = await getTask(token, id);
      return task.voice.awaitingReview && task;
    }, 30_000);

  it('stores the options at /file/submit_execute_task and goes on after the review in a job the sweep knows', async () => {
    const u = await userWith(100);
    const up = await uploadMedia(t, u.token, { bytes: silentWav(12_000), name: 'talk.wav', type: 1 });
    const { taskId } = expectSuccess<{ taskId: string }>(
      await t.post(
        '/file/submit_check_task',
        { objectKey: up.objectKey, sourceLau: 'en', type: 1, targetLau: 'ja' },
        { as: u.token },
      ),
    );
    await until(async () => (await getTask(u.token, taskId)).detectStatus === 4, 30_000);
    const execute = { taskId, sourceLau: 'en', targetLau: 'ja', transEngin: 2 };
    const voice = { formality: 'informal', translatorNote: 'a cooking show', reviewTerms: true };
    expectSuccess(await t.post('/file/submit_execute_task', { ...execute, ...voice }, { as: u.token }));
    const waiting = await awaitingReview(u.token, taskId);
    expect(waiting.status).toBe('pending');
    expect(waiting.voice).toMatchObject({ ...voice, hasBrief: true, briefCalls: 1 });
    expect(await getHeld(t.ctx.db, u.id)).toBe(waiting.estimatedPoints);
    // a second confirmation does not run it twice
    const again = await t.post('/file/submit_execute_task', execute, { as: u.token });
    expect(again.json<{ code: number }>().code).toBe(40904);

    const batches = engine.requests.length;
    engine.setDelay(300);
    try {
      expectSuccess(await t.post('/task/continue', { id: taskId }, { as: u.token }));
      // running in a translation job: not taken for an interrupted one
      expect(await sweepStuckMedia(t.ctx, 0)).toBe(0);
      await until(async () => {
        const state = expectSuccess<ExecutionState>(
          await t.post('/file/check_execute_task', { taskId }, { as: u.token }),
        );
        return state.status === 4;
      }, 30_000);
    } finally {
      engine.setDelay(0);
    }
    const sent = engine.requests.slice(batches);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((b) => b.instructions?.formality === 'informal')).toBe(true);
    expect(sent.some((b) => b.brief?.characters.some((c) => c.name === 'Kenji'))).toBe(true);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
  });

  it('gives the held points back when an account closes with a review waiting', async () => {
    const u = await userWith(100);
    const task = expectSuccess<Task>(
      await uploadSrt(
        t,
        u.token,
        { name: 'film.srt', data: FILM },
        { targetLanguage: 'ja', reviewTerms: '1' },
      ),
    );
    expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
    await awaitingReview(u.token, task.id);
    expect(await getHeld(t.ctx.db, u.id)).toBe(task.estimatedPoints);
    expectSuccess(await t.post('/user/close_account', { pass: u.pass }, { as: u.token }));
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    const [row] = await t.ctx.db.query<{ status: string; awaiting_review: boolean }>(
      `SELECT status, awaiting_review FROM tasks WHERE id = $1`,
      [task.id],
    );
    expect(row).toEqual({ status: 'failed', awaiting_review: false });
  });

  it("carries a series' memory into each episode's brief and batches, and learns from each", async (c) => {
    const [found] = await t.ctx.db.query<{ r: string | null }>(`SELECT to_regclass('series')::text AS r`);
    // runs once the glossaries and series of issue 26 (modules/series) are in
    if (!found?.r) return c.skip();
    const u = await userWith(200);
    const fixed = { name: 'Kenji', target: '健二', gender: 'male' };
    const series = expectSuccess<Series>(
      await t.post(
        '/series/save',
        { name: 'Kitchen', sourceLanguage: 'en', targetLanguage: 'ja', memory: { characters: [fixed] } },
        { as: u.token },
      ),
    );
    const episode = async () => {
      const [briefs, batches] = [engine.briefRequests.length, engine.requests.length];
      const task = expectSuccess<Task>(
        await uploadSrt(
          t,
          u.token,
          { name: 'ep.srt', data: FILM },
          { targetLanguage: 'ja', seriesId: series.id },
        ),
      );
      expect(task.voice.seriesId).toBe(series.id);
      expectSuccess(await t.post('/task/start', { id: task.id }, { as: u.token }));
      await until(async () => (await getTask(u.token, task.id)).status === 'completed');
      const brief = expectSuccess<TaskBrief>(
        await t.post('/task/brief', { id: task.id }, { as: u.token }),
      ).brief!;
      const named = (name: string) =>
        engine.requests
          .slice(batches)
          .flatMap((b) => b.brief?.characters ?? [])
          .filter((ch) => ch.name === name)
          .map((ch) => ch.target);
      return { task, brief, asked: engine.briefRequests.slice(briefs), named };
    };
    const memoryOf = async () =>
      expectSuccess<Series>(await t.post('/series/get', { id: series.id }, { as: u.token })).memory;

    const one = await episode();
    expect(one.asked[0]!.known!.characters).toEqual([expect.objectContaining(fixed)]);
    // the memory's name is fixed over the engine's proposal, in the brief and in every batch
    expect(one.brief.characters.find((ch) => ch.name === 'Kenji')!.target).toBe('健二');
    expect(new Set(one.named('Kenji'))).toEqual(new Set(['健二']));
    // the episode taught the memory what it did not hold
    const learnt = await memoryOf();
    expect(learnt.characters.map((ch) => [ch.name, ch.target])).toEqual(
      expect.arrayContaining([
        ['Kenji', '健二'],
        ['Aiko', 'アイコ'],
      ]),
    );
    expect(learnt.terms.map((term) => [term.source, term.target])).toEqual([['dashi', 'だし']]);

    // the user's correction goes into the memory, and into the next episode
    const corrected = {
      ...one.brief,
      characters: one.brief.characters.map((ch) => (ch.name === 'Aiko' ? { ...ch, target: '愛子' } : ch)),
    };
    expectSuccess(await t.post('/task/save_brief', { id: one.task.id, brief: corrected }, { as: u.token }));
    expect((await memoryOf()).characters.find((ch) => ch.name === 'Aiko')!.target).toBe('愛子');
    const two = await episode();
    expect(two.brief.characters.find((ch) => ch.name === 'Aiko')!.target).toBe('愛子');
    expect(new Set(two.named('Aiko'))).toEqual(new Set(['愛子']));
  });
});
