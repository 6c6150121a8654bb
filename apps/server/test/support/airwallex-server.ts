import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that follows Airwallex's payment acceptance API:
 * - POST /api/v1/authentication/login (x-client-id, x-api-key) → {token, expires_at};
 * - POST /api/v1/pa/payment_intents/create (Bearer; request_id is the idempotency key) → intent;
 * - GET  /api/v1/pa/payment_intents/{id} (Bearer) → intent;
 * and builds webhook deliveries signed as Airwallex signs them (hex HMAC-SHA256 of x-timestamp +
 * body with the endpoint's secret), for the test to deliver.
 */
export interface Intent {
  id: string;
  request_id: string;
  amount: number;
  currency: string;
  merchant_order_id: string;
  status: string;
  client_secret: string;
  return_url?: string;
  created_at: string;
}

async function jsonOf(req: IncomingMessage): Promise<Record<string, string | number | undefined>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, string | number | undefined>) : {};
}

export async function startAirwallexServer(
  opts: { clientId?: string; apiKey?: string; webhookSecret?: string } = {},
) {
  const clientId = opts.clientId ?? 'test-client-id';
  const apiKey = opts.apiKey ?? 'test-api-key';
  const webhookSecret = opts.webhookSecret ?? `whsec_${randomBytes(12).toString('hex')}`;
  const tokens = new Set<string>();
  const intents = new Map<string, Intent>();
  const byRequest = new Map<string, Intent>();
  const calls: { method: string; path: string; auth: boolean }[] = [];
  let logins = 0;
  /** answers to fail with this HTTP status (consumed one per call) */
  const failures: number[] = [];

  const server = createServer((req, res) => {
    void (async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const url = new URL(req.url ?? '/', 'http://airwallex');
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      calls.push({ method: req.method ?? '', path: url.pathname, auth: tokens.has(token) });
      if (req.method === 'POST' && url.pathname === '/api/v1/authentication/login') {
        if (req.headers['x-client-id'] !== clientId || req.headers['x-api-key'] !== apiKey)
          return send(401, { code: 'credentials_invalid', message: 'Access denied, authentication failed' });
        logins += 1;
        const t = randomBytes(16).toString('hex');
        tokens.add(t);
        return send(201, { token: t, expires_at: new Date(Date.now() + 30 * 60_000).toISOString() });
      }
      if (!tokens.has(token)) return send(401, { code: 'unauthorized', message: 'Access denied' });
      const failure = failures.shift();
      if (failure) return send(failure, { code: 'internal_error', message: 'Something went wrong' });

      if (req.method === 'POST' && url.pathname === '/api/v1/pa/payment_intents/create') {
        const body = await jsonOf(req);
        const requestId = String(body.request_id ?? '');
        if (!requestId || typeof body.amount !== 'number' || !body.currency || !body.merchant_order_id)
          return send(400, {
            code: 'validation_error',
            message: 'request_id, amount, currency and merchant_order_id are required',
          });
        const again = byRequest.get(requestId);
        if (again) return send(201, again);
        const intent: Intent = {
          id: `int_${randomBytes(10).toString('hex')}`,
          request_id: requestId,
          amount: body.amount,
          currency: String(body.currency),
          merchant_order_id: String(body.merchant_order_id),
          status: 'REQUIRES_PAYMENT_METHOD',
          client_secret: `cs_${randomUUID()}`,
          ...(body.return_url ? { return_url: String(body.return_url) } : {}),
          created_at: new Date().toISOString(),
        };
        intents.set(intent.id, intent);
        byRequest.set(requestId, intent);
        return send(201, intent);
      }
      const m = /^\/api\/v1\/pa\/payment_intents\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const intent = intents.get(decodeURIComponent(m[1]!));
        return intent
          ? send(200, intent)
          : send(404, { code: 'resource_not_found', message: 'The requested resource was not found' });
      }
      send(404, { code: 'resource_not_found', message: 'not found' });
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    clientId,
    apiKey,
    webhookSecret,
    intents,
    calls,
    logins: () => logins,
    /** every token issued so far stops working (they expired) */
    expireTokens: () => tokens.clear(),
    failNext: (status: number) => failures.push(status),
    setStatus(id: string, status: string) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = status;
    },
    /**
     * A webhook delivery for an intent: its body and the x-timestamp / x-signature headers.
     * `at` dates it (stale deliveries), `secret` signs with another secret (a forger).
     */
    webhook(
      id: string,
      name: string,
      options: { at?: number; secret?: string; eventId?: string; object?: Partial<Intent> } = {},
    ) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      const body = JSON.stringify({
        id: options.eventId ?? `evt_${randomBytes(10).toString('hex')}`,
        name,
        account_id: 'acct_test',
        created_at: new Date().toISOString(),
        data: { object: { ...intent, ...options.object } },
      });
      const timestamp = String(options.at ?? Date.now());
      const signature = createHmac('sha256', options.secret ?? webhookSecret)
        .update(timestamp + body)
        .digest('hex');
      return {
        body,
        headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signature },
      };
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export type AirwallexServer = Awaited<ReturnType<typeof startAirwallexServer>>;
