import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { s3Storage } from './s3-storage.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  socket: Socket;
}

type Answer = (res: ServerResponse, req: IncomingMessage) => void;

const xmlError =
  (status: number, code: string, message: string): Answer =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/xml' });
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
  };
const okEmpty: Answer = (res) => res.writeHead(200, { etag: '"e"' }).end();

/**
 * The S3 adapter's own transport against a local server that answers S3 calls from a script
 * (S3's XML errors, 5xx, silence, a dropped keep-alive socket): what s3rver cannot be made to do.
 */
describe('S3 calls: retries, time limit, the request as sent', () => {
  let server: Server;
  let endpoint: string;
  let script: Answer[] = [];
  let seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      void text(req).then((body) => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body, socket: req.socket });
        (script.shift() ?? okEmpty)(res, req);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.address();
    endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => {
    script = [];
    seen = [];
  });

  const storage = (timeoutMs?: number) =>
    s3Storage({
      endpoint,
      bucket: 'b',
      region: 'us-east-1',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      forcePathStyle: true,
      ...(timeoutMs ? { timeoutMs } : {}),
    });

  it('sends a PUT signed with SigV4 and its length stated once, body intact', async () => {
    const body = Buffer.from('1\n00:00:01,000 --> 00:00:02,000\n你好\n');
    await storage().put('translated-files/x.srt', body);
    expect(seen).toHaveLength(1);
    const [put] = seen;
    expect(put).toMatchObject({ method: 'PUT', url: '/b/translated-files/x.srt', body: body.toString() });
    expect(put!.headers['content-length']).toBe(String(body.length));
    expect(put!.headers['transfer-encoding']).toBeUndefined();
    expect(put!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AK\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(put!.headers['x-amz-content-sha256']).toBe('UNSIGNED-PAYLOAD');
  });

  it('tries a 503 and a 429 again and succeeds on the third attempt, sending the same body each time', async () => {
    script = [xmlError(503, 'SlowDown', 'Reduce your request rate.'), xmlError(429, 'TooManyRequests', 'x')];
    await storage().put('avatars/1/a.png', Buffer.from('png-bytes'));
    expect(seen.map((s) => [s.method, s.body, s.headers['content-length']])).toEqual([
      ['PUT', 'png-bytes', '9'],
      ['PUT', 'png-bytes', '9'],
      ['PUT', 'png-bytes', '9'],
    ]);
  });

  it('gives up after three 500s with the storage’s own words; a 403 is not tried again', async () => {
    const internal = xmlError(500, 'InternalError', 'We encountered an internal error.');
    script = [internal, internal, internal];
    await expect(storage().put('a/b.txt', Buffer.from('x'))).rejects.toThrow(
      'S3 PUT a/b.txt: HTTP 500 InternalError: We encountered an internal error.',
    );
    expect(seen).toHaveLength(3);
    seen = [];
    script = [xmlError(403, 'AccessDenied', 'Access Denied')];
    await expect(storage().delete('a/b.txt')).rejects.toThrow('S3 DELETE a/b.txt: HTTP 403 AccessDenied');
    expect(seen).toHaveLength(1);
  });

  it('stops at its time limit with an error that names the call', async () => {
    script = [() => undefined];
    await expect(storage(300).get('a/slow.txt')).rejects.toThrow(/^S3 GET a\/slow\.txt: .*timeout/);
  });

  it('sends a call again when the storage had closed the kept-alive socket it went out on', async () => {
    const s = storage();
    await s.put('a/1.txt', Buffer.from('one'));
    // the storage drops the connection it kept open, as idle ones are, when the next call arrives
    script = [(res) => res.socket?.destroy()];
    await s.put('a/2.txt', Buffer.from('two'));
    expect(seen.map((x) => [x.url, x.body])).toEqual([
      ['/b/a/1.txt', 'one'],
      ['/b/a/2.txt', 'two'],
      ['/b/a/2.txt', 'two'],
    ]);
    expect(seen[1]!.socket).toBe(seen[0]!.socket);
    expect(seen[2]!.socket).not.toBe(seen[0]!.socket);
  });

  it('reads an object as a stream with its size, and a missing one as null', async () => {
    script = [
      (res) => res.writeHead(200, { 'content-length': '5' }).end('hello'),
      xmlError(404, 'NoSuchKey', 'x'),
    ];
    const found = await storage().get('a/b.txt');
    expect(found?.size).toBe(5);
    expect(await text(found!.body)).toBe('hello');
    expect(await storage().get('a/none.txt')).toBeNull();
  });
});
