import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetranslateQuota } from '@subtrans/contract';
import { startTestApp, TEST_DB, type TestApp } from '../../../test/harness.js';
import { envelope, expectFailure, expectSuccess } from '../../../test/support/http.js';
import { startOpenAiServer } from '../../../test/support/translation-servers.js';

/**
 * The direct /translation/* calls spend their characters from the same daily budget as the
 * editor's re-translation (RETRANSLATE_DAILY_CHARS): otherwise 200 calls of 20,000 characters a day
 * would be a free engine beside the budget and the paid tasks.
 */
describe(`direct translation spends the daily character budget (${TEST_DB})`, () => {
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let t: TestApp;

  beforeAll(async () => {
    engine = await startOpenAiServer('ds-key');
    t = await startTestApp({
      env: {
        DEEPSEEK_API_KEY: 'ds-key',
        DEEPSEEK_BASE_URL: engine.url,
        RETRANSLATE_DAILY_CHARS: '100',
        TRANSLATE_DAILY_QUOTA: '100',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await engine.close();
  });

  const call = (token: string, texts: string[]) =>
    t.post('/translation/deepseek_translate', { texts, targetLanguage: 'en' }, { as: token });
  const quota = async (token: string) =>
    expectSuccess<RetranslateQuota>(await t.post('/task/retranslate_quota', {}, { as: token }));
  const sentToEngine = () => engine.requests.flatMap((r) => Object.values(r.lines)).join('').length;

  it('spends what it sends, and refuses a call that does not fit, sending nothing', async () => {
    const { token } = await t.signUp();
    const before = await quota(token);
    expect(before).toMatchObject({ charsLeft: 100, charsPerDay: 100 });
    expectSuccess(await call(token, ['a'.repeat(30), 'b'.repeat(30)]));
    expect(await quota(token)).toMatchObject({ charsLeft: 40, callsLeft: before.callsLeft });
    const sent = sentToEngine();
    const refused = expectFailure(await call(token, ['c'.repeat(41)]), 42910, 429);
    expect(envelope<{ charsLeft: number }>(await call(token, ['c'.repeat(41)])).data).toMatchObject({
      charsLeft: 40,
    });
    expect(refused.msg).toContain('40');
    expect(sentToEngine()).toBe(sent);
    expectSuccess(await call(token, ['d'.repeat(40)]));
    expect((await quota(token)).charsLeft).toBe(0);
  });

  it('gives the characters back when the engine fails', async () => {
    const { token } = await t.signUp();
    engine.setDown('http500');
    try {
      expectFailure(await call(token, ['e'.repeat(50)]), 50204, 502);
    } finally {
      engine.setDown(null);
    }
    expect((await quota(token)).charsLeft).toBe(100);
  }, 30_000);

  it('cannot pass the budget with calls sent together', async () => {
    const { token } = await t.signUp();
    const answers = await Promise.all(Array.from({ length: 8 }, () => call(token, ['f'.repeat(30)])));
    expect(answers.filter((a) => a.json<{ code: number }>().code === 20000)).toHaveLength(3);
    expect((await quota(token)).charsLeft).toBe(10);
  });
});
