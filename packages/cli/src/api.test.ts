import { describe, expect, it } from 'vitest';
import { Api, ApiError } from './api.js';

type Answer = { status: number; body: unknown; headers?: Record<string, string> } | 'network';

/** A server that answers from a script, one answer a request, recording what it was sent. */
function scripted(...answers: Answer[]) {
  const requests: Request[] = [];
  const waits: number[] = [];
  const retries: string[] = [];
  const api = new Api({
    baseUrl: 'https://subtrans.test/',
    key: 'stk_test',
    fetch: async (req) => {
      requests.push(req);
      const next = answers.shift();
      if (!next) throw new Error('no answer scripted');
      if (next === 'network') throw new TypeError('fetch failed', { cause: new Error('ECONNRESET') });
      const isText = typeof next.body === 'string';
      return new Response(isText ? (next.body as string) : JSON.stringify(next.body), {
        status: next.status,
        headers: { 'content-type': isText ? 'application/x-subrip' : 'application/json', ...next.headers },
      });
    },
    sleep: async (ms) => void waits.push(ms),
    onRetry: (_what, why) => retries.push(why),
  });
  return { api, requests, waits, retries, left: answers };
}

const ok = (data: unknown) => ({ status: 200, body: { code: 20000, msg: 'ok', data } });
const refusal = (status: number, code: number, msg: string, headers?: Record<string, string>) => ({
  status,
  body: { code, msg, data: null },
  ...(headers ? { headers } : {}),
});

describe('the API client', () => {
  it("sends the key as a bearer token and answers the envelope's data", async () => {
    const s = scripted(ok({ point: 42 }));
    expect(await s.api.balance()).toEqual({ point: 42 });
    expect(s.requests[0]!.url).toBe('https://subtrans.test/user/get_point');
    expect(s.requests[0]!.headers.get('authorization')).toBe('Bearer stk_test');
    expect(s.requests[0]!.headers.get('accept-language')).toBe('en');
  });

  it('waits out a rate limit for Retry-After seconds, then goes on', async () => {
    const s = scripted(refusal(429, 42930, 'Too many calls', { 'retry-after': '3' }), ok({ point: 1 }));
    expect(await s.api.balance()).toEqual({ point: 1 });
    expect(s.waits).toEqual([3000]);
    expect(s.retries).toEqual(['rate limited']);
  });

  it('sends a call answered TRY_AGAIN once more, and only once', async () => {
    const again = refusal(503, 50305, 'try again', { 'retry-after': '1' });
    const s = scripted(again, ok({ point: 1 }));
    expect(await s.api.balance()).toEqual({ point: 1 });
    const twice = scripted(again, again, ok({ point: 1 }));
    await expect(twice.api.balance()).rejects.toMatchObject({ code: 50305 });
    expect(twice.requests).toHaveLength(2);
  });

  it('tries a lost connection again with a growing wait, then gives up saying why', async () => {
    const s = scripted('network', 'network', ok({ point: 1 }));
    expect(await s.api.balance()).toEqual({ point: 1 });
    expect(s.waits).toEqual([500, 1000]);
    const down = scripted('network', 'network', 'network', 'network', 'network');
    const e = await down.api.balance().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ code: 0, message: expect.stringContaining('ECONNRESET') as unknown });
    expect(down.waits).toEqual([500, 1000, 2000, 4000]);
  });

  it("fails at once with the server's code and message on a refusal", async () => {
    const s = scripted(refusal(401, 40102, 'This API key is not valid'), ok({ point: 1 }));
    await expect(s.api.balance()).rejects.toMatchObject({
      code: 40102,
      status: 401,
      message: 'This API key is not valid',
    });
    expect(s.requests).toHaveLength(1);
  });

  it('uploads a form (fields, then the file) under its Idempotency-Key, and the same key on a retry', async () => {
    const s = scripted('network', ok({ id: 't1', status: 'pending' }));
    const task = await s.api.create(
      { name: 'ep1.srt', bytes: new TextEncoder().encode('1\n00:00:01,000 --> 00:00:02,000\nHi\n') },
      { targetLanguage: 'ja', translationService: 'deepseek' },
      'key-1',
    );
    expect(task).toMatchObject({ id: 't1' });
    expect(s.requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['key-1', 'key-1']);
    const form = await s.requests[1]!.formData();
    expect([...form.keys()]).toEqual(['targetLanguage', 'translationService', 'file']);
    expect((form.get('file') as File).name).toBe('ep1.srt');
  });

  it('starts a task under its Idempotency-Key', async () => {
    const s = scripted(ok({ id: 't1', status: 'translating' }));
    expect(await s.api.start('t1', 'start-t1')).toMatchObject({ status: 'translating' });
    expect(s.requests[0]!.headers.get('idempotency-key')).toBe('start-t1');
    expect(await s.requests[0]!.json()).toEqual({ id: 't1' });
  });

  it("downloads an export's bytes, and reads a refusal as one", async () => {
    const s = scripted({ status: 200, body: '1\n00:00:01,000 --> 00:00:02,000\n[ja] Hi\n' });
    const bytes = await s.api.export('t1', 'srt', true);
    expect(new TextDecoder().decode(bytes)).toContain('[ja] Hi');
    expect(await s.requests[0]!.json()).toEqual({ id: 't1', format: 'srt', includeOriginal: true });
    const refused = scripted(refusal(409, 40903, 'The task is not completed yet'));
    await expect(refused.api.export('t1', 'srt', false)).rejects.toMatchObject({ code: 40903 });
  });
});
