import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetectionState, EngineStatus, Task } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess, multipart } from '../../../test/support/http.js';
import { postOn, type HostedCall } from '../../../test/support/hosts.js';
import { makeSpeechMedia, type MadeMedia } from '../../../test/support/media.js';
import { uploadMedia } from '../../../test/support/media-upload.js';
import { grantPoints, makeSrt } from '../../../test/support/tasks.js';
import { startGoogleV2Server, startOpenAiServer } from '../../../test/support/translation-servers.js';
import { startTranscriptionServer } from '../../../test/support/transcription-server.js';
import { until } from '../../../test/support/until.js';
import { getBalance, getHeld } from '../billing/ledger.service.js';

/**
 * PUBLIC_URL's host does not offer Google; *.example.cn does, and so does the catch-all `*`
 * profile (which an unknown Host used to get).
 */
const PROFILES = [
  { hosts: ['*'], googleTranslation: true },
  { hosts: ['subs.example.com'], googleTranslation: false },
  { hosts: ['*.example.cn'], googleTranslation: true },
];
const NO_GOOGLE = ['subs.example.com', 'evil.example'];
const GOOGLE_HOST = 'shop.example.cn';

describe(`the Google engine only where the host's profile offers it (${TEST_DB})`, () => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startGoogleV2Server>>;
  let deepseek: Awaited<ReturnType<typeof startOpenAiServer>>;
  let stt: Awaited<ReturnType<typeof startTranscriptionServer>>;
  let dir: string;
  let speech: MadeMedia;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'host-rules-'));
    speech = await makeSpeechMedia(dir, { text: 'Good morning. This is a short test.', format: 'mp3' });
    google = await startGoogleV2Server('g-key');
    deepseek = await startOpenAiServer('ds-key');
    stt = await startTranscriptionServer({ apiKey: 'stt-key' });
    t = await startTestApp({
      queue: true,
      env: {
        PUBLIC_URL: 'https://subs.example.com',
        SITE_PROFILES: JSON.stringify(PROFILES),
        GOOGLE_TRANSLATE_API_KEY: 'g-key',
        GOOGLE_TRANSLATE_BASE_URL: google.url,
        DEEPSEEK_API_KEY: 'ds-key',
        DEEPSEEK_BASE_URL: deepseek.url,
        STT_BASE_URL: stt.baseUrl,
        STT_API_KEY: 'stt-key',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await google?.close();
    await deepseek?.close();
    await stt?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const on = (host: string, token: string): HostedCall => ({ host, token });

  function upload(call: HostedCall, engine: string) {
    const { payload, contentType } = multipart([
      { name: 'targetLanguage', data: 'ja' },
      { name: 'translationService', data: engine },
      { name: 'file', filename: 'film.srt', contentType: 'application/x-subrip', data: makeSrt(3) },
    ]);
    return t.app.inject({
      method: 'POST',
      url: '/task/create',
      headers: {
        host: call.host,
        'content-type': contentType,
        cookie: `user_sessionid=${call.token}`,
        origin: `http://${call.host}`,
      },
      payload,
    });
  }

  const taskOf = async (token: string, id: string) =>
    expectSuccess<Task>(await postOn(t, on(GOOGLE_HOST, token), '/task/get', { id }));

  /** a user with points and a Google task made on the host that offers Google */
  async function googleTask() {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const task = expectSuccess<Task>(await upload(on(GOOGLE_HOST, u.token), 'google'));
    return { u, task };
  }

  it('/task/create: refused on a host without Google (and on a forged one), allowed where offered', async () => {
    const u = await t.signUp();
    for (const host of NO_GOOGLE) {
      const refused = expectFailure(await upload(on(host, u.token), 'google'), 40320, 403);
      expect(refused.msg).toContain('本站不提供该翻译引擎');
      expectSuccess(await upload(on(host, u.token), 'deepseek'));
    }
    const rows = await t.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM tasks WHERE user_id = $1 AND translation_service = 'google'`,
      [u.id],
    );
    expect(rows[0]!.n).toBe(0);
    expect(expectSuccess<Task>(await upload(on(GOOGLE_HOST, u.token), 'google'))).toMatchObject({
      translationService: 'google',
      status: 'pending',
    });
  });

  it('/task/start and /task/retranslate: a Google task runs only from a host that offers Google', async () => {
    const { u, task } = await googleTask();
    for (const host of NO_GOOGLE)
      expectFailure(await postOn(t, on(host, u.token), '/task/start', { id: task.id }), 40320, 403);
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    expect((await taskOf(u.token, task.id)).status).toBe('pending');

    const before = google.calls();
    expectSuccess(await postOn(t, on(GOOGLE_HOST, u.token), '/task/start', { id: task.id }));
    await until(async () => (await taskOf(u.token, task.id)).status === 'completed');
    expect(google.calls()).toBeGreaterThan(before);
    expect(await getBalance(t.ctx.db, u.id)).toBe(90);

    const again = { taskId: task.id, segmentIds: [1] };
    for (const host of NO_GOOGLE)
      expectFailure(await postOn(t, on(host, u.token), '/task/retranslate', again), 40320, 403);
    const calls = google.calls();
    expectSuccess(await postOn(t, on(GOOGLE_HOST, u.token), '/task/retranslate', again));
    expect(google.calls()).toBe(calls + 1);
  });

  it('/translation/translate never reaches Google from a host without it, and the engine list says why', async () => {
    const u = await t.signUp();
    const body = { texts: ['Hello'], targetLanguage: 'ja' };
    for (const host of NO_GOOGLE) {
      const before = google.calls();
      expectSuccess(await postOn(t, on(host, u.token), '/translation/translate', body));
      expect(google.calls()).toBe(before);
      const engines = expectSuccess<EngineStatus[]>(
        await postOn(t, on(host, u.token), '/translation/engines'),
      );
      expect(engines.find((e) => e.name === 'google')).toMatchObject({
        name: 'google',
        enabled: false,
        reason: 'not_on_this_host',
      });
    }
    const before = google.calls();
    expectSuccess(await postOn(t, on(GOOGLE_HOST, u.token), '/translation/translate', body));
    expect(google.calls()).toBe(before + 1);
  });

  it('/file/submit_check_task and /file/submit_execute_task: Google refused where not offered, by name or as transEngin 1', async () => {
    const u = await t.signUp();
    await grantPoints(t, u.id, 100);
    const upload = await uploadMedia(t, u.token, { path: speech.path, name: 'morning.mp3', type: 2 });
    const check = { objectKey: upload.objectKey, sourceLau: 'auto', type: 2, targetLau: 'ja' };
    for (const host of NO_GOOGLE) {
      for (const choice of [{ transEngin: 1 }, { translationService: 'google' }])
        expectFailure(
          await postOn(t, on(host, u.token), '/file/submit_check_task', { ...check, ...choice }),
          40320,
          403,
        );
    }
    const { taskId } = expectSuccess<{ taskId: string }>(
      await postOn(t, on(GOOGLE_HOST, u.token), '/file/submit_check_task', { ...check, transEngin: 1 }),
    );
    await until(async () => {
      const d = expectSuccess<DetectionState>(
        await postOn(t, on(GOOGLE_HOST, u.token), '/file/check_task', { taskId }),
      );
      return d.status === 4;
    }, 30_000);

    const execute = { taskId, sourceLau: 'auto', targetLau: 'ja', both: 1 };
    for (const host of NO_GOOGLE) {
      for (const choice of [{ transEngin: 1 }, { translationService: 'google' }])
        expectFailure(
          await postOn(t, on(host, u.token), '/file/submit_execute_task', { ...execute, ...choice }),
          40320,
          403,
        );
    }
    expect(await getHeld(t.ctx.db, u.id)).toBe(0);
    expectSuccess(
      await postOn(t, on(GOOGLE_HOST, u.token), '/file/submit_execute_task', { ...execute, transEngin: 1 }),
    );
    expect(await getHeld(t.ctx.db, u.id)).toBeGreaterThan(0);
  });
});
