import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import type { SavedWebhook, Task, WebhookState } from '@subtrans/contract';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { expectFailure, expectSuccess } from '../../../test/support/http.js';
import { completedTaskOf, grantPoints, makeSrt, uploadSrt } from '../../../test/support/tasks.js';
import { startOpenAiServer } from '../../../test/support/translation-servers.js';
import { until } from '../../../test/support/until.js';
import { deliver, emitEvent } from './webhooks.service.js';

const KEY = 'webhook-engine-key';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver as a user would run one: records each POST and answers the next status of `answers`. */
async function startReceiver() {
  const received: Received[] = [];
  const answers: number[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(answers.shift() ?? 204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    answers,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('webhooks', () => {
  let t: TestApp;
  let engine: Awaited<ReturnType<typeof startOpenAiServer>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    engine = await startOpenAiServer(KEY);
    receiver = await startReceiver();
    // this app may send to the local receiver (loopback, http): the host rules are tested below
    t = await startTestApp({
      queue: true,
      env: {
        DEEPSEEK_API_KEY: KEY,
        DEEPSEEK_BASE_URL: engine.url,
        WEBHOOK_ALLOW_PRIVATE_HOSTS: 'true',
        WEBHOOK_RETRY_SECONDS: '1,1',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
    await engine.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.answers.length = 0;
    engine.setAlways(null);
  });

  const customer = async () => {
    const user = await t.signUp();
    expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: user.token }));
    await grantPoints(t, user.id, 500);
    const saved = expectSuccess<SavedWebhook>(
      await t.post('/webhook/set', { url: receiver.url }, { as: user.token }),
    );
    return { ...user, secret: saved.secret };
  };
  const stateOf = async (token: string) =>
    expectSuccess<WebhookState>(await t.post('/webhook/get', {}, { as: token }));

  it('signs task.completed to the Standard Webhooks scheme, once, and logs the delivery', async () => {
    const { token, secret } = await customer();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const task = await completedTaskOf(t, token, makeSrt(3));
    await until(() => receiver.received.length >= 1);
    const [got] = receiver.received;
    // a receiver holding the secret verifies it (id, timestamp and HMAC)
    const event = new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>) as {
      type: string;
      data: Task;
    };
    expect(event.type).toBe('task.completed');
    expect(event.data).toMatchObject({ id: task.id, status: 'completed', fileName: 'film.srt' });
    expect(got!.headers['webhook-id']).toMatch(/^msg_/);
    // a tampered body or another secret does not verify
    expect(() =>
      new Webhook(secret).verify(got!.body.replace('completed', 'failed'), got!.headers as never),
    ).toThrow();
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(got!.body, got!.headers as never),
    ).toThrow();

    const state = await stateOf(token);
    expect(state.endpoint?.url).toBe(receiver.url);
    expect(JSON.stringify(state)).not.toContain(secret.slice(6));
    await until(async () => (await stateOf(token)).deliveries[0]?.status === 'delivered');
    expect((await stateOf(token)).deliveries).toMatchObject([
      {
        id: got!.headers['webhook-id'],
        type: 'task.completed',
        status: 'delivered',
        attempts: 1,
        lastStatus: 204,
      },
    ]);
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.received).toHaveLength(1);
  });

  it('tells of a failed task, and tries again after a refusal with the same id', async () => {
    const { token, secret } = await customer();
    engine.setAlways('http500');
    receiver.answers.push(500, 503);
    const created = expectSuccess<Task>(await uploadSrt(t, token, { name: 'broken.srt', data: makeSrt(2) }));
    expectSuccess(await t.post('/task/start', { id: created.id }, { as: token }));
    await until(() => receiver.received.length >= 3, 60_000);
    const ids = new Set(receiver.received.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    for (const r of receiver.received) {
      const event = new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as {
        type: string;
      };
      expect(event.type).toBe('task.failed');
    }
    await until(async () => (await stateOf(token)).deliveries[0]?.status === 'delivered');
    expect((await stateOf(token)).deliveries[0]).toMatchObject({
      status: 'delivered',
      attempts: 3,
      lastStatus: 204,
    });
  });

  it('gives a delivery up once its tries are spent, and sends nothing without an endpoint', async () => {
    const { token, id } = await customer();
    receiver.answers.push(500, 500, 500);
    await t.ctx.db.tx((q) => emitEvent(t.ctx, q, id, 'task.completed', { id: 'x' }));
    await until(async () => (await stateOf(token)).deliveries[0]?.status === 'failed', 30_000);
    expect((await stateOf(token)).deliveries[0]).toMatchObject({
      attempts: 3,
      lastStatus: 500,
      lastError: 'HTTP 500',
    });
    expect(receiver.received).toHaveLength(3);

    expectSuccess(await t.post('/webhook/delete', {}, { as: token }));
    await t.ctx.db.tx((q) => emitEvent(t.ctx, q, id, 'task.completed', { id: 'y' }));
    expect((await stateOf(token)).deliveries).toHaveLength(1);
  });

  it('refuses private, loopback and link-local addresses and plain http, when set and when sent', async () => {
    const strict = await t.secondServer({ env: { WEBHOOK_ALLOW_PRIVATE_HOSTS: 'false' } });
    try {
      const user = await t.signUp();
      expectSuccess(await t.post('/user/update_profile', { language: 'en' }, { as: user.token }));
      const set = (url: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/webhook/set',
          headers: {
            'content-type': 'application/json',
            cookie: `user_sessionid=${user.token}`,
            origin: 'http://localhost:80',
          },
          payload: JSON.stringify({ url }),
        });
      for (const url of [
        'http://hooks.example.com/in',
        'https://user:pw@hooks.example.com/in',
        'ftp://x.example/in',
      ]) {
        expectFailure(await set(url), 42280, 422);
      }
      for (const url of [
        'https://127.0.0.1/in',
        'https://localhost:8443/in',
        'https://app.localhost/in',
        'https://[::1]/in',
        'https://[::ffff:127.0.0.1]/in',
        'https://10.0.0.5/in',
        'https://192.168.1.20/in',
        'https://169.254.169.254/latest/meta-data',
        'https://100.64.0.1/in',
        'https://[fd00::1]/in',
        'https://0.0.0.0/in',
      ]) {
        expect(envelopeCode(await set(url)), url).toBe(42281);
      }
      expectFailure(await set('https://no-such-host.invalid/in'), 42282, 422);
      // a public address is taken (a literal: no name to resolve here)
      expectSuccess(await set('https://93.184.215.14/in'));

      // set behind the rules' back (or a name that resolves elsewhere since): refused when sent
      for (const url of [`https://127.0.0.1:${receiver.port}/in`, `http://localhost:${receiver.port}/in`]) {
        await t.ctx.db.query('UPDATE webhook_endpoints SET url = $2 WHERE user_id = $1', [user.id, url]);
        const id = await strict.ctx.db.tx(async (q) => {
          await emitEvent({ ...strict.ctx, queue: null }, q, user.id, 'task.completed', { id: 'z' });
          const [row] = await q.query<{ id: string }>(
            'SELECT id FROM webhook_deliveries WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
            [user.id],
          );
          return row!.id;
        });
        await deliver({ ...strict.ctx, queue: null }, id);
        const [row] = await t.ctx.db.query<{ last_error: string; last_status: number | null }>(
          'SELECT last_error, last_status FROM webhook_deliveries WHERE id = $1',
          [id],
        );
        expect(row!.last_status, url).toBeNull();
        expect(row!.last_error, url).toMatch(/private address/);
      }
      expect(receiver.received).toEqual([]);
    } finally {
      await strict.close();
    }
  });
});

function envelopeCode(res: { json: <T>() => T }): number {
  return res.json<{ code: number }>().code;
}
