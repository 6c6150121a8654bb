import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentProvider, ProviderPayment } from './provider.js';

export interface AirwallexConfig {
  /** https://api.airwallex.com, or https://api-demo.airwallex.com for the demo environment */
  baseUrl: string;
  clientId: string;
  apiKey: string;
  /** the webhook endpoint's secret (Airwallex web app → Developer → Webhooks) */
  webhookSecret?: string | undefined;
  timeoutMs?: number;
  /** a webhook older (or newer) than this is refused (replays of captured requests) */
  webhookToleranceMs?: number;
}

export interface PaymentIntent {
  id: string;
  status: string;
  /** major units, as Airwallex sends them (e.g. 6.5) */
  amount: number;
  currency: string;
  merchant_order_id: string;
  client_secret?: string;
}

export interface WebhookEvent {
  id: string;
  name: string;
  created_at?: string;
  data: { object: PaymentIntent };
}

export type AirwallexProvider = PaymentProvider & {
  readonly name: 'airwallex';
  /** a PaymentIntent for an order; `requestId` makes a retried create return the same intent */
  createIntent(req: {
    requestId: string;
    orderNo: string;
    amount: string;
    currency: string;
    returnUrl: string;
  }): Promise<{ id: string; clientSecret: string; currency: string }>;
  retrieveIntent(id: string): Promise<PaymentIntent>;
  /**
   * Checks a webhook delivery: `x-signature` is the hex HMAC-SHA256 of `x-timestamp` + the raw
   * body with the endpoint's secret, and the timestamp is recent. Null when it is not genuine.
   */
  verifyWebhook(
    rawBody: string,
    timestamp: string | undefined,
    signature: string | undefined,
  ): WebhookEvent | null;
};

export class AirwallexError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Airwallex's verdict on an intent, in our terms. */
export function intentPayment(intent: PaymentIntent): ProviderPayment {
  return {
    state: intent.status === 'SUCCEEDED' ? 'paid' : intent.status === 'CANCELLED' ? 'closed' : 'waiting',
    rawStatus: intent.status,
    amount: Number.isFinite(intent.amount) ? Number(intent.amount).toFixed(2) : null,
    currency: intent.currency ?? null,
    providerRef: intent.id,
  };
}

/**
 * Airwallex payment acceptance over its REST API: a bearer token from /api/v1/authentication/login
 * (client id + API key), cached until shortly before it expires and renewed once on a 401;
 * PaymentIntents created and retrieved; webhook signatures checked.
 */
export function airwallexProvider(config: AirwallexConfig): AirwallexProvider {
  const base = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  const tolerance = config.webhookToleranceMs ?? 5 * 60_000;
  let token: { value: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function login(): Promise<string> {
    const res = await fetch(`${base}/api/v1/authentication/login`, {
      method: 'POST',
      headers: {
        'x-client-id': config.clientId,
        'x-api-key': config.apiKey,
        'content-type': 'application/json',
      },
      body: '{}',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new AirwallexError(`Airwallex login failed with HTTP ${res.status}`, res.status);
    const body = (await res.json()) as { token?: string; expires_at?: string };
    if (!body.token) throw new AirwallexError('Airwallex login answered without a token', 502);
    const expires = body.expires_at ? Date.parse(body.expires_at) : NaN;
    // renew a minute early; a token without a readable expiry is kept for 20 minutes
    token = {
      value: body.token,
      expiresAt: (Number.isFinite(expires) ? expires : Date.now() + 20 * 60_000) - 60_000,
    };
    return body.token;
  }

  function bearer(renew = false): Promise<string> {
    if (!renew && token && token.expiresAt > Date.now()) return Promise.resolve(token.value);
    // concurrent callers share one login
    pending ??= login().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${await bearer(attempt > 0)}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (res.status === 401 && attempt === 0) {
        token = null;
        continue;
      }
      const text = await res.text();
      if (!res.ok) {
        let detail = text.slice(0, 200);
        try {
          const e = JSON.parse(text) as { code?: string; message?: string };
          detail = `${e.code ?? ''} ${e.message ?? ''}`.trim();
        } catch {
          // not JSON: the start of the body says enough
        }
        throw new AirwallexError(
          `Airwallex ${method} ${path} failed with HTTP ${res.status}: ${detail}`,
          res.status,
        );
      }
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new AirwallexError(`Airwallex ${method} ${path} answered something that is not JSON`, 502);
      }
    }
  }

  const retrieveIntent = async (id: string) => {
    const intent = await call<PaymentIntent>('GET', `/api/v1/pa/payment_intents/${encodeURIComponent(id)}`);
    if (intent.id !== id) throw new AirwallexError('Airwallex answered about another payment intent', 502);
    return intent;
  };

  return {
    name: 'airwallex',
    async createIntent(req) {
      const intent = await call<PaymentIntent>('POST', '/api/v1/pa/payment_intents/create', {
        request_id: req.requestId,
        amount: Number(req.amount),
        currency: req.currency,
        merchant_order_id: req.orderNo,
        return_url: req.returnUrl,
      });
      if (!intent.id || !intent.client_secret)
        throw new AirwallexError('Airwallex created an intent without id or client_secret', 502);
      return { id: intent.id, clientSecret: intent.client_secret, currency: intent.currency };
    },
    retrieveIntent,
    async queryPayment(order) {
      if (!order.providerRef) return null;
      const intent = await retrieveIntent(order.providerRef);
      if (intent.merchant_order_id !== order.orderNo)
        throw new AirwallexError('the payment intent belongs to another order', 502);
      return intentPayment(intent);
    },
    verifyWebhook(rawBody, timestamp, signature) {
      if (!config.webhookSecret || !timestamp || !signature) return null;
      const ts = Number(timestamp);
      if (!Number.isFinite(ts) || Math.abs(Date.now() - ts) > tolerance) return null;
      const expected = createHmac('sha256', config.webhookSecret)
        .update(timestamp + rawBody)
        .digest();
      const given = Buffer.from(signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const event = JSON.parse(rawBody) as WebhookEvent;
        return event && typeof event.id === 'string' && typeof event.name === 'string' ? event : null;
      } catch {
        return null;
      }
    },
  };
}
