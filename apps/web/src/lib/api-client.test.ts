import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE, api, setApiLanguage } from './api-client';

function answer(body: string, status = 200) {
  return vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('POSTs JSON with the interface language and returns data on 20000', async () => {
    const fetchMock = answer(JSON.stringify({ code: 20000, msg: 'success', data: { point: 5 } }));
    vi.stubGlobal('fetch', fetchMock);
    setApiLanguage('ja');
    await expect(api('/user/get_point', { a: 1 })).resolves.toEqual({ point: 5 });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/user/get_point');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('ja');
  });

  it('raises the server message and code for any other code', async () => {
    vi.stubGlobal('fetch', answer(JSON.stringify({ code: 40101, msg: '邮箱或密码错误', data: null }), 401));
    const err = await api('/email/auth').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 40101, message: '邮箱或密码错误', status: 401 });
  });

  it('keeps what the error says besides its message (its data)', async () => {
    const data = { charsLeft: 60, needed: 80, resetsAt: '2026-11-26T00:00:00.000Z' };
    vi.stubGlobal('fetch', answer(JSON.stringify({ code: 42910, msg: 'not enough', data }), 429));
    await expect(api('/task/retranslate')).rejects.toMatchObject({ code: 42910, status: 429, data });
  });

  it('turns a non-JSON answer into an error with the HTTP status and text', async () => {
    vi.stubGlobal('fetch', answer('<html>Bad Gateway</html>', 502));
    await expect(api('/x')).rejects.toMatchObject({ code: NETWORK_ERROR_CODE, status: 502 });
    await expect(api('/x')).rejects.toThrow(/HTTP 502/);
  });

  it('turns a network failure into an error instead of crashing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('/x')).rejects.toMatchObject({ code: NETWORK_ERROR_CODE, message: 'Failed to fetch' });
  });
});
