/**
 * The BUILT server (dist/main.js, as `npm start` runs it) on S3-compatible storage (s3rver), with
 * Alipay configured so alipay-sdk and its undici are loaded as in production. The unbundled tests
 * could not see it: in the bundle, every S3 write failed with "invalid content-length header".
 * No browser: the browser's part of each flow (presigned PUTs and GETs) is done with fetch.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { AwsClient } from 'aws4fetch';
import { parseSrt } from '@subtrans/subtitles';
import { startAlipayGateway, type AlipayGateway } from '../../apps/server/test/support/alipay-gateway.js';
import { S3_TEST_CREDENTIALS } from '../../apps/server/test/support/s3-server.js';
import { startTranscriptionServer } from '../../apps/server/test/support/transcription-server.js';
import { fakeTranslate, startOpenAiServer } from '../../apps/server/test/support/translation-servers.js';
import {
  FETCH_DISPATCHER_PROBE,
  scratchDir,
  startBuiltServer,
  startS3rver,
  type BuiltServer,
} from '../support/built-server.js';
import { englishSrt } from '../support/points.js';

const ADMIN = { email: 'admin@deploy-s3.test', password: 'deploy-s3-pass' };
const ENGINE_KEY = 'deploy-s3-engine-key';
/** a 1×1 PNG */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

type Multipart = NonNullable<Parameters<APIRequestContext['post']>[1]>['multipart'];

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

