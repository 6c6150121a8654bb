import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Glossary, Series, Task, TaskWithSegments } from '@subtrans/contract';
import { layoutText, normsFor } from '@subtrans/subtitles';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectSuccess } from '../../../test/support/http.js';
import { detection } from '../../../test/support/media-storage.js';
import { uploadMedia } from '../../../test/support/media-upload.js';
import { grantPoints } from '../../../test/support/tasks.js';
import { silentWav, startTranscriptionServer } from '../../../test/support/transcription-server.js';
import { startOpenAiServer } from '../../../test/support/translation-servers.js';
import { until } from '../../../test/support/until.js';

const KEY = 'ds-key';
/** every line's translation: longer than one Spanish line of 42, so laying it out breaks it */
const SPANISH = 'Tenemos que salir antes de que la tormenta llegue al valle esta noche.';

describe(`an audio task's upload options, kept for an execution started later (${TEST_DB})`, () => {
  let stt: Awaited<ReturnType<typeof startTranscriptionServer>>;
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;

  beforeAll(async () => {
    stt = await startTranscriptionServer({ apiKey: 'stt-key' });
    engine = await startOpenAiServer(KEY);
    engine.setTranslator(() => SPANISH);
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
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await stt?.close();
    await engine?.close();
  });

  /** An audio file through upload and detection, with these /file/submit_check_task options. */
  async function detected(token: string, options: Record<string, unknown>) {
    const up = await uploadMedia(t, token, { bytes: silentWav(4000), name: 'talk.wav', type: 1 });
    const { taskId } = expectSuccess<{ taskId: string }>(
      await t.post(
        '/file/submit_check_task',
        { objectKey: up.objectKey, type: 1, targetLau: 'es', ...options },
        { as: token },
      ),
    );
    expect((await detection(t, token, taskId)).status).toBe(4);
    return taskId;
  }

  async function executed(token: string, body: Record<string, unknown>) {
    expectSuccess(await t.post('/file/submit_execute_task', body, { as: token }));
    return until(async () => {
      const x = expectSuccess<TaskWithSegments>(
        await t.post('/task/get', { id: body.taskId }, { as: token }),
      );
      return (x.status === 'completed' || x.status === 'failed') && x;
    }, 60_000);
  }

  it("keeps the engine's line breaks chosen at upload when the execution does not say it again; a choice at execution wins", async () => {
    expect(layoutText(SPANISH, 'es', normsFor('es'))).toContain('\n');
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const [kept, changed] = await Promise.all([
      detected(u.token, { keepEngineBreaks: true }),
      detected(u.token, { keepEngineBreaks: true }),
    ]);
    // the list shows the choice while the task waits, so a start from the list sends it again
    const list = expectSuccess<{ list: Task[] }>(
      await t.post('/task/list', { page: 1, size: 10 }, { as: u.token }),
    );
    expect(list.list.filter((x) => x.id === kept || x.id === changed)).toEqual([
      expect.objectContaining({ status: 'pending', keepEngineBreaks: true }),
      expect.objectContaining({ status: 'pending', keepEngineBreaks: true }),
    ]);

    const [a, b] = await Promise.all([
      // SPEC §7's confirmation: no keepEngineBreaks field
      executed(u.token, { taskId: kept, targetLau: 'es', both: 1, transEngin: 2 }),
      executed(u.token, { taskId: changed, targetLau: 'es', keepEngineBreaks: false }),
    ]);
    expect(a).toMatchObject({ status: 'completed', keepEngineBreaks: true });
    expect(a.segments.length).toBeGreaterThan(0);
    for (const s of a.segments) expect(s.translatedText).toBe(SPANISH);
    expect(b).toMatchObject({ status: 'completed', keepEngineBreaks: false });
    for (const s of b.segments) expect(s.translatedText).toBe(layoutText(SPANISH, 'es', normsFor('es')));
    // issue 39: each execution ran in its user's group (fair queues: a user's films take at most
    // TRANSLATE_USER_CONCURRENCY of a process's executions)
    for (const id of [kept, changed]) {
      const [row] = await t.ctx.db.query<{ job_id: string }>('SELECT job_id FROM tasks WHERE id = $1', [id]);
      const job = await t.ctx.queue!.findJob('media.execute', row!.job_id);
      expect(job?.groupId).toBe(`user:${u.id}`);
    }
  }, 120_000);

  it('keeps the voice options given at detection when the confirmation omits them; one given again wins', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const glossary = expectSuccess<Glossary>(
      await t.post(
        '/glossary/save',
        { name: 'Weather', targetLanguage: 'es', entries: [{ source: 'storm', target: 'tormenta' }] },
        { as: u.token },
      ),
    );
    const series = expectSuccess<Series>(
      await t.post('/series/save', { name: 'Talks', targetLanguage: 'es' }, { as: u.token }),
    );
    const voice = {
      glossaryIds: [glossary.id],
      seriesId: series.id,
      formality: 'informal',
      translatorNote: 'a weather talk',
    };
    const [first, second] = [await detected(u.token, voice), await detected(u.token, voice)];
    const stored = async (id: string) =>
      expectSuccess<Task>(await t.post('/task/get', { id }, { as: u.token })).voice;
    // stored with the detection: the task list's confirmation (another tab) finds them there
    expect(await stored(first)).toMatchObject({ ...voice, reviewTerms: false });

    // SPEC §7's confirmation, without any of them: kept, and sent with every batch
    const from = engine.requests.length;
    const a = await executed(u.token, { taskId: first, targetLau: 'es', both: 1, transEngin: 2 });
    expect(a.status).toBe('completed');
    expect(a.voice).toMatchObject(voice);
    const sent = engine.requests.slice(from);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((r) => r.instructions?.note === 'a weather talk')).toBe(true);

    // one given again wins; the others stay
    const b = await executed(u.token, { taskId: second, targetLau: 'es', formality: 'formal' });
    expect(b.voice).toMatchObject({ ...voice, formality: 'formal' });
  }, 120_000);
});
