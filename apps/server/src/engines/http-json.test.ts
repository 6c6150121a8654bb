import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, type HttpJsonFailure } from './http-json.js';

/** The server answers each request with the next of `answers` (the last one repeats). */
let answers: ((req: IncomingMessage, body: string, res: ServerResponse) => void)[] = [];
let seen: { method: string; type: string | undefined; body: string }[] = [];
let base = '';
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    seen.push({ method: req.method!, type: req.headers['content-type'], body });
    const answer = answers[Math.min(seen.length - 1, answers.length - 1)]!;
    answer(req, body, res);
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const reply =
  (status: number, text: string, headers: Record<string, string> = {}) =>
  (_req: IncomingMessage, _body: string, res: ServerResponse) =>
    res.writeHead(status, headers).end(text);

/** what callJson hands to `fail`, thrown inside an Error so the test can read it */
class Failed extends Error {
  constructor(readonly failure: HttpJsonFailure) {
    super(failure.kind);
  }
}
const failure = async (p: Promise<unknown>) => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof Failed)) throw new Error(`expected a failure, got ${String(err)}`);
  return err.failure;
};
const fail = (f: HttpJsonFailure) => new Failed(f);

describe('callJson', () => {
  it('sends JSON and answers the parsed reply', async () => {
    answers = [reply(200, '{"ok":true}')];
    seen = [];
    const got = await callJson({ url: base, method: 'POST', json: { a: 1 }, timeoutMs: 5000 }, fail);
    expect(got).toEqual({ ok: true });
    expect(seen).toEqual([{ method: 'POST', type: 'application/json', body: '{"a":1}' }]);
  });

  it('hands a status with its text and Retry-After to fail', async () => {
    answers = [reply(429, 'slow down', { 'retry-after': '7' })];
    seen = [];
    expect(await failure(callJson({ url: base, method: 'GET', timeoutMs: 5000 }, fail))).toEqual({
      kind: 'status',
      status: 429,
      text: 'slow down',
      retryAfter: '7',
    });
  });

  it('tries again on the statuses it is told to, with a fresh body', async () => {
    answers = [reply(503, 'busy'), reply(429, 'later'), reply(200, '[1]')];
    seen = [];
    const delays: (string | null)[] = [];
    const retry = {
      times: 2,
      when: (s: number) => s === 429 || s >= 500,
      delayMs: (h: string | null) => (delays.push(h), 1),
    };
    const got = await callJson(
      { url: base, method: 'POST', body: () => new URLSearchParams({ q: 'x' }), timeoutMs: 5000, retry },
      fail,
    );
    expect(got).toEqual([1]);
    expect(seen.map((s) => s.body)).toEqual(['q=x', 'q=x', 'q=x']);
    expect(delays).toEqual([null, null]);
  });

  it('reports an answer that is not JSON, and a connection that fails', async () => {
    answers = [reply(200, '<html>')];
    expect(await failure(callJson({ url: base, method: 'GET', timeoutMs: 5000 }, fail))).toEqual({
      kind: 'not-json',
      text: '<html>',
    });
    const down = await failure(
      callJson({ url: 'http://127.0.0.1:1/', method: 'GET', timeoutMs: 5000 }, fail),
    );
    expect(down).toMatchObject({ kind: 'request', timedOut: false, aborted: false });
  });

  it('tells a timeout from an abort of the caller', async () => {
    answers = [(_q, _b, res) => setTimeout(() => res.end('{}'), 500)];
    const slow = await failure(callJson({ url: base, method: 'GET', timeoutMs: 50 }, fail));
    expect(slow).toMatchObject({ kind: 'request', timedOut: true, aborted: false });
    const signal = AbortSignal.abort(new Error('stop'));
    const stopped = await failure(callJson({ url: base, method: 'GET', timeoutMs: 5000, signal }, fail));
    expect(stopped).toMatchObject({ kind: 'request', timedOut: false, aborted: true });
  });
});
