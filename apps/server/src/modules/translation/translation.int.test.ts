import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { startGoogleV2Server, startOpenAiServer } from '../../../test/support/translation-servers.js';
import { until } from '../../../test/support/until.js';

describe(`direct translation calls (${TEST_DB})`, () => {
  let deepseek: Awaited<ReturnType<typeof startOpenAiServer>>;
  let google: Awaited<ReturnType<typeof startGoogleV2Server>>;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    deepseek = await startOpenAiServer('ds-key');
    google = await startGoogleV2Server('g-key');
    t = await startTestApp({
      env: {
        DEEPSEEK_API_KEY: 'ds-key',
        DEEPSEEK_BASE_URL: deepseek.url,
        GOOGLE_TRANSLATE_API_KEY: 'g-key',
        GOOGLE_TRANSLATE_BASE_URL: google.url,
        TRANSLATE_DAILY_QUOTA: '4',
      },
    });
    token = (await t.signUp()).token;
  });
  afterAll(async () => {
    await t.close();
    await deepseek.close();
    await google.close();
  });

  it('deepseek_translate answers one translation per text, HTML entities decoded', async () => {
    const data = expectSuccess<string[]>(
      await t.post(
        '/translation/deepseek_translate',
        { texts: ['Hello', 'World'], targetLanguage: 'ja' },
        { as: token },
      ),
    );
    expect(data).toEqual(['[ja] Hello', '[ja] World']);
  });

  it('translate uses the host’s Google engine when the profile offers it', async () => {
    const data = expectSuccess<string[]>(
      await t.post('/translation/translate', { texts: ['Hi'], targetLanguage: 'zh-HK' }, { as: token }),
    );
    expect(data).toEqual(['[zh-TW] Hi']);
  });

  it('lists the engines with why the others cannot be used', async () => {
    const list = expectSuccess<{ name: string; enabled: boolean; reason: string | null }[]>(
      await t.post('/translation/engines', {}, { as: token }),
    );
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'deepseek', enabled: true, reason: null }),
        expect.objectContaining({ name: 'google', enabled: true, reason: null }),
        { name: 'openai', enabled: false, reason: 'not_configured', capabilities: null },
        { name: 'deepl', enabled: false, reason: 'not_implemented', capabilities: null },
      ]),
    );
    // issue 34: what each usable engine honours, for the upload's hints
    expect(list.find((e) => e.name === 'google')).toMatchObject({
      capabilities: { kind: 'machine-translation', terms: false, instructions: false, brief: false },
    });
    expect(list.find((e) => e.name === 'deepseek')).toMatchObject({
      capabilities: { kind: 'language-model', terms: true, instructions: true, brief: true, condense: true },
    });
  });

  it('refuses visitors, too many lines, too many characters and bad bodies', async () => {
    expectFailure(
      await t.post('/translation/deepseek_translate', { texts: ['x'], targetLanguage: 'en' }),
      40100,
      401,
    );
    const many = Array.from({ length: 51 }, () => 'x');
    expectFailure(
      await t.post('/translation/deepseek_translate', { texts: many, targetLanguage: 'en' }, { as: token }),
      40000,
      400,
    );
    const long = ['a'.repeat(15_000), 'b'.repeat(6_000)];
    expectFailure(
      await t.post('/translation/deepseek_translate', { texts: long, targetLanguage: 'en' }, { as: token }),
      40000,
      400,
    );
    expectFailure(
      await t.post('/translation/deepseek_translate', { texts: [], targetLanguage: 'en' }, { as: token }),
      40000,
      400,
    );
    expectFailure(
      await t.post('/translation/deepseek_translate', { texts: 'x', targetLanguage: 'en' }, { as: token }),
      40000,
      400,
    );
  });

  it('reads a model that wraps its answers in one key or answers an array', async () => {
    try {
      for (const mode of ['wrap-lines', 'wrap-translations', 'array'] as const) {
        deepseek.setAlways(mode);
        const data = expectSuccess<string[]>(
          await t.post(
            '/translation/deepseek_translate',
            { texts: ['Hello', 'World', 'Again'], targetLanguage: 'ja' },
            { as: (await t.signUp()).token },
          ),
        );
        expect(data).toEqual(['[ja] Hello', '[ja] World', '[ja] Again']);
      }
    } finally {
      deepseek.setAlways(null);
    }
  });

  it('answers an engine error when no line came back translated, not the originals as a success', async () => {
    deepseek.neverTranslate(/./);
    try {
      const res = await t.post(
        '/translation/deepseek_translate',
        { texts: ['Hello'], targetLanguage: 'ja' },
        { as: (await t.signUp()).token },
      );
      expectFailure(res, 50204, 502);
    } finally {
      deepseek.neverTranslate(null);
    }
  }, 20_000);

  it('answers TRANSLATION_FAILED when the engine keeps failing, and the daily quota runs out', async () => {
    const other = (await t.signUp()).token;
    deepseek.misbehave('http500', 'http500', 'http500', 'http500');
    const failed = await t.post(
      '/translation/deepseek_translate',
      { texts: ['x'], targetLanguage: 'en' },
      { as: other },
    );
    expectFailure(failed, 50204, 502);
    for (let i = 0; i < 3; i += 1) {
      expectSuccess(
        await t.post(
          '/translation/deepseek_translate',
          { texts: ['x'], targetLanguage: 'en' },
          { as: other },
        ),
      );
    }
    expectFailure(
      await t.post('/translation/deepseek_translate', { texts: ['x'], targetLanguage: 'en' }, { as: other }),
      42902,
      429,
    );
  }, 20_000);
});

describe(`direct translation without engines (${TEST_DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('says the engine is not configured', async () => {
    const { token } = await t.signUp();
    const res = await t.post(
      '/translation/deepseek_translate',
      { texts: ['x'], targetLanguage: 'en' },
      { as: token },
    );
    expectFailure(res, 50302, 503);
  });
});

describe(`a direct translation call in flight when the server stops (${TEST_DB})`, () => {
  it('is aborted at once and answers the retryable TRY_AGAIN instead of holding the shutdown', async () => {
    const deepseek = await startOpenAiServer('ds-key');
    const t = await startTestApp({ env: { DEEPSEEK_API_KEY: 'ds-key', DEEPSEEK_BASE_URL: deepseek.url } });
    try {
      const { token } = await t.signUp();
      deepseek.setDelay(10_000);
      const answer = t.post(
        '/translation/deepseek_translate',
        { texts: ['Hello'], targetLanguage: 'ja' },
        { as: token },
      );
      await until(() => deepseek.requests.length === 1);
      const closing = Date.now();
      await t.app.close();
      const res = await answer;
      expect(Date.now() - closing).toBeLessThan(2000);
      expectFailure(res, 50305, 503);
      expect(res.headers['retry-after']).toBe('1');
    } finally {
      await t.close();
      await deepseek.close();
    }
  });
});
