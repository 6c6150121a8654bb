import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Glossary, Task } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../../test/support/http.js';
import { uploadMedia } from '../../../../test/support/media-upload.js';
import { grantPoints, makeSrt, uploadSrt } from '../../../../test/support/tasks.js';
import { silentWav, startTranscriptionServer } from '../../../../test/support/transcription-server.js';
import { startApertiumApyServer, startOpenAiServer } from '../../../../test/support/translation-servers.js';
import { until } from '../../../../test/support/until.js';
import { getBalance } from '../../billing/ledger.service.js';

const KEY = 'ds-key';
const FILM = makeSrt(4, (i) => `Come in, Lane ${i}.`);

/**
 * Issue 34: an option the task's engine would ignore is refused, naming each one, and nothing is
 * written (no task, the upload still usable, no points held); the options it honours are stored.
 */
describe(`task options an engine ignores (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let apy: Awaited<ReturnType<typeof startApertiumApyServer>>;
  let stt: Awaited<ReturnType<typeof startTranscriptionServer>>;
  let t: TestApp;

  beforeAll(async () => {
    [engine, apy, stt] = await Promise.all([
      startOpenAiServer(KEY),
      startApertiumApyServer([['eng', 'spa']]),
      startTranscriptionServer({ script: ['Come in, Lane.'] }),
    ]);
    t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: KEY,
        DEEPSEEK_BASE_URL: engine.url,
        APERTIUM_URL: apy.url,
        STT_BASE_URL: stt.baseUrl,
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([engine?.close(), apy?.close(), stt?.close()]);
  });

  async function userWithGlossary(points = 0) {
    const u = await t.signUp();
    if (points) await grantPoints(t, u.id, points);
    const glossary = expectSuccess<Glossary>(
      await t.post(
        '/glossary/save',
        { name: 'Names', targetLanguage: 'es', entries: [{ source: 'Lane', target: 'Lane' }] },
        { as: u.token },
      ),
    );
    const series = expectSuccess<{ id: string }>(
      await t.post('/series/save', { name: 'Lane', targetLanguage: 'es' }, { as: u.token }),
    );
    return { ...u, glossaryId: glossary.id, seriesId: series.id };
  }
  const taskCount = async (token: string) =>
    expectSuccess<{ totalCount: number }>(await t.post('/task/list', { page: 1, size: 10 }, { as: token }))
      .totalCount;
  const srtFields = (fields: Record<string, string>) => ({
    originalLanguage: 'en',
    targetLanguage: 'es',
    ...fields,
  });

  it('refuses at /task/create each option Apertium ignores, in the caller’s language, storing nothing', async () => {
    const u = await userWithGlossary();
    const all = {
      translationService: 'apertium',
      glossaryIds: u.glossaryId,
      seriesId: u.seriesId,
      formality: 'formal',
      translatorNote: 'keep Lane as Lane',
      reviewTerms: 'true',
    };
    // the default language first
    const zh = expectFailure(
      await uploadSrt(
        t,
        u.token,
        { name: 'lane.srt', data: FILM },
        srtFields({ ...all, glossaryIds: '', seriesId: '' }),
      ),
      40000,
      400,
    );
    expect(zh.msg).toBe('请求参数有误：Apertium 不会使用正式程度：请去掉该选项，或选择会使用它的引擎');
    // the user's own language
    expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: u.token }));
    const res = await uploadSrt(t, u.token, { name: 'lane.srt', data: FILM }, srtFields(all));
    const body = expectFailure(res, 40000, 400);
    const fields = (body.data as { fields: { field: string; message: string }[] }).fields;
    const rest = ': leave this option out, or choose an engine that uses it';
    // the glossaries and the series it takes: their terms are held out of its dictionaries (issue 36)
    expect(fields).toEqual([
      { field: 'formality', message: `Apertium does not use the formality${rest}` },
      { field: 'translatorNote', message: `Apertium does not use the note for the translator${rest}` },
      { field: 'reviewTerms', message: `Apertium does not use the review-names-and-terms option${rest}` },
    ]);
    expect(body.msg).toBe(
      'Invalid request: Apertium does not use the formality: leave this option out, or choose an engine that uses it',
    );
    expect(await taskCount(u.token)).toBe(0);
  });

  it('takes the defaults with any engine, and every option with an engine that honours it', async () => {
    const u = await userWithGlossary();
    const plain = expectSuccess<Task>(
      await uploadSrt(
        t,
        u.token,
        { name: 'lane.srt', data: FILM },
        srtFields({
          translationService: 'apertium',
          glossaryIds: '',
          seriesId: '',
          formality: 'source',
          translatorNote: '  ',
          reviewTerms: 'false',
        }),
      ),
    );
    expect(plain.voice).toMatchObject({ glossaryIds: [], formality: 'source', translatorNote: '' });
    const voice = { formality: 'formal', translatorNote: 'keep Lane as Lane', reviewTerms: 'true' };
    const model = expectSuccess<Task>(
      await uploadSrt(
        t,
        u.token,
        { name: 'lane.srt', data: FILM },
        srtFields({
          translationService: 'deepseek',
          glossaryIds: u.glossaryId,
          seriesId: u.seriesId,
          ...voice,
        }),
      ),
    );
    expect(model.voice).toMatchObject({
      glossaryIds: [u.glossaryId],
      seriesId: u.seriesId,
      formality: 'formal',
      translatorNote: 'keep Lane as Lane',
      reviewTerms: true,
    });
  });

  it('refuses them for audio/video at detection (the upload stays usable) and at execution (nothing held)', async () => {
    const u = await userWithGlossary(100);
    const up = await uploadMedia(t, u.token, { bytes: silentWav(6_000), name: 'lane.wav', type: 1 });
    const check = { objectKey: up.objectKey, sourceLau: 'en', type: 1, targetLau: 'es' };
    const refused = expectFailure(
      await t.post(
        '/file/submit_check_task',
        { ...check, translationService: 'apertium', glossaryIds: [u.glossaryId], translatorNote: 'be brief' },
        { as: u.token },
      ),
      40000,
      400,
    );
    expect((refused.data as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
      'translatorNote',
    ]);
    expect(await taskCount(u.token)).toBe(0);

    // the same upload, now with DeepSeek and a formality it honours
    const { taskId } = expectSuccess<{ taskId: string }>(
      await t.post(
        '/file/submit_check_task',
        { ...check, translationService: 'deepseek', formality: 'informal' },
        { as: u.token },
      ),
    );
    await until(async () => {
      const task = expectSuccess<Task>(await t.post('/task/get', { id: taskId }, { as: u.token }));
      return task.detectStatus === 4;
    }, 30_000);
    const execute = { taskId, sourceLau: 'en', targetLau: 'es', both: 1 };
    // Apertium at execution: the formality stored with the detection would be ignored
    const later = expectFailure(
      await t.post(
        '/file/submit_execute_task',
        { ...execute, translationService: 'apertium' },
        { as: u.token },
      ),
      40000,
      400,
    );
    expect((later.data as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual(['formality']);
    expect(await getBalance(t.ctx.db, u.id)).toBe(100);
    const stored = expectSuccess<Task>(await t.post('/task/get', { id: taskId }, { as: u.token }));
    expect(stored).toMatchObject({ status: 'pending', translationService: 'deepseek' });
    expect(stored.voice.formality).toBe('informal');

    // taking the formality back: Apertium runs it
    expectSuccess(
      await t.post(
        '/file/submit_execute_task',
        { ...execute, translationService: 'apertium', formality: 'source' },
        { as: u.token },
      ),
    );
    const running = expectSuccess<Task>(await t.post('/task/get', { id: taskId }, { as: u.token }));
    expect(running).toMatchObject({ translationService: 'apertium' });
    expect(running.voice.formality).toBe('source');
  });
});