test.describe('the built server on S3-compatible storage', () => {
  let dir: string;
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let speech: Awaited<ReturnType<typeof startTranscriptionServer>>;
  let gateway: AlipayGateway;
  let server: BuiltServer;
  let api: APIRequestContext;
  /** the bucket as an S3 client sees it, apart from the product */
  let bucket: AwsClient;

  test.beforeAll(async () => {
    // a slow start on a loaded machine is waited for, not failed
    test.setTimeout(240_000);
    dir = scratchDir('deploy-s3-');
    [s3, engine, speech, gateway] = await Promise.all([
      startS3rver(),
      startOpenAiServer(ENGINE_KEY),
      startTranscriptionServer(),
      startAlipayGateway(),
    ]);
    bucket = new AwsClient({ ...S3_TEST_CREDENTIALS, service: 's3', region: 'us-east-1' });
    server = await startBuiltServer(
      {
        ...s3.env,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        DEEPSEEK_API_KEY: ENGINE_KEY,
        DEEPSEEK_BASE_URL: engine.url,
        // the direct upload of media is offered only with speech recognition configured
        STT_BASE_URL: speech.baseUrl,
        ALIPAY_APP_ID: gateway.appId,
        ALIPAY_PRIVATE_KEY: gateway.appPrivateKey,
        ALIPAY_PUBLIC_KEY: gateway.alipayPublicKey,
        ALIPAY_GATEWAY: gateway.url,
        ALIPAY_SELLER_ID: gateway.sellerId,
        PRODUCTS: JSON.stringify([{ id: 7, points: 300, priceCny: 30, priceUsd: 4.5 }]),
        SIGNUP_POINTS: '0',
      },
      { dir, nodeArgs: ['--import', FETCH_DISPATCHER_PROBE], timeoutMs: 180_000 },
    );
    api = await request.newContext({ baseURL: server.url, extraHTTPHeaders: { Origin: server.url } });
    const login = await api.post('/email/auth', { data: { email: ADMIN.email, pass: ADMIN.password } });
    expect(login.ok(), await login.text()).toBe(true);
  });

  test.afterAll(async () => {
    await api?.dispose();
    await server?.stop();
    await Promise.all([s3?.close(), engine?.close(), speech?.close(), gateway?.close()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** a call of ours; fails the test, quoting the server's log, unless it answers 20000 */
  async function call<T>(path: string, body: { data?: unknown; multipart?: Multipart }) {
    const res = await api.post(path, body);
    const answer = (await res.json()) as Envelope<T>;
    expect(answer.code, `${path}: ${answer.msg}\n${server.log().slice(-3000)}`).toBe(20000);
    return answer.data;
  }

  const objectUrl = (key: string) => `${s3.endpoint}/${s3.bucket}/${key}`;

  test('stores an avatar in the bucket and serves it back from there', async () => {
    const { url } = await call<{ url: string }>('/api/upload', {
      multipart: { avatar: { name: 'me.png', mimeType: 'image/png', buffer: PNG } },
    });
    expect(url).toMatch(/^\/files\/avatars\/\d+\/\d+_[0-9a-f]{12}\.png$/);
    const stored = await bucket.fetch(objectUrl(url.slice('/files/'.length)));
    expect(stored.status).toBe(200);
    expect(Buffer.from(await stored.arrayBuffer()).equals(PNG)).toBe(true);
    // the server reads it back from the bucket
    const served = await api.get(url);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect((await served.body()).equals(PNG)).toBe(true);
  });

  test('stores the translated SRT of a task in the bucket', async () => {
    const me = await call<{ id: number }>('/user/profile', { data: {} });
    await call('/user/grant_points', { data: { userId: me.id, points: 100, note: 'deploy-s3' } });
    const srt = englishSrt(3);
    const task = await call<{ id: string }>('/task/create', {
      multipart: {
        targetLanguage: 'fr',
        file: { name: 'scene.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(srt) },
      },
    });
    await call('/task/start', { data: { id: task.id } });
    let done: { status: string; uploadError: string | null } | undefined;
    await expect
      .poll(
        async () => {
          done = await call<{ status: string; uploadError: string | null }>('/task/get', {
            data: { id: task.id },
          });
          return done.status;
        },
        { timeout: 30_000 },
      )
      .toBe('completed');
    expect(done?.uploadError).toBeNull();
    const listing = await (
      await bucket.fetch(`${s3.endpoint}/${s3.bucket}?list-type=2&prefix=translated-files/`)
    ).text();
    const keys = [...listing.matchAll(/<Key>([^<]+)<\/Key>/g)].map((m) => m[1]!);
    expect(keys).toHaveLength(1);
    const stored = await bucket.fetch(objectUrl(keys[0]!));
    expect(stored.status).toBe(200);
    // each line as the engine translated it (laid out over lines for French), at its own time
    const cues = parseSrt(await stored.text());
    expect(cues.map((c) => [c.startMs, c.endMs, c.text.replace(/\s+/g, ' ')])).toEqual(
      parseSrt(srt).map((c) => [c.startMs, c.endMs, fakeTranslate(c.text, 'fr')]),
    );
  });

  test('takes a media upload in presigned parts straight to the bucket and plays it back with Range', async () => {
    const bytes = randomBytes(6 * 1024 * 1024 + 4321);
    const ticket = await call<{ uploadId: string; partSize: number; partCount: number }>(
      '/file/sts-credentials',
      { data: { fileName: 'clip.mp4', size: bytes.length, contentType: 'video/mp4', type: 2 } },
    );
    expect(ticket.partCount).toBe(Math.ceil(bytes.length / ticket.partSize));
    const { urls } = await call<{ urls: { partNumber: number; url: string }[] }>('/file/upload_parts', {
      data: {
        uploadId: ticket.uploadId,
        partNumbers: Array.from({ length: ticket.partCount }, (_, i) => i + 1),
      },
    });
    const parts = [];
    for (const { partNumber, url } of urls) {
      // the browser's PUT: straight to the bucket, never through the server
      expect(url.startsWith(`${s3.endpoint}/`)).toBe(true);
      const put = await fetch(url, {
        method: 'PUT',
        body: bytes.subarray((partNumber - 1) * ticket.partSize, partNumber * ticket.partSize),
      });
      expect(put.status, await put.clone().text()).toBe(200);
      parts.push({ partNumber, etag: put.headers.get('etag')! });
    }
    const done = await call<{ objectKey: string; size: number }>('/file/complete_upload', {
      data: { uploadId: ticket.uploadId, parts },
    });
    expect(done.size).toBe(bytes.length);
    const link = await call<{ url: string }>('/file/sts-down-credentials', {
      data: { objectKey: done.objectKey },
    });
    expect(link.url.startsWith(`${s3.endpoint}/`)).toBe(true);
    const ranged = await fetch(link.url, { headers: { range: 'bytes=5242870-5242899' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(5242870, 5242900))).toBe(true);
    const whole = await fetch(link.url);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
  });

  test('asks Alipay about an order through alipay-sdk, loaded in the built server', async () => {
    const checkout = await call<{ url: string; orderId: string }>('/alipay/create_alipay_url', {
      data: { id: 7, amount: 30 },
    });
    // the buyer opens the cashier, so the gateway knows the trade, and pays
    expect((await fetch(checkout.url)).status).toBe(200);
    gateway.setStatus(checkout.orderId, 'TRADE_SUCCESS');
    const status = await call<{ status: string }>('/alipay/query_order', {
      data: { outTradeNo: checkout.orderId },
    });
    expect(status.status).toBe('TRADE_SUCCESS');
    expect(gateway.requests.at(-1)).toMatchObject({ method: 'alipay.trade.query', verified: true });
  });

  test('kept Node’s own fetch dispatcher to the end: alipay-sdk’s undici never replaced it', async () => {
    expect(await server.stop()).toBe(0);
    expect(server.log()).toContain('fetch dispatcher at exit: node\n');
  });
});
