import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE, api, apiGet, apiUpload, setApiLanguage } from './api-client';

function answer(body: string, status = 200) {
  return vi.fn(async () => new Response(body, { status, headers: { 'content-type': 'application/json' } }));
}

afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('POSTs JSON with the interface language and returns data on 20000', async () => {
    const fetchMock = answer(JSON.stringify({ code: 20000, msg: 'success', data: { point: 5 } }));
    vi.stubGlobal('fetch', fetchMock);
    setApiLanguage('ja');
    await expect(api('decrPoint', { points: 1 })).resolves.toEqual({ point: 5 });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/user/decr_point');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"points":1}');
    expect((init.headers as Record<string, string>)['Accept-Language']).toBe('ja');
  });

  it('raises the server message and code for any other code', async () => {
    vi.stubGlobal('fetch', answer(JSON.stringify({ code: 40101, msg: '邮箱或密码错误', data: null }), 401));
    const err = await api('logout').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 40101, message: '邮箱或密码错误', status: 401 });
  });

  it('keeps what the error says besides its message (its data)', async () => {
    const data = { charsLeft: 60, needed: 80, resetsAt: '2026-11-26T00:00:00.000Z' };
    vi.stubGlobal('fetch', answer(JSON.stringify({ code: 42910, msg: 'not enough', data }), 429));
    await expect(api('taskRetranslateQuota')).rejects.toMatchObject({ code: 42910, status: 429, data });
  });

  it('turns a non-JSON answer into an error with the HTTP status and text', async () => {
    vi.stubGlobal('fetch', answer('<html>Bad Gateway</html>', 502));
    await expect(api('getPoint')).rejects.toMatchObject({ code: NETWORK_ERROR_CODE, status: 502 });
    await expect(api('getPoint')).rejects.toThrow(/HTTP 502/);
  });

  it('sends a call that answered TRY_AGAIN once more after the wait it asks for, and only once', async () => {
    const tryAgain = () =>
      new Response(JSON.stringify({ code: 50305, msg: '服务刚刚短暂中断，请重试', data: null }), {
        status: 503,
        headers: { 'content-type': 'application/json', 'retry-after': '1' },
      });
    const done = () => new Response(JSON.stringify({ code: 20000, msg: 'success', data: { version: 2 } }));
    const edit = { taskId: 't', baseVersion: 1, segments: [{ id: 1, translatedText: 'x' }] };
    const once = vi.fn().mockResolvedValueOnce(tryAgain()).mockResolvedValueOnce(done());
    vi.stubGlobal('fetch', once);
    const started = Date.now();
    await expect(api('taskUpdateSegments', edit)).resolves.toEqual({ version: 2 });
    expect(once).toHaveBeenCalledTimes(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const [, first] = once.mock.calls[0] as unknown as [string, RequestInit];
    const [, second] = once.mock.calls[1] as unknown as [string, RequestInit];
    expect(second.body).toBe(first.body);

    const always = vi.fn(async () => tryAgain());
    vi.stubGlobal('fetch', always);
    await expect(api('taskUpdateSegments', edit)).rejects.toMatchObject({
      code: 50305,
      status: 503,
    });
    expect(always).toHaveBeenCalledTimes(2);

    // other failures are not sent again
    const refused = answer(JSON.stringify({ code: 50000, msg: 'x', data: null }), 500);
    vi.stubGlobal('fetch', refused);
    await expect(api('getPoint')).rejects.toMatchObject({ code: 50000 });
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('turns a network failure into an error instead of crashing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api('getPoint')).rejects.toMatchObject({
      code: NETWORK_ERROR_CODE,
      message: 'Failed to fetch',
    });
  });

  it('sends an empty object when a call takes no body, and the route map types what comes back', async () => {
    const fetchMock = answer(JSON.stringify({ code: 20000, msg: 'success', data: { point: 5 } }));
    vi.stubGlobal('fetch', fetchMock);
    const point: number = (await api('getPoint')).point;
    expect(point).toBe(5);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBe('{}');
  });

  it('reads a GET call by its address alone (as a preload link names it)', async () => {
    const fetchMock = answer(JSON.stringify({ code: 20000, msg: 'success', data: { id: 'a' } }));
    vi.stubGlobal('fetch', fetchMock);
    await apiGet('taskLines', { id: '0b7e7c5e-7f3a-4b8e-9d7c-3a1f0e2d4c5b' });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/task/lines?id=0b7e7c5e-7f3a-4b8e-9d7c-3a1f0e2d4c5b');
    expect(init).toEqual({ credentials: 'same-origin' });
  });

  it('POSTs a multipart form as it is, leaving its content type to the browser', async () => {
    const fetchMock = answer(JSON.stringify({ code: 20000, msg: 'success', data: { url: '/a.png' } }));
    vi.stubGlobal('fetch', fetchMock);
    const form = new FormData();
    await expect(apiUpload('uploadAvatar', form)).resolves.toEqual({ url: '/a.png' });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/upload');
    expect(init.body).toBe(form);
    expect(init.headers).not.toHaveProperty('Content-Type');
  });
});
